// The form that ends a link which sets a staff member's password: the owner's sign-in link and a
// reset link by email (decision 0097) ask the same two fields and sign the member in.
import { useNavigation } from "react-router";
import { PASSWORD_RULE_MESSAGE } from "../../../core/accounts/form-rules";
import { ConsoleForm, FormNotice, PasswordInput } from "./Fields";

/** `answer`: the action's answer (a refused password under its field, anything else at the top). */
export function NewPasswordForm({ label, answer }: { label: string; answer: unknown }) {
  const busy = useNavigation().state === "submitting";
  return (
    <ConsoleForm answer={answer} method="post" className="mt-8 space-y-5" aria-label={label}>
      <FormNotice />
      <PasswordInput name="password" label="New password" autoComplete="new-password" hint={PASSWORD_RULE_MESSAGE} />
      <PasswordInput name="confirm" label="New password again" autoComplete="new-password" />
      <button type="submit" disabled={busy} className="btn-primary w-full">
        {busy ? "Saving…" : "Save and sign in"}
      </button>
    </ConsoleForm>
  );
}
