// The message log (issue 15, and issue 17 for email; decisions 0069, 0070, 0076), for the orders
// permission (owner, manager, fulfilment): every WhatsApp message and email to a shopper, newest
// first, with its order, text, attempts and last error; by channel and by status; a failed
// WhatsApp message, or any email but an account one, can be sent again (through core, audited).
// An email's own HTML shows in a sandboxed frame (no scripts, no same origin).
import { data, Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { getEmailMessage, listMessageLog, resendEmail } from "../../../core/messaging/email-log";
import {
  getMessageSettings,
  MESSAGE_CHANNELS,
  MESSAGE_FILTERS,
  resendMessage,
  setMessageSettings,
  type MessageChannel,
  type MessageFilter,
} from "../../../core/messaging/message-log";
import { can } from "../../../core/shared/permissions";
import { AppError } from "../../../core/shared/errors";
import { ConsoleErrorBoundary } from "../../components/admin/ConsoleError";
import { PageTitle } from "../../components/admin/Fields";
import { Pager } from "../../components/admin/Lists";
import { Notice } from "../../components/admin/Notice";
import { consoleMeta, formText, pageParam } from "../../lib/console";
import { formatDayTime } from "../../lib/dates";
import { requireStaff } from "../../lib/staff.server";
import type { Route } from "./+types/messages";

export const meta = () => consoleMeta("Messages");
export const ErrorBoundary = ConsoleErrorBoundary;

const PAGE_SIZE = 50;
const TAB_LABELS: Record<MessageFilter, string> = {
  all: "All",
  queued: "Waiting",
  sending: "Sending",
  sent: "Sent",
  logged: "Not sent",
  failed: "Failed",
};
const CHANNEL_LABELS: Record<MessageChannel, string> = { all: "All", whatsapp: "WhatsApp", email: "Email" };
const KIND_LABELS: Record<string, string> = {
  confirmation: "Confirmation request",
  reminder: "Reminder",
  password_code: "Password reset code",
  new_order_alert: "New-order alert to staff",
  phone_code: "Staff number code",
  order_placed: "Order placed",
  order_shipped: "Order shipped",
  order_delivered: "Order delivered",
  order_cancelled: "Order cancelled",
  password_reset: "Password reset",
  email_verification: "Email verification",
  sign_in_link: "Sign-in link",
  registration_attempt: "Sign-up with a taken email",
};
const SWITCHES = [
  ["email_order_placed", "emailOrderPlaced", "Order placed"],
  ["email_order_shipped", "emailOrderShipped", "Shipped"],
  ["email_order_delivered", "emailOrderDelivered", "Delivered"],
  ["email_order_cancelled", "emailOrderCancelled", "Cancelled"],
] as const;
const STATUS_LABELS: Record<string, string> = {
  queued: "Waiting to send",
  sending: "Sending",
  sent: "Sent",
  logged: "Not sent",
  failed: "Failed",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireStaff(request, context, "orders");
  const params = new URL(request.url).searchParams;
  const statusText = params.get("status") ?? "all";
  const status = (MESSAGE_FILTERS as readonly string[]).includes(statusText) ? (statusText as MessageFilter) : "all";
  const channelText = params.get("channel") ?? "all";
  const channel = (MESSAGE_CHANNELS as readonly string[]).includes(channelText)
    ? (channelText as MessageChannel)
    : "all";
  const page = pageParam(params);
  const found = await listMessageLog(context.core, actor, {
    channel,
    status,
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  });
  // one email opened: its HTML, shown in a sandboxed frame
  const viewId = Number(params.get("email") ?? "");
  const viewed =
    Number.isSafeInteger(viewId) && viewId > 0 && viewId <= 2_147_483_647
      ? await getEmailMessage(context.core, actor, viewId).catch((error: unknown) => {
          if (error instanceof AppError && error.status === 404) return null;
          throw error;
        })
      : null;
  // the shop's choices, for those who may change settings (the owner)
  const settings = can(actor, "settings") ? await getMessageSettings(context.core, actor) : null;
  return {
    settings,
    status,
    channel,
    viewed: viewed && {
      id: viewed.id,
      subject: viewed.subject,
      to: viewed.to,
      text: viewed.text,
      html: viewed.html,
      kind: KIND_LABELS[viewed.kind] ?? viewed.kind,
    },
    problem: statusText !== status || channelText !== channel ? "Choose a tab." : null,
    page,
    pages: Math.max(1, Math.ceil(found.total / PAGE_SIZE)),
    total: found.total,
    failed: found.failed,
    messages: found.items.map((m) => ({
      key: `${m.channel}-${m.id}`,
      channel: m.channel,
      id: m.id,
      orderId: m.orderId,
      trackingId: m.trackingId,
      kind: KIND_LABELS[m.kind] ?? m.kind,
      recipient: m.channel === "whatsapp" ? `+${m.recipient}` : m.recipient,
      subject: m.subject,
      text: m.text,
      hidden: m.hidden,
      resendOf: m.resendOf,
      status: m.status,
      attempts: m.attempts,
      lastError: m.lastError,
      created: formatDayTime(m.createdAt),
      sent: m.sentAt ? formatDayTime(m.sentAt) : null,
      nextAttempt: m.status === "queued" && m.attempts > 0 ? formatDayTime(m.nextAttemptAt) : null,
    })),
  };
}

interface Answer {
  error?: string;
  done?: string;
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireStaff(request, context, "orders");
  const form = await request.formData();
  if (formText(form, "intent") === "settings") {
    const language = formText(form, "whatsapp_language");
    if (language !== "en" && language !== "en+ur")
      return data<Answer>({ error: "Choose English, or English and Urdu." }, { status: 422 });
    // whole hours as typed; core checks the ranges and that the expiry comes after the reminder
    const hours = (name: string, label: string): number | string => {
      const typed = formText(form, name).trim();
      return typed.length <= 4 && /^\d+$/.test(typed) ? Number(typed) : label;
    };
    const reminder = hours("confirmation_reminder_hours", "Reminder after");
    const expiry = hours("confirmation_expiry_hours", "Cancel after");
    if (typeof reminder === "string" || typeof expiry === "string")
      return data<Answer>(
        { error: `${typeof reminder === "string" ? reminder : expiry}: type a whole number of hours.` },
        { status: 422 },
      );
    try {
      await setMessageSettings(context.core, actor, {
        whatsappConfirmations: formText(form, "whatsapp_confirmations") === "on",
        whatsappLanguage: language,
        confirmationReminderHours: reminder,
        confirmationExpiryHours: expiry,
        // a checkbox left unticked is not sent: that kind of email is off
        emailOrderPlaced: formText(form, "email_order_placed") === "on",
        emailOrderShipped: formText(form, "email_order_shipped") === "on",
        emailOrderDelivered: formText(form, "email_order_delivered") === "on",
        emailOrderCancelled: formText(form, "email_order_cancelled") === "on",
      });
    } catch (error) {
      if (error instanceof AppError && error.status === 403) throw data({ detail: error.message }, { status: 403 });
      if (error instanceof AppError && error.status === 422)
        return data<Answer>({ error: hoursMessage(error.message) }, { status: 422 });
      throw error;
    }
    return { done: "Message settings saved. New orders follow them." } satisfies Answer;
  }
  const email = formText(form, "intent") === "resend-email";
  const id = Number(formText(form, "resend"));
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647)
    return data<Answer>({ error: "Choose a message to send again." }, { status: 422 });
  try {
    if (email) await resendEmail(context.core, actor, id);
    else await resendMessage(context.core, actor, id);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.status === 403) throw data({ detail: error.message }, { status: 403 });
    return data<Answer>({ error: `${email ? "Email" : "Message"} #${id}: ${error.message}` }, { status: error.status });
  }
  return {
    done: `${email ? "Email" : "Message"} #${id} will be sent again in a moment.`,
  } satisfies Answer;
}

/** core names the API's fields; the form's labels read better to the owner */
function hoursMessage(message: string): string {
  return message
    .replace(
      "confirmation_expiry_hours must be more than confirmation_reminder_hours",
      "Cancel after must be more than Reminder after",
    )
    .replace("confirmation_reminder_hours", "Reminder after")
    .replace("confirmation_expiry_hours", "Cancel after");
}

export default function ConsoleMessages() {
  const { settings, status, channel, viewed, problem, page, pages, total, failed, messages } =
    useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as Answer | undefined;
  const busy = useNavigation().state === "submitting";
  const href = (next: { status?: string; channel?: string; page?: number; email?: number }) => {
    const q = new URLSearchParams();
    const c = next.channel ?? channel;
    if (c !== "all") q.set("channel", c);
    const s = next.status ?? status;
    if (s !== "all") q.set("status", s);
    if (next.email) q.set("email", String(next.email));
    if (next.page && next.page > 1) q.set("page", String(next.page));
    const text = q.toString();
    return text ? `/admin/messages?${text}` : "/admin/messages";
  };
  return (
    <>
      <PageTitle
        title="Messages"
        intro="WhatsApp messages and emails to shoppers, newest first. Without a WhatsApp account or an email server configured they are only kept here, not sent."
      />
      <p className="mb-3 text-sm">
        <Link to="/admin/messages/replies" className="underline underline-offset-4">
          Replies from shoppers
        </Link>
      </p>
      {settings && (
        <Form
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
          {/* issue 15, point 4: the scheduler's two times, counted from when the order was placed */}
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
            With no answer, the shopper gets one reminder, and later the order is cancelled and its stock put back.
            Orders held for a call are never reminded or cancelled on their own.
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
        </Form>
      )}
      <nav aria-label="Message channel" className="mb-2">
        <ul className="flex flex-wrap gap-1 whitespace-nowrap">
          {MESSAGE_CHANNELS.map((c) => (
            <li key={c}>
              <Link
                to={href({ channel: c })}
                aria-current={channel === c ? "page" : undefined}
                className={`inline-flex min-h-11 items-center px-3 text-sm ${channel === c ? "bg-ink text-white" : "bg-white ring-1 ring-stone-200 hover:bg-stone-50"}`}
              >
                {CHANNEL_LABELS[c]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <nav aria-label="Message status" className="mb-4">
        <ul className="flex flex-wrap gap-1 whitespace-nowrap">
          {MESSAGE_FILTERS.map((s) => {
            const current = status === s;
            return (
              <li key={s}>
                <Link
                  to={href({ status: s })}
                  aria-current={current ? "page" : undefined}
                  className={`inline-flex min-h-11 items-center gap-1 px-3 text-sm ${current ? "bg-ink text-white" : "bg-white ring-1 ring-stone-200 hover:bg-stone-50"}`}
                >
                  {TAB_LABELS[s]}
                  {s === "failed" && <span className="tabular-nums opacity-75">({failed})</span>}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {problem && (
        <div className="mb-4">
          <Notice kind="error">{problem}</Notice>
        </div>
      )}
      <p className="mb-3 text-sm text-stone-600" role="status">
        {total === 0
          ? "No messages here."
          : `${total.toLocaleString("en-US")} ${total === 1 ? "message" : "messages"}, page ${page} of ${pages}.`}
      </p>
      {answer && (
        <div className="mb-3 space-y-2">
          {answer.error && <Notice kind="error">{answer.error}</Notice>}
          {answer.done && <Notice kind="success">{answer.done}</Notice>}
        </div>
      )}
      {viewed && (
        <section
          aria-label={`Email #${viewed.id}`}
          className="mb-4 space-y-2 bg-white p-3 text-sm ring-1 ring-stone-200"
        >
          <p className="flex flex-wrap items-center justify-between gap-2">
            <span className="font-semibold break-words">
              {viewed.kind}: {viewed.subject}
            </span>
            <Link to={href({})} className="inline-flex min-h-11 items-center underline underline-offset-4">
              Close
            </Link>
          </p>
          <p className="break-words text-stone-600">To {viewed.to}</p>
          {viewed.html ? (
            // sandbox="" runs no script and gives the frame no access to the console's origin
            <iframe
              title={`Email #${viewed.id} as the shopper sees it`}
              sandbox=""
              srcDoc={viewed.html}
              className="h-[32rem] w-full max-w-[600px] border-0 ring-1 ring-stone-200"
            />
          ) : (
            <p className="whitespace-pre-line text-stone-800">{viewed.text}</p>
          )}
        </section>
      )}
      <ul className="space-y-2" aria-label="Message list">
        {messages.map((m) => (
          <li key={m.key} className="space-y-2 bg-white p-3 text-sm ring-1 ring-stone-200">
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span
                className={`text-xs font-semibold uppercase tracking-wide ${m.status === "failed" ? "text-red-700" : "text-stone-600"}`}
              >
                {STATUS_LABELS[m.status] ?? m.status}
              </span>
              <span className="text-xs text-stone-600">{m.channel === "email" ? "Email" : "WhatsApp"}</span>
              <span className="font-semibold">{m.kind}</span>
              {m.orderId !== null ? (
                <Link to={`/admin/orders/${m.orderId}`} className="underline underline-offset-4">
                  Order {m.trackingId ?? `#${m.orderId}`}
                </Link>
              ) : (
                <span className="text-stone-600">no order</span>
              )}
              <span className="break-all tabular-nums text-stone-600">{m.recipient}</span>
            </p>
            {m.subject !== null && <p className="break-words font-semibold text-stone-800">{m.subject}</p>}
            {/* plain text: React escapes it, and line breaks are kept; the Urdu part reads right to left */}
            {m.hidden ? (
              <p className="text-stone-600">{m.text}</p>
            ) : m.channel === "email" ? (
              <details>
                <summary className="inline-flex min-h-11 cursor-pointer items-center">Text of the email</summary>
                <p className="whitespace-pre-line break-words text-stone-800">{m.text}</p>
              </details>
            ) : (
              m.text.split("\n\n").map((part, n) => (
                <p key={n} className="whitespace-pre-line break-words text-stone-800" dir="auto">
                  {part}
                </p>
              ))
            )}
            <p className="text-xs text-stone-600">
              {m.resendOf !== null && `resend of #${m.resendOf} · `}
              written {m.created}
              {m.sent && ` · ${m.status === "sent" ? "sent" : "handled"} ${m.sent}`} · {m.attempts}{" "}
              {m.attempts === 1 ? "attempt" : "attempts"}
              {m.nextAttempt && ` · next try ${m.nextAttempt}`}
            </p>
            {m.lastError && (
              <p className={`break-words text-xs ${m.status === "logged" ? "text-stone-600" : "text-red-700"}`}>
                {m.status === "logged" ? m.lastError : `Last error: ${m.lastError}`}
              </p>
            )}
            {m.channel === "email" && !m.hidden && (
              <div className="flex flex-wrap items-center gap-3">
                <Link
                  to={href({ email: m.id })}
                  className="inline-flex min-h-11 items-center underline underline-offset-4"
                >
                  View email #{m.id}
                </Link>
                {m.status !== "queued" && m.status !== "sending" && <ResendButton email id={m.id} busy={busy} />}
              </div>
            )}
            {m.channel === "whatsapp" && m.status === "failed" && <ResendButton email={false} id={m.id} busy={busy} />}
          </li>
        ))}
      </ul>
      <Pager page={page} pages={pages} href={(n) => href({ page: n })} />
    </>
  );
}

/** Sends a message again: a failed WhatsApp message is queued again, an email as a new one. */
function ResendButton({ email, id, busy }: { email: boolean; id: number; busy: boolean }) {
  return (
    <Form method="post" preventScrollReset>
      {email && <input type="hidden" name="intent" value="resend-email" />}
      <button
        type="submit"
        name="resend"
        value={id}
        disabled={busy}
        className={email ? "btn-secondary" : "btn-primary"}
      >
        Resend
        <span className="sr-only">
          {" "}
          (Send {email ? "email" : "message"} #{id} again)
        </span>
      </button>
    </Form>
  );
}

/** One of the scheduler's two times on the owner's form, in whole hours. */
function HoursField(props: { label: string; name: string; value: number; min: number; max: number }) {
  return (
    <label>
      <span className="block font-semibold">{props.label}</span>
      <span className="mt-1 flex items-center gap-2">
        <input
          type="number"
          name={props.name}
          defaultValue={props.value}
          min={props.min}
          max={props.max}
          step={1}
          required
          inputMode="numeric"
          aria-describedby="hours-note"
          className="field w-24"
        />
        hours
      </span>
    </label>
  );
}
