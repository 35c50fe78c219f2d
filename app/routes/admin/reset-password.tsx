// The console's page of a staff reset link (decision 0097): the member chooses a new password and
// is signed in, going on to the two-step code page when two-step is on. Opening the page spends
// nothing (mail scanners open links); only the form post does. The token is in the query
// (/admin/reset-password?token=…), as on the welcome page: the console's door spells console paths
// in lower case before routing (decision 0085), which would change a token in the path, while the
// query is kept as sent. The page works from any mail app without JavaScript (the form posts back
// to its own address, query included), and sends no Referer to other sites.
import { data, Link, redirect, useActionData, useLoaderData } from "react-router";
import { RESET_LINK_EXPIRED, RESET_LINK_UNKNOWN, RESET_LINK_USED } from "../../../core/accounts/password-reset";
import { invalid } from "../../../core/shared/errors";
import { checkStaffResetLink, resetStaffPassword } from "../../../core/staff/password-reset";
import { NewPasswordForm } from "../../components/admin/NewPasswordForm";
import { SignInFrame } from "../../components/admin/SignInFrame";
import { consoleMeta, formText, linkTokenOf } from "../../lib/console";
import { LINK_PAGE_HEADERS } from "../../lib/private-page";
import { clientOf, formResult, staffCookie } from "../../lib/staff.server";
import type { Route } from "./+types/reset-password";

export const meta = () => consoleMeta("Choose a new password");

const REFUSED = { used: RESET_LINK_USED, expired: RESET_LINK_EXPIRED, unknown: RESET_LINK_UNKNOWN } as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const state = await checkStaffResetLink(context.core, linkTokenOf(request));
  if (state === "valid") return data({ refused: null }, { headers: LINK_PAGE_HEADERS });
  return data({ refused: REFUSED[state] }, { status: state === "unknown" ? 404 : 410, headers: LINK_PAGE_HEADERS });
}

export const headers = () => LINK_PAGE_HEADERS;

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const password = formText(form, "password");
  return formResult(async () => {
    if (password !== formText(form, "confirm")) throw invalid("The two passwords are not the same.");
    const { token, pendingSecondFactor } = await resetStaffPassword(
      context.core,
      linkTokenOf(request),
      password,
      clientOf(request, context.clientIp),
    );
    // the console's guard sends a member who owes two-step set-up on to their account page
    return redirect(pendingSecondFactor ? "/admin/login/code" : "/admin", {
      headers: { "set-cookie": staffCookie(request, token), ...LINK_PAGE_HEADERS },
    });
  });
}

export default function ConsoleResetPassword() {
  const { refused } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  if (refused) {
    return (
      <SignInFrame title="This link no longer works" intro={refused}>
        <p className="mt-6 text-center text-sm">
          <Link to="/admin/forgot-password" className="underline underline-offset-4">
            Email me a new link
          </Link>
        </p>
      </SignInFrame>
    );
  }
  return (
    <SignInFrame
      title="Choose a new password"
      intro="For your back office account. You are signed out everywhere else."
    >
      <NewPasswordForm label="Choose a new password" answer={answer} />
    </SignInFrame>
  );
}
