// Staff accounts (issue 12, point 4; the owner only): who is on the staff, adding someone with a
// one-time sign-in link or a first password they must change, changing a role or a name (the only
// place a staff name changes, decision 0086), turning someone off or on, and a new sign-in link
// for someone locked out. A sign-in link is shown with Copy and "Send on WhatsApp" (to the number
// typed when adding, or to a chat chosen in WhatsApp), for an owner who runs the shop from her
// phone (decision 0097). Each form carries what it showed
// (expected_role, expected_active): a change made meanwhile by another owner is refused, not
// overwritten. Core ends the member's sessions and guards the last owner.
import { useId, useRef } from "react";
import { data, Form, useActionData, useLoaderData, useNavigation } from "react-router";
import { normalizePakistaniMobile } from "../../../core/shared/phone";
import { AppError } from "../../../core/shared/errors";
import { getSiteSettings } from "../../../core/settings/site-settings";
import {
  addStaff,
  listStaff,
  resendStaffInvitation,
  updateStaff,
  type Invitation,
  type StaffMember,
} from "../../../core/staff/accounts";
import { ROLE_DESCRIPTIONS, ROLE_LABELS, STAFF_ROLES, type StaffRole } from "../../../core/shared/permissions";
import { ConsoleErrorBoundary } from "../../components/admin/ConsoleError";
import { CopyButton } from "../../components/admin/CopyButton";
import {
  ConsoleForm,
  describedBy,
  FieldInput,
  FormNotice,
  GroupError,
  PageTitle,
  Panel,
  PasswordInput,
  TextField,
  useFieldError,
} from "../../components/admin/Fields";
import { Notice, Revealed } from "../../components/admin/Notice";
import { consoleMeta, formText } from "../../lib/console";
import { formatDayTime } from "../../lib/dates";
import { PASSWORD_RULE_MESSAGE } from "../../../core/accounts/form-rules";
import { formResult, requireStaff } from "../../lib/staff.server";
import type { Route } from "./+types/staff";

export const meta = () => consoleMeta("Staff");
export const ErrorBoundary = ConsoleErrorBoundary;

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireStaff(request, context, "staff");
  const [members, settings] = await Promise.all([listStaff(context.core, actor), getSiteSettings(context.core)]);
  return { members, me: actor.userId, storeName: settings.siteName };
}

interface StaffAnswer {
  intent: string;
  memberId?: number;
  error?: string;
  done?: string;
  /** input name → message, for a refusal that names its field */
  fields?: Record<string, string>;
  /** a sign-in link to hand to the person: shown once */
  link?: SignInLinkShown;
}

interface SignInLinkShown {
  url: string;
  expiresAt: Date;
  email: string;
  firstName: string;
  /** their WhatsApp number (92…), when the owner typed one */
  whatsapp: string | null;
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

function Badge({
  children,
  tone = "stone",
}: {
  children: React.ReactNode;
  tone?: "stone" | "red" | "green" | "amber";
}) {
  const tones = {
    stone: "bg-stone-100 text-stone-700",
    red: "bg-red-50 text-red-800",
    green: "bg-emerald-50 text-emerald-900",
    amber: "bg-amber-50 text-amber-900",
  };
  return <span className={`inline-block px-2 py-0.5 text-xs font-semibold ${tones[tone]}`}>{children}</span>;
}

/** The words sent with a sign-in link on WhatsApp: the shop's name, the link, and until when it works. */
function signInLinkMessage(storeName: string, link: SignInLinkShown): string {
  const hello = link.firstName ? `Assalam o alaikum ${link.firstName}!` : "Assalam o alaikum!";
  return [
    `${hello} You are now on the ${storeName} team.`,
    `Open this link to choose your password and sign in to our back office. It works once, until ${formatDayTime(link.expiresAt)} (Pakistan time):`,
    link.url,
  ].join("\n");
}

function SignInLink({ link, storeName }: { link: SignInLinkShown; storeName: string }) {
  const field = useRef<HTMLInputElement>(null);
  const whatsapp = `https://wa.me/${link.whatsapp ?? ""}?text=${encodeURIComponent(signInLinkMessage(storeName, link))}`;
  return (
    <div className="bg-amber-50 p-3 text-sm ring-1 ring-amber-200">
      <p>
        Sign-in link for {link.email}, working once until {formatDayTime(link.expiresAt)}. It is shown only now: copy it
        and send it to them (for example on WhatsApp).
      </p>
      <input
        ref={field}
        readOnly
        value={link.url}
        aria-label={`Sign-in link for ${link.email}`}
        onFocus={(e) => e.currentTarget.select()}
        className="field mt-2 font-mono text-xs"
      />
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <CopyButton text={link.url} what="the sign-in link" selectTarget={() => field.current} />
        <a href={whatsapp} target="_blank" rel="noopener noreferrer" className="btn-secondary">
          Send on WhatsApp
        </a>
      </div>
    </div>
  );
}

function Busy({ children, secondary }: { children: React.ReactNode; secondary?: boolean }) {
  const busy = useNavigation().state === "submitting";
  return (
    <button type="submit" disabled={busy} className={secondary ? "btn-secondary" : "btn-primary"}>
      {children}
    </button>
  );
}

function MemberRow({
  member,
  me,
  answer,
  storeName,
}: {
  member: StaffMember;
  me: number;
  answer?: StaffAnswer;
  storeName: string;
}) {
  const name = `${member.firstName} ${member.lastName}`.trim();
  // a refused new name shows under the name field it is about (decision 0096)
  const nameAnswer =
    answer?.intent === "name" && answer.fields && Object.keys(answer.fields).length > 0 ? answer : undefined;
  return (
    <li className="bg-white p-4 ring-1 ring-stone-200" aria-label={name || member.email}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold">
            {name || member.email} {member.id === me && <span className="font-normal text-stone-500">(you)</span>}
          </p>
          <p className="text-sm break-all text-stone-600">{member.email}</p>
          <p className="mt-1 text-xs text-stone-500">
            {member.lastSignInAt ? `Last signed in ${formatDayTime(member.lastSignInAt)}` : "Never signed in"}
          </p>
        </div>
        <div className="flex flex-wrap gap-1">
          <Badge>{ROLE_LABELS[member.role]}</Badge>
          {member.active ? <Badge tone="green">Active</Badge> : <Badge tone="red">Deactivated</Badge>}
          {member.twoStep && <Badge>Two-step on</Badge>}
          {member.invitationPending && <Badge tone="amber">Link not used yet</Badge>}
          {member.mustChangePassword && <Badge tone="amber">First password</Badge>}
        </div>
      </div>
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <Form method="post" preventScrollReset className="flex items-end gap-2" aria-label={`Role of ${member.email}`}>
          <input type="hidden" name="intent" value="role" />
          <input type="hidden" name="id" value={member.id} />
          <input type="hidden" name="expected_role" value={member.role} />
          <label className="text-sm">
            <span className="block font-semibold">Role</span>
            <select name="role" defaultValue={member.role} key={member.role} className="field mt-1 w-40">
              {STAFF_ROLES.map((role) => (
                <option key={role} value={role}>
                  {ROLE_LABELS[role]}
                </option>
              ))}
            </select>
          </label>
          <Busy secondary>Change role</Busy>
        </Form>
        <ConsoleForm
          answer={nameAnswer}
          method="post"
          preventScrollReset
          className="flex flex-wrap items-start gap-2"
          aria-label={`Name of ${member.email}`}
        >
          <input type="hidden" name="intent" value="name" />
          <input type="hidden" name="id" value={member.id} />
          <label className="text-sm">
            <span className="block font-semibold">First name</span>
            <FieldInput
              name="first_name"
              defaultValue={member.firstName}
              key={member.firstName}
              maxLength={100}
              required
              autoComplete="off"
              className="field mt-1 w-36"
            />
          </label>
          <label className="text-sm">
            <span className="block font-semibold">Last name</span>
            <FieldInput
              name="last_name"
              defaultValue={member.lastName}
              key={member.lastName}
              maxLength={100}
              required
              autoComplete="off"
              className="field mt-1 w-36"
            />
          </label>
          {/* level with the fields' boxes, not with a message under one of them */}
          <div className="pt-6">
            <Busy secondary>Rename</Busy>
          </div>
        </ConsoleForm>
        <Form
          method="post"
          preventScrollReset
          aria-label={`${member.active ? "Deactivate" : "Reactivate"} ${member.email}`}
        >
          <input type="hidden" name="intent" value="active" />
          <input type="hidden" name="id" value={member.id} />
          <input type="hidden" name="expected_active" value={String(member.active)} />
          <input type="hidden" name="active" value={String(!member.active)} />
          <Busy secondary>{member.active ? "Deactivate" : "Reactivate"}</Busy>
        </Form>
        {member.active && member.id !== me && (
          <Form method="post" preventScrollReset aria-label={`New sign-in link for ${member.email}`}>
            <input type="hidden" name="intent" value="link" />
            <input type="hidden" name="id" value={member.id} />
            <input type="hidden" name="email" value={member.email} />
            <input type="hidden" name="first_name" value={member.firstName} />
            <Busy secondary>New sign-in link</Busy>
          </Form>
        )}
      </div>
      {/* beside the buttons just pressed, where the person is looking */}
      {answer && (
        <Revealed className="mt-3 space-y-3">
          {answer.error && !nameAnswer?.fields && <Notice kind="error">{answer.error}</Notice>}
          {answer.done && <Notice kind="success">{answer.done}</Notice>}
          {answer.link && <SignInLink link={answer.link} storeName={storeName} />}
        </Revealed>
      )}
    </li>
  );
}

function RoleOptions() {
  const id = useId();
  const { message, errorId } = useFieldError("role", id);
  return (
    <fieldset aria-describedby={describedBy(message && errorId)}>
      <legend className="text-sm font-semibold">Role</legend>
      <GroupError name="role" id={id} />
      <div className="mt-1 space-y-2">
        {STAFF_ROLES.map((role: StaffRole) => (
          <label key={role} className="flex items-start gap-2 text-sm">
            <input
              type="radio"
              name="role"
              value={role}
              defaultChecked={role === "fulfilment"}
              aria-invalid={!!message || undefined}
              className="mt-1"
            />
            <span>
              <span className="font-semibold">{ROLE_LABELS[role]}</span>
              <span className="block text-stone-600">{ROLE_DESCRIPTIONS[role]}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
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
          <ConsoleForm
            answer={addAnswer}
            method="post"
            preventScrollReset
            className="space-y-4"
            aria-label="Add a staff member"
            // emptied after someone is added (the fields keep what was typed after a refusal)
            key={addAnswer?.memberId ?? "add"}
          >
            <input type="hidden" name="intent" value="add" />
            <TextField name="first_name" label="First name" autoComplete="off" maxLength={100} required />
            <TextField name="last_name" label="Last name" autoComplete="off" maxLength={100} required />
            <TextField name="email" label="Email" type="email" autoComplete="off" maxLength={254} required />
            <RoleOptions />
            <fieldset>
              <legend className="text-sm font-semibold">First sign-in</legend>
              <label className="mt-1 flex items-start gap-2 text-sm">
                <input type="radio" name="first_sign_in" value="link" defaultChecked className="mt-1" />
                <span>A one-time sign-in link that you send them</span>
              </label>
              <label className="mt-1 flex items-start gap-2 text-sm">
                <input type="radio" name="first_sign_in" value="password" className="mt-1" />
                <span>A first password that they must change</span>
              </label>
            </fieldset>
            <TextField
              name="whatsapp"
              label="Their mobile number (optional, to send the link on WhatsApp)"
              type="tel"
              autoComplete="off"
              maxLength={20}
              required={false}
            />
            <PasswordInput
              name="initial_password"
              label="First password (only with a first password)"
              autoComplete="new-password"
              hint={PASSWORD_RULE_MESSAGE}
              required={false}
            />
            {/* a refusal naming no field (already on the staff) beside the button; each other under its field */}
            <FormNotice />
            <Busy>Add to staff</Busy>
            {/* under the button just pressed, where the person is looking */}
            {addAnswer?.done && (
              <Revealed key={addAnswer.memberId} className="space-y-3">
                <Notice kind="success">{addAnswer.done}</Notice>
                {addAnswer.link && <SignInLink link={addAnswer.link} storeName={storeName} />}
              </Revealed>
            )}
          </ConsoleForm>
        </Panel>
      </div>
    </>
  );
}
