// Staff sign-in, second step: the six-digit code of the member's authenticator app (RFC 6238) or
// one of their recovery codes. The half-open session from the password step is swapped for a
// new one, so its cookie is worth nothing afterwards.
import { Link, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import { completeStaffSignIn } from "../../../core/staff/sign-in";
import { CodeField, ConsoleForm, FormNotice } from "../../components/admin/Fields";
import { SignInFrame } from "../../components/admin/SignInFrame";
import { consoleMeta, consoleNext, formText } from "../../lib/console";
import { clientOf, formResult, pendingStaffSession, staffCookie } from "../../lib/staff.server";
import type { Route } from "./+types/login-code";

export const meta = () => consoleMeta("Two-step sign in");

export async function loader({ request, context }: Route.LoaderArgs) {
  if (!(await pendingStaffSession(request, context))) throw redirect("/admin/login");
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const pending = await pendingStaffSession(request, context);
  if (!pending) throw redirect("/admin/login");
  const next = consoleNext(new URL(request.url).searchParams.get("next"));
  return formResult(async () => {
    const signedIn = await completeStaffSignIn(
      context.core,
      pending.token,
      formText(form, "code"),
      clientOf(request, context.clientIp),
    );
    return redirect(next, { headers: { "set-cookie": staffCookie(request, signedIn.token) } });
  });
}

export default function ConsoleLoginCode() {
  const answer = useActionData<typeof action>();
  const [params] = useSearchParams();
  const busy = useNavigation().state === "submitting";
  const next = params.get("next");
  return (
    <SignInFrame title="Two-step sign in" intro="Enter the six-digit code your authenticator app shows for this store.">
      <ConsoleForm
        answer={answer}
        method="post"
        action={next ? `/admin/login/code?next=${encodeURIComponent(next)}` : "/admin/login/code"}
        className="mt-8 space-y-5"
        aria-label="Two-step code"
      >
        <FormNotice />
        <CodeField label="Code" hint="Lost your phone? Enter one of your recovery codes instead." />
        <button type="submit" disabled={busy} className="btn-primary w-full">
          {busy ? "Checking…" : "Continue"}
        </button>
      </ConsoleForm>
      <p className="mt-6 text-center text-sm">
        <Link to="/admin/login" className="text-stone-600 underline underline-offset-4">
          Start again
        </Link>
      </p>
    </SignInFrame>
  );
}
