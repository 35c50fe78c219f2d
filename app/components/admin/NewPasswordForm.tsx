// The form that ends a link which sets a staff member's password: the owner's sign-in link and a
// reset link by email (decision 0097) ask the same two fields and sign the member in.
import { Form, useNavigation } from "react-router";
import { PASSWORD_RULE_MESSAGE } from "../../../core/accounts/form-rules";
import { PasswordInput } from "./Fields";
import { Notice } from "./Notice";

export function NewPasswordForm({ label, error }: { label: string; error: string | null }) {
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" className="mt-8 space-y-5" aria-label={label}>
      {error && <Notice kind="error">{error}</Notice>}
      <PasswordInput name="password" label="New password" autoComplete="new-password" hint={PASSWORD_RULE_MESSAGE} />
      <PasswordInput name="confirm" label="New password again" autoComplete="new-password" />
      <button type="submit" disabled={busy} className="btn-primary w-full">
        {busy ? "Saving…" : "Save and sign in"}
      </button>
    </Form>
  );
}
