// A staff member who forgot the password (decision 0097): the email of the staff account, and a
// link by email to the console's own reset page. The answer is the same sentence, after the same
// work, whether or not the address has an account (decision 0087); staff never get a WhatsApp
// code. A plain form post, so it works without JavaScript.
import { Link, useActionData, useNavigation } from "react-router";
import { requestPasswordReset } from "../../../core/accounts/password-reset";
import { ConsoleForm, FormNotice, TextField } from "../../components/admin/Fields";
import { Notice } from "../../components/admin/Notice";
import { SignInFrame } from "../../components/admin/SignInFrame";
import { consoleMeta, formText } from "../../lib/console";
import { formResult } from "../../lib/staff.server";
import type { Route } from "./+types/forgot-password";

export const meta = () => consoleMeta("Forgot your password?");

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  return formResult(async () => {
    const { detail } = await requestPasswordReset(
      context.core,
      { email: formText(form, "email"), channel: "email" },
      // the same per-client limit as the shop's page: one door, counted once
      { ip: context.clientIp },
      { whatsapp: false },
    );
    return { sent: detail };
  });
}

export default function ConsoleForgotPassword() {
  const result = useActionData<typeof action>();
  const sent = result && "sent" in result ? String(result.sent) : null;
  const busy = useNavigation().state === "submitting";
  return (
    <SignInFrame
      title="Forgot your password?"
      intro="Type the email of your staff account. We will email you a link to choose a new password."
    >
      <ConsoleForm answer={result} method="post" className="mt-8 space-y-5" aria-label="Email me a link">
        <FormNotice />
        {sent && <Notice kind="success">{sent}</Notice>}
        <TextField
          name="email"
          label="Email"
          type="email"
          autoComplete="username"
          inputMode="email"
          maxLength={254}
          required
        />
        <button type="submit" disabled={busy} className="btn-primary w-full">
          {busy ? "Sending…" : "Email me a link"}
        </button>
      </ConsoleForm>
      <p className="mt-6 text-center text-sm text-stone-600">
        If you use two-step sign-in, the code from your app is still asked after the new password.{" "}
        <Link to="/admin/login" className="underline underline-offset-4">
          Back to sign in
        </Link>
      </p>
    </SignInFrame>
  );
}
