// One member on the Staff page: who they are, their badges, and their own forms (role, name,
// deactivate or reactivate, a new sign-in link). Each form carries what it showed (expected_role,
// expected_active), so a change made meanwhile by another owner is refused, not overwritten; the
// answer shows beside the buttons just pressed, a refused new name under its field (decision 0096).
import { Form } from "react-router";
import type { StaffMember } from "../../../core/staff/accounts";
import { ROLE_LABELS, STAFF_ROLES } from "../../../core/shared/permissions";
import { formatDayTime } from "../../lib/dates";
import { ConsoleForm, FieldInput } from "./Fields";
import { Notice, Revealed } from "./Notice";
import { Busy, SignInLink, type StaffAnswer } from "./StaffSignInLink";

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

export function MemberRow({
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
