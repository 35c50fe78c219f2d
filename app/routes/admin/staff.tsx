// Staff accounts (the owner only; decision 0053): who is on the staff, adding someone with a
// one-time sign-in link or a first password they must change, changing a role or a name (the only
// place a staff name changes, decision 0086), turning someone off or on, and a new sign-in link
// for someone locked out. The page is the list and its action; each member's row is a MemberRow,
// the add form an AddStaffForm, the link a SignInLink (decision 0097). Core ends the member's
// sessions, refuses a change made meanwhile by another owner, and guards the last owner.
import { data, useActionData, useLoaderData } from "react-router";
import { normalizePakistaniMobile } from "../../../core/shared/phone";
import { AppError } from "../../../core/shared/errors";
import { getSiteSettings } from "../../../core/settings/site-settings";
import { addStaff, listStaff, updateStaff } from "../../../core/staff/accounts";
import { resendStaffInvitation, type Invitation } from "../../../core/staff/invitations";
import { ROLE_LABELS } from "../../../core/shared/permissions";
import { ConsoleErrorBoundary } from "../../components/admin/ConsoleError";
import { PageTitle, Panel } from "../../components/admin/Fields";
import { AddStaffForm } from "../../components/admin/StaffAddForm";
import { MemberRow } from "../../components/admin/StaffMemberRow";
import type { SignInLinkShown, StaffAnswer } from "../../components/admin/StaffSignInLink";
import { consoleMeta, formText } from "../../lib/console";
import { formResult, requireStaff } from "../../lib/staff.server";
import type { Route } from "./+types/staff";

export const meta = () => consoleMeta("Staff");
export const ErrorBoundary = ConsoleErrorBoundary;

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireStaff(request, context, "staff");
  const [members, settings] = await Promise.all([listStaff(context.core, actor), getSiteSettings(context.core)]);
  return { members, me: actor.userId, storeName: settings.siteName };
}

const MOBILE_RULE =
  "That mobile number is not one WhatsApp can reach here: write it as 03XX XXXXXXX or +92 3XX XXXXXXX.";

/** The mobile number typed beside a new member, as wa.me takes it, or null when none was typed. */
function whatsappOf(form: FormData): string | null {
  const typed = formText(form, "whatsapp").slice(0, 40);
  if (typed.trim() === "") return null;
  const number = normalizePakistaniMobile(typed);
  if (!number) throw new AppError(422, MOBILE_RULE, { field: "whatsapp" });
  return number;
}

const idOf = (form: FormData) => {
  const id = Number(formText(form, "id"));
  return Number.isSafeInteger(id) && id > 0 ? id : 0;
};

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireStaff(request, context, "staff");
  const form = await request.formData();
  const intent = formText(form, "intent");
  const core = context.core;
  const linkOf = (
    invitation: Invitation,
    to: { email: string; firstName: string; whatsapp?: string | null },
  ): SignInLinkShown => ({
    url: `${context.config.publicUrl}/admin/welcome?token=${invitation.token}`,
    expiresAt: invitation.expiresAt,
    email: to.email,
    firstName: to.firstName,
    whatsapp: to.whatsapp ?? null,
  });
  const memberId = idOf(form);
  switch (intent) {
    case "add":
      return formResult<StaffAnswer>(
        async () => {
          const withPassword = formText(form, "first_sign_in") === "password";
          // checked before anyone is added: a refusal leaves nothing half done
          const whatsapp = withPassword ? null : whatsappOf(form);
          const { member, invitation } = await addStaff(core, actor, {
            email: formText(form, "email"),
            first_name: formText(form, "first_name"),
            last_name: formText(form, "last_name"),
            role: formText(form, "role"),
            ...(withPassword ? { initial_password: formText(form, "initial_password") } : {}),
          });
          return {
            intent,
            memberId: member.id,
            done: invitation
              ? `${member.email} is on the staff. Send them the sign-in link below.`
              : `${member.email} is on the staff. Give them their first password; they choose their own when they sign in.`,
            link: invitation ? linkOf(invitation, { ...member, whatsapp }) : undefined,
          };
        },
        { intent },
      );
    case "role":
    case "active":
      return formResult<StaffAnswer>(
        async () => {
          const change =
            intent === "role"
              ? { role: formText(form, "role"), expected_role: formText(form, "expected_role") }
              : {
                  active: formText(form, "active") === "true",
                  expected_active: formText(form, "expected_active") === "true",
                };
          const member = await updateStaff(core, actor, memberId, change);
          const what =
            intent === "role"
              ? `is now ${ROLE_LABELS[member.role]}`
              : member.active
                ? "can sign in again"
                : "is deactivated";
          return { intent, memberId, done: `${member.email} ${what}. Their sessions have ended.` };
        },
        { intent, memberId },
      );
    case "name":
      return formResult<StaffAnswer>(
        async () => {
          const member = await updateStaff(core, actor, memberId, {
            first_name: formText(form, "first_name"),
            last_name: formText(form, "last_name"),
          });
          const name = `${member.firstName} ${member.lastName}`.trim();
          return { intent, memberId, done: `${member.email} is now called ${name}.` };
        },
        { intent, memberId },
      );
    case "link":
      return formResult<StaffAnswer>(
        async () => {
          const invitation = await resendStaffInvitation(core, actor, memberId);
          const email = formText(form, "email");
          const firstName = formText(form, "first_name");
          return {
            intent,
            memberId,
            done: `A new sign-in link for ${email}. Their old password and sessions no longer work.`,
            link: linkOf(invitation, { email, firstName }),
          };
        },
        { intent, memberId },
      );
    default:
      return data({ intent, error: "Unknown action." }, { status: 400 });
  }
}

export default function ConsoleStaff() {
  const { members, me, storeName } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as StaffAnswer | undefined;
  const addAnswer = answer?.intent === "add" ? answer : undefined;
  return (
    <>
      <PageTitle title="Staff" intro="The people who can sign in to the back office, and what each may do." />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_24rem]">
        <ul className="space-y-3" aria-label="Staff members">
          {members.map((member) => (
            <MemberRow
              key={member.id}
              member={member}
              me={me}
              storeName={storeName}
              answer={answer && answer.intent !== "add" && answer.memberId === member.id ? answer : undefined}
            />
          ))}
        </ul>
        <Panel title="Add someone">
          <AddStaffForm answer={addAnswer} storeName={storeName} />
        </Panel>
      </div>
    </>
  );
}
