// The owner's message settings above the Messages list: whether shoppers are asked on WhatsApp to
// confirm, in which language, the scheduler's two times (a reminder, then the cancel; decision
// 0072), and which order emails go. A ConsoleForm (decision 0096): a refused time shows under its
// field, focused.
import { useId } from "react";
import type { MessageSettings } from "../../../core/messaging/message-log";
import { ConsoleForm, describedBy, FieldError, FormNotice, useFieldError } from "./Fields";

const SWITCHES = [
  ["email_order_placed", "emailOrderPlaced", "Order placed"],
  ["email_order_shipped", "emailOrderShipped", "Shipped"],
  ["email_order_delivered", "emailOrderDelivered", "Delivered"],
  ["email_order_cancelled", "emailOrderCancelled", "Cancelled"],
] as const;

export function MessageSettingsForm({
  settings,
  answer,
  busy,
}: {
  settings: MessageSettings;
  /** the action's answer when it answers this form */
  answer: unknown;
  busy: boolean;
}) {
  return (
    <ConsoleForm
      answer={answer}
      method="post"
      preventScrollReset
      aria-label="Message settings"
      className="mb-4 flex flex-wrap items-end gap-x-6 gap-y-3 bg-white p-4 text-sm ring-1 ring-stone-200"
    >
      <input type="hidden" name="intent" value="settings" />
      <label className="flex min-h-11 items-center gap-2">
        <input
          type="checkbox"
          name="whatsapp_confirmations"
          defaultChecked={settings.whatsappConfirmations}
          className="h-5 w-5"
        />
        Ask shoppers on WhatsApp to confirm each new order
      </label>
      <label>
        <span className="block font-semibold">Language</span>
        <select name="whatsapp_language" defaultValue={settings.whatsappLanguage} className="field mt-1">
          <option value="en">English</option>
          <option value="en+ur">English and Urdu</option>
        </select>
      </label>
      {/* the scheduler's two times, counted from when the order was placed */}
      <HoursField
        label="Reminder after"
        name="confirmation_reminder_hours"
        value={settings.confirmationReminderHours}
        min={1}
        max={168}
      />
      <HoursField
        label="Cancel after"
        name="confirmation_expiry_hours"
        value={settings.confirmationExpiryHours}
        min={2}
        max={720}
      />
      <p id="hours-note" className="w-full text-xs text-stone-600">
        With no answer, the shopper gets one reminder, and later the order is cancelled and its stock put back. Orders
        held for a call are never reminded or cancelled on their own.
      </p>
      <fieldset className="w-full">
        <legend className="font-semibold">Emails to shoppers</legend>
        <div className="mt-1 flex flex-wrap gap-x-6">
          {SWITCHES.map(([name, key, label]) => (
            <label key={name} className="flex min-h-11 items-center gap-2">
              <input type="checkbox" name={name} defaultChecked={settings[key]} className="h-5 w-5" />
              {label}
            </label>
          ))}
        </div>
        <p className="text-xs text-stone-600">
          Sent to orders with an email address. Password and sign-up emails always go.
        </p>
      </fieldset>
      <button type="submit" disabled={busy} className="btn-secondary">
        Save
      </button>
      <FormNotice className="w-full" />
    </ConsoleForm>
  );
}

/** One of the scheduler's two times on the owner's form, in whole hours, its message under it. */
function HoursField(props: { label: string; name: string; value: number; min: number; max: number }) {
  const id = useId();
  const { message, errorId } = useFieldError(props.name, id);
  return (
    <div>
      <label htmlFor={id} className="block font-semibold">
        {props.label}
      </label>
      <span className="mt-1 flex items-center gap-2">
        <input
          id={id}
          type="number"
          name={props.name}
          defaultValue={props.value}
          min={props.min}
          max={props.max}
          step={1}
          required
          inputMode="numeric"
          aria-invalid={!!message || undefined}
          aria-describedby={describedBy(message && errorId, "hours-note")}
          className="field w-24 aria-invalid:border-red-700"
        />
        hours
      </span>
      <FieldError id={errorId} message={message} />
    </div>
  );
}
