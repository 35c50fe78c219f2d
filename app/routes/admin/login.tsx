// Staff sign-in, first step (decision 0053): email and password, with the shoppers' limits
// counted apart. A member with two-step sign-in goes on to the code page with a half-open session
// that opens nothing else. "Forgot your password?" leads to a reset link by email (decision
// 0097). The form posts without script.
import { Link, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import { signInStaff } from "../../../core/staff/sign-in";
import { findStaffSession } from "../../../core/staff/sessions";
import { Notice, actionError } from "../../components/admin/Notice";
import { ConsoleForm, FormNotice, PasswordInput, TextField } from "../../components/admin/Fields";
import { SignInFrame } from "../../components/admin/SignInFrame";
import { consoleMeta, consoleNext, formText } from "../../lib/console";
import { clientOf, formResult, staffCookie, staffToken } from "../../lib/staff.server";
import type { Route } from "./+types/login";

export const meta = () => consoleMeta("Sign in");

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = staffToken(request);
  const next = consoleNext(new URL(request.url).searchParams.get("next"));
  // already signed in: straight on
  if (token && (await findStaffSession(context.core, token, "console", clientOf(request, context.clientIp)))) {
    throw redirect(next);
  }
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const next = consoleNext(new URL(request.url).searchParams.get("next"));
  return formResult(async () => {
    const signedIn = await signInStaff(
      context.core,
      { email: formText(form, "email"), password: formText(form, "password") },
      "console",
      clientOf(request, context.clientIp),
    );
    const to = signedIn.pendingSecondFactor ? `/admin/login/code?next=${encodeURIComponent(next)}` : next;
    return redirect(to, { headers: { "set-cookie": staffCookie(request, signedIn.token) } });
  });
}

export default function ConsoleLogin() {
  const result = useActionData<typeof action>();
  const error = actionError(result);
  const [params] = useSearchParams();
  const busy = useNavigation().state === "submitting";
  const next = params.get("next");
  return (
    <SignInFrame title="Staff sign in" intro="Sign in with the email and password of your staff account.">
      <ConsoleForm
        answer={result}
        method="post"
        action={next ? `/admin/login?next=${encodeURIComponent(next)}` : "/admin/login"}
        className="mt-8 space-y-5"
        aria-label="Staff sign in"
      >
        <FormNotice />
        {!error && params.has("signed_out") && <Notice kind="success">You have signed out.</Notice>}
        <TextField
          name="email"
          label="Email"
          type="email"
          autoComplete="username"
          inputMode="email"
          maxLength={254}
          required
        />
        <PasswordInput name="password" label="Password" autoComplete="current-password" />
        <button type="submit" disabled={busy} className="btn-primary w-full">
          {busy ? "Signing In…" : "Sign In"}
        </button>
      </ConsoleForm>
      <p className="mt-6 text-center text-sm">
        <Link to="/admin/forgot-password" className="text-stone-700 underline underline-offset-4">
          Forgot your password?
        </Link>
      </p>
    </SignInFrame>
  );
}
