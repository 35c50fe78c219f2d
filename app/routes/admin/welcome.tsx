// A new member's one-time sign-in link (decision 0086): they choose their password here and
// are signed in. The link works once, for a few days, and only while the member is active. It
// ends every other session of the account, and a member with two-step sign-in on goes on to the
// code page as after a password (decision 0086).
import { redirect, useActionData, useLoaderData } from "react-router";
import { invalid } from "../../../core/shared/errors";
import { acceptStaffInvitation, findInvitation } from "../../../core/staff/invitations";
import { NewPasswordForm } from "../../components/admin/NewPasswordForm";
import { SignInFrame } from "../../components/admin/SignInFrame";
import { consoleMeta, formText, linkTokenOf } from "../../lib/console";
import { clientOf, formResult, staffCookie } from "../../lib/staff.server";
import type { Route } from "./+types/welcome";

export const meta = () => consoleMeta("Welcome");

export async function loader({ request, context }: Route.LoaderArgs) {
  const found = await findInvitation(context.core, linkTokenOf(request));
  return found ? { firstName: found.firstName, email: found.email } : null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const password = formText(form, "password");
  return formResult(async () => {
    if (password !== formText(form, "confirm")) throw invalid("The two passwords are not the same.");
    const { token, pendingSecondFactor } = await acceptStaffInvitation(
      context.core,
      linkTokenOf(request),
      password,
      clientOf(request, context.clientIp),
    );
    // the console's guard sends a member who owes two-step set-up on to their account page
    return redirect(pendingSecondFactor ? "/admin/login/code" : "/admin", {
      headers: { "set-cookie": staffCookie(request, token) },
    });
  });
}

export default function ConsoleWelcome() {
  const invited = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  if (!invited) {
    return (
      <SignInFrame title="This link has expired" intro="A sign-in link works once and for a few days.">
        <p className="mt-6 text-center text-sm text-stone-700">Ask the store's owner to send you a new one.</p>
      </SignInFrame>
    );
  }
  return (
    <SignInFrame title={`Welcome, ${invited.firstName}`} intro={`Choose the password for ${invited.email}.`}>
      <NewPasswordForm label="Choose your password" answer={answer} />
    </SignInFrame>
  );
}
