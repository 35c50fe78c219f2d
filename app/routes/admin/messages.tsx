// The message log (decisions 0069, 0070, 0076), for the orders permission (owner, manager,
// fulfilment): every WhatsApp message and email to a shopper, newest first, with its order, text,
// attempts and last error; by channel and by status; a failed WhatsApp message, or any email but
// an account one, can be sent again (through core, audited). The owner's message settings sit
// above the list (MessageSettingsForm); each entry is a MessageLogEntry.
import { data, Link, useActionData, useLoaderData, useNavigation } from "react-router";
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
import { ListCount, listHref, ListProblems, pageCount, Pager } from "../../components/admin/Lists";
import { ListTabs } from "../../components/admin/ListTabs";
import { EmailView, MessageLogEntry } from "../../components/admin/MessageLogEntry";
import { MessageSettingsForm } from "../../components/admin/MessageSettingsForm";
import { AnswerNotices } from "../../components/admin/Notice";
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
    pages: pageCount(found.total, PAGE_SIZE),
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
  /** "settings": the answer to the owner's settings form, shown in that form */
  intent?: "settings";
  error?: string;
  done?: string;
  /** a refused setting's message, under its field (decision 0096) */
  fields?: Record<string, string>;
}

const REMINDER = "confirmation_reminder_hours";
const EXPIRY = "confirmation_expiry_hours";

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireStaff(request, context, "orders");
  const form = await request.formData();
  if (formText(form, "intent") === "settings") {
    const language = formText(form, "whatsapp_language");
    if (language !== "en" && language !== "en+ur")
      return data<Answer>({ intent: "settings", error: "Choose English, or English and Urdu." }, { status: 422 });
    // whole hours as typed; core checks the ranges and that the expiry comes after the reminder
    const hours = (name: string, label: string): number | string => {
      const typed = formText(form, name).trim();
      return typed.length <= 4 && /^\d+$/.test(typed) ? Number(typed) : label;
    };
    const reminder = hours(REMINDER, "Reminder after");
    const expiry = hours(EXPIRY, "Cancel after");
    if (typeof reminder === "string" || typeof expiry === "string") {
      const message = `${typeof reminder === "string" ? reminder : expiry}: type a whole number of hours.`;
      const field = typeof reminder === "string" ? REMINDER : EXPIRY;
      return data<Answer>({ intent: "settings", error: message, fields: { [field]: message } }, { status: 422 });
    }
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
      if (error instanceof AppError && error.status === 422) {
        const message = hoursMessage(error.message);
        // core names the field it refused first ("confirmation_expiry_hours must be more than …")
        const field = error.message.startsWith(EXPIRY) ? EXPIRY : error.message.startsWith(REMINDER) ? REMINDER : null;
        return data<Answer>(
          { intent: "settings", error: message, ...(field ? { fields: { [field]: message } } : {}) },
          { status: 422 },
        );
      }
      throw error;
    }
    return { intent: "settings", done: "Message settings saved. New orders follow them." } satisfies Answer;
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
  const href = (next: { status?: string; channel?: string; page?: number; email?: number }) =>
    listHref(
      "/admin/messages",
      { channel: next.channel ?? channel, status: next.status ?? status, email: next.email, page: next.page },
      { channel: "all", status: "all" },
    );
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
        <MessageSettingsForm
          settings={settings}
          answer={answer?.intent === "settings" ? answer : undefined}
          busy={busy}
        />
      )}
      <ListTabs
        label="Message channel"
        className="mb-2"
        current={channel}
        tabs={MESSAGE_CHANNELS.map((c) => ({ key: c, label: CHANNEL_LABELS[c], href: href({ channel: c }) }))}
      />
      <ListTabs
        label="Message status"
        current={status}
        tabs={MESSAGE_FILTERS.map((s) => ({
          key: s,
          label: TAB_LABELS[s],
          href: href({ status: s }),
          count: s === "failed" ? failed : null,
        }))}
      />
      <ListProblems problems={[problem]} />
      <ListCount total={total} page={page} pages={pages} noun={["message", "messages"]} empty="No messages here." />
      {/* a refused setting shows in its form (under its field, or beside Save); a saved one here */}
      <AnswerNotices answer={answer?.intent === "settings" ? { done: answer.done } : answer} />
      {viewed && <EmailView email={viewed} closeHref={href({})} />}
      <ul className="space-y-2" aria-label="Message list">
        {messages.map((m) => (
          <MessageLogEntry key={m.key} m={m} busy={busy} viewHref={href({ email: m.id })} />
        ))}
      </ul>
      <Pager page={page} pages={pages} href={(n) => href({ page: n })} />
    </>
  );
}
