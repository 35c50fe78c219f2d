// One entry of the Messages list (a WhatsApp message or an email to a shopper: its state, order,
// text, attempts and last error, with Resend where core allows it), and an email opened in full.
// An email's own HTML shows in a sandboxed frame (no scripts, no same origin).
import { Form, Link } from "react-router";
import type { LogEntry } from "../../../core/messaging/email-log";

const STATUS_LABELS: Record<string, string> = {
  queued: "Waiting to send",
  sending: "Sending",
  sent: "Sent",
  logged: "Not sent",
  failed: "Failed",
};

/** A message of the log as the Messages page's loader gives it: its moments as words. */
export type MessageLogView = Omit<LogEntry, "status" | "nextAttemptAt" | "createdAt" | "sentAt"> & {
  status: string;
  created: string;
  sent: string | null;
  nextAttempt: string | null;
};

export function MessageLogEntry({ m, busy, viewHref }: { m: MessageLogView; busy: boolean; viewHref: string }) {
  return (
    <li className="space-y-2 bg-white p-3 text-sm ring-1 ring-stone-200">
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
          <Link to={viewHref} className="inline-flex min-h-11 items-center underline underline-offset-4">
            View email #{m.id}
          </Link>
          {m.status !== "queued" && m.status !== "sending" && <ResendButton email id={m.id} busy={busy} />}
        </div>
      )}
      {m.channel === "whatsapp" && m.status === "failed" && <ResendButton email={false} id={m.id} busy={busy} />}
    </li>
  );
}

/** One email opened above the list: as the shopper sees it, or its text when it has no HTML. */
export function EmailView({
  email,
  closeHref,
}: {
  email: { id: number; subject: string; to: string; text: string; html: string | null; kind: string };
  closeHref: string;
}) {
  return (
    <section aria-label={`Email #${email.id}`} className="mb-4 space-y-2 bg-white p-3 text-sm ring-1 ring-stone-200">
      <p className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold break-words">
          {email.kind}: {email.subject}
        </span>
        <Link to={closeHref} className="inline-flex min-h-11 items-center underline underline-offset-4">
          Close
        </Link>
      </p>
      <p className="break-words text-stone-600">To {email.to}</p>
      {email.html ? (
        // sandbox="" runs no script and gives the frame no access to the console's origin
        <iframe
          title={`Email #${email.id} as the shopper sees it`}
          sandbox=""
          srcDoc={email.html}
          className="h-[32rem] w-full max-w-[600px] border-0 ring-1 ring-stone-200"
        />
      ) : (
        <p className="whitespace-pre-line text-stone-800">{email.text}</p>
      )}
    </section>
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
