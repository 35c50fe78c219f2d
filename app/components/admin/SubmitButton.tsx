// A console form's submit button, shut while a form of the page is being sent, so a second press
// never sends the same move twice. Primary unless `secondary`; name and value when a form has
// several buttons.
import { useNavigation } from "react-router";

export function SubmitButton({
  children,
  secondary,
  name,
  value,
}: {
  children: React.ReactNode;
  secondary?: boolean;
  name?: string;
  value?: string;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <button
      type="submit"
      name={name}
      value={value}
      disabled={busy}
      className={secondary ? "btn-secondary" : "btn-primary"}
    >
      {children}
    </button>
  );
}
