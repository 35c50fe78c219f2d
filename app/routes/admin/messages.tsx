// The WhatsApp message log (issue 15; decisions 0069, 0070), for the orders permission (owner,
// manager, fulfilment): every message to a shopper, newest first, with its order, text, attempts
// and last error; tabs by status; a failed message can be sent again (through core, audited).
import { data, Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import {
  getMessageSettings,
  listMessages,
  MESSAGE_FILTERS,
  resendMessage,
  setMessageSettings,
  type MessageFilter,
} from "../../../core/messaging/message-log";
import { can } from "../../../core/staff/permissions";
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
// what each kind of message is, in the log (a password code's text says "(hidden)": the code is
// only in the template's parameters, which the log never shows; decision 0077)
const KIND_LABELS: Record<string, string> = {
  confirmation: "Confirmation request",
  reminder: "Reminder",
  password_code: "Password reset code",
};

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
  const page = pageParam(params);
  const found = await listMessages(context.core, actor, { status, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  // the shop's choices, for those who may change settings (the owner)
  const settings = can(actor, "settings") ? await getMessageSettings(context.core, actor) : null;
  return {
    settings,
    status,
    problem: statusText !== status ? "Choose a tab." : null,
    page,
    pages: Math.max(1, Math.ceil(found.total / PAGE_SIZE)),
    total: found.total,
    failed: found.failed,
    messages: found.items.map((m) => ({
      id: m.id,
      orderId: m.orderId,
      trackingId: m.trackingId,
      kind: KIND_LABELS[m.kind] ?? m.kind,
      language: m.language === "en+ur" ? "English and Urdu" : "English",
      phone: `+${m.phone}`,
      text: m.body,
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
      });
    } catch (error) {
      if (error instanceof AppError && error.status === 403) throw data({ detail: error.message }, { status: 403 });
      if (error instanceof AppError && error.status === 422)
        return data<Answer>({ error: hoursMessage(error.message) }, { status: 422 });
      throw error;
    }
    return { done: "Message settings saved. New orders follow them." } satisfies Answer;
  }
  const id = Number(formText(form, "resend"));
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647)
    return data<Answer>({ error: "Choose a message to send again." }, { status: 422 });
  try {
    await resendMessage(context.core, actor, id);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.status === 403) throw data({ detail: error.message }, { status: 403 });
    return data<Answer>({ error: `#${id}: ${error.message}` }, { status: error.status });
  }
  return { done: `Message #${id} will be sent again in a moment.` } satisfies Answer;
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
  const { settings, status, problem, page, pages, total, failed, messages } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as Answer | undefined;
  const busy = useNavigation().state === "submitting";
  const href = (next: { status?: string; page?: number }) => {
    const q = new URLSearchParams();
    const s = next.status ?? status;
    if (s !== "all") q.set("status", s);
    if (next.page && next.page > 1) q.set("page", String(next.page));
    const text = q.toString();
    return text ? `/admin/messages?${text}` : "/admin/messages";
  };
  return (
    <>
      <PageTitle
        title="Messages"
        intro="WhatsApp messages to shoppers, newest first. Without a WhatsApp account configured they are only kept here, not sent."
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
          <button type="submit" disabled={busy} className="btn-secondary">
            Save
          </button>
        </Form>
      )}
      <nav aria-label="Message status" className="-mx-4 mb-4 overflow-x-auto px-4">
        <ul className="flex gap-1 whitespace-nowrap">
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
      <ul className="space-y-2" aria-label="Message list">
        {messages.map((m) => (
          <li key={m.id} className="space-y-2 bg-white p-3 text-sm ring-1 ring-stone-200">
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span
                className={`text-xs font-semibold uppercase tracking-wide ${m.status === "failed" ? "text-red-700" : "text-stone-600"}`}
              >
                {STATUS_LABELS[m.status] ?? m.status}
              </span>
              <span className="font-semibold">{m.kind}</span>
              {m.orderId !== null ? (
                <Link to={`/admin/orders/${m.orderId}`} className="underline underline-offset-4">
                  Order {m.trackingId ?? `#${m.orderId}`}
                </Link>
              ) : (
                <span className="text-stone-600">no order</span>
              )}
              <span className="tabular-nums text-stone-600">{m.phone}</span>
            </p>
            {/* plain text: React escapes it, and line breaks are kept; the Urdu part reads right to left */}
            {m.text.split("\n\n").map((part, n) => (
              <p key={n} className="whitespace-pre-line break-words text-stone-800" dir="auto">
                {part}
              </p>
            ))}
            <p className="text-xs text-stone-600">
              {m.language} · written {m.created}
              {m.sent && ` · ${m.status === "sent" ? "sent" : "handled"} ${m.sent}`} · {m.attempts}{" "}
              {m.attempts === 1 ? "attempt" : "attempts"}
              {m.nextAttempt && ` · next try ${m.nextAttempt}`}
            </p>
            {m.lastError && (
              <p className={`break-words text-xs ${m.status === "logged" ? "text-stone-600" : "text-red-700"}`}>
                {m.status === "logged" ? m.lastError : `Last error: ${m.lastError}`}
              </p>
            )}
            {m.status === "failed" && (
              <Form method="post" preventScrollReset>
                <button
                  type="submit"
                  name="resend"
                  value={m.id}
                  disabled={busy}
                  className="btn-primary"
                  aria-label={`Send message #${m.id} again`}
                >
                  Resend
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      <Pager page={page} pages={pages} href={(n) => href({ page: n })} />
    </>
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
