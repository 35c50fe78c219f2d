// The Staff page's "Add someone" form (a ConsoleForm, decision 0096): name, email, role, and the
// first sign-in (a one-time link, optionally sent on WhatsApp, or a first password they must
// change). A refusal naming no field (already on the staff) shows beside the button, each other
// under its field; once added, the form empties and the link shows under the button.
import { useId } from "react";
import { PASSWORD_RULE_MESSAGE } from "../../../core/accounts/form-rules";
import { ROLE_DESCRIPTIONS, ROLE_LABELS, STAFF_ROLES, type StaffRole } from "../../../core/shared/permissions";
import { ConsoleForm, describedBy, FormNotice, GroupError, PasswordInput, TextField, useFieldError } from "./Fields";
import { Notice, Revealed } from "./Notice";
import { Busy, SignInLink, type StaffAnswer } from "./StaffSignInLink";

export function AddStaffForm({ answer: addAnswer, storeName }: { answer: StaffAnswer | undefined; storeName: string }) {
  return (
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
