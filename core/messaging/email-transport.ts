// How an email leaves the store (decision 0076): SMTP through nodemailer when SMTP_URL
// is set, else a transport that sends nothing and leaves the message in the console's log, so a
// fresh install and the tests work offline. The email outbox is decision 0069's queue over
// email_messages: the worker, lease and backoff are outbox.ts's.
import type { Transporter } from "nodemailer";
import addressparser from "nodemailer/lib/addressparser";
import type { EmailKind } from "../../db/schema";
import { isEmailAddress } from "../shared/email";
import type { OutboxQueue } from "./outbox";
import { TransportError, type SendResult } from "./transport";

/** One email as the worker hands it to a transport. */
export interface OutgoingEmail {
  id: number;
  kind: EmailKind;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface EmailTransport {
  readonly name: string;
  send(email: OutgoingEmail): Promise<SendResult>;
}

export const EMAIL_NOT_SENT_NOTE = "not sent: no email server configured";

/** The default: nothing leaves the store; the console's message log shows the email. */
export const logOnlyEmailTransport: EmailTransport = {
  name: "log only",
  send: () => Promise.resolve({ outcome: "logged", note: EMAIL_NOT_SENT_NOTE }),
};

export interface SmtpSettings {
  host: string;
  port: number;
  /** smtps: TLS from the first byte (port 465); smtp: plain, upgraded by STARTTLS when offered */
  secure: boolean;
  user: string;
  pass: string;
}

/** The sender: MAIL_FROM's name and address; no name = the store's name from the settings. */
export interface MailFrom {
  name: string | null;
  address: string;
}

/** SMTP_URL (smtp://user:pass@host:port or smtps://…), checked at start with a clear error. */
export function parseSmtpUrl(value: string): SmtpSettings {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error("SMTP_URL must look like smtp://user:password@host:587 or smtps://user:password@host:465");
  }
  if (url.protocol !== "smtp:" && url.protocol !== "smtps:") {
    throw new Error(`SMTP_URL must start with smtp:// or smtps://, not ${url.protocol}//`);
  }
  if (url.hostname === "") throw new Error("SMTP_URL has no host name (smtp://user:password@host:587)");
  if (url.pathname !== "" && url.pathname !== "/") throw new Error("SMTP_URL must not have a path");
  if (url.search !== "") throw new Error("SMTP_URL must not have options after ?");
  const secure = url.protocol === "smtps:";
  let user: string;
  let pass: string;
  try {
    user = decodeURIComponent(url.username);
    pass = decodeURIComponent(url.password);
  } catch {
    throw new Error("SMTP_URL's user name or password is not properly %-encoded");
  }
  if (user !== "" && pass === "") throw new Error("SMTP_URL names a user but no password (smtp://user:password@host)");
  return {
    // new URL keeps an IPv6 address in brackets, which a socket does not take
    host: url.hostname.replace(/^\[(.*)\]$/, "$1"),
    port: url.port === "" ? (secure ? 465 : 587) : Number(url.port),
    secure,
    user,
    pass,
  };
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^\[(.*)\]$/, "$1") || "localhost";
  } catch {
    return "localhost";
  }
}

/** MAIL_FROM (`"Zaiba" <orders@zaiba.pk>` or `orders@zaiba.pk`); unset = no-reply@ PUBLIC_URL's host. */
export function parseMailFrom(value: string | undefined, publicUrl: string): MailFrom {
  const text = (value ?? "").trim();
  if (text === "") return { name: null, address: `no-reply@${hostOf(publicUrl)}` };
  const parsed = addressparser(text, { flatten: true });
  const first = parsed[0];
  if (parsed.length !== 1 || !first?.address || !isEmailAddress(first.address)) {
    throw new Error(`MAIL_FROM must be one address, such as "Zaiba" <orders@zaiba.pk>, not "${text}"`);
  }
  return { name: first.name.trim() || null, address: first.address };
}

/**
 * An SMTP reply that cannot change by trying again: 5xx to the message or its recipient (550 no
 * such mailbox, 553 bad address, 554 refused). A 5xx to the sign-in (535) is the store's
 * password, not the message: it is retried, so messages go out once the owner fixes SMTP_URL.
 */
function isPermanent(error: { code?: unknown; responseCode?: unknown }): boolean {
  const code = typeof error.responseCode === "number" ? error.responseCode : 0;
  return code >= 500 && code < 600 && error.code !== "EAUTH";
}

export function smtpTransport(
  smtp: SmtpSettings,
  options: { from: MailFrom; storeName: () => Promise<string>; timeoutMs: number },
): EmailTransport {
  const connectMs = Math.min(10_000, options.timeoutMs);
  // nodemailer is loaded on the first send, not at start: a store without SMTP_URL never loads it,
  // and one with it pays ~15 MB only once mail goes out (decision 0078)
  let transporter: Promise<Transporter> | null = null;
  const connect = async () =>
    (await import("nodemailer")).createTransport({
      host: smtp.host,
      port: smtp.port,
      secure: smtp.secure,
      auth: smtp.user ? { user: smtp.user, pass: smtp.pass } : undefined,
      // every wait stays well inside the worker's lease, so no second process takes a message
      // this one is still sending (decision 0069)
      connectionTimeout: connectMs,
      greetingTimeout: connectMs,
      dnsTimeout: connectMs,
      socketTimeout: options.timeoutMs,
    });
  const domain = options.from.address.slice(options.from.address.lastIndexOf("@") + 1);
  return {
    name: "smtp",
    async send(email) {
      // the same row always carries the same Message-ID: a copy sent again after a crash mid-send
      // is recognisable as the same message (mail apps thread or drop it)
      const messageId = `<email-${email.id}@${domain}>`;
      const name = options.from.name ?? (await options.storeName());
      try {
        transporter ??= connect();
        await (
          await transporter
        ).sendMail({
          from: { name, address: options.from.address },
          to: email.to,
          subject: email.subject,
          text: email.text,
          html: email.html,
          messageId,
          // out-of-office replies are not sent back to a machine-sent message (RFC 3834)
          headers: { "Auto-Submitted": "auto-generated" },
        });
        return { outcome: "sent", providerMessageId: messageId };
      } catch (error) {
        const e = error as { code?: unknown; responseCode?: unknown; message?: unknown };
        const why = `${typeof e.code === "string" ? `${e.code}: ` : ""}${String(e.message ?? error)}`;
        throw new TransportError(why, isPermanent(e));
      }
    },
  };
}

interface EmailRow {
  id: number;
  attempts: number;
  kind: EmailKind;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
}

/** The email queue: email_messages through an email transport. */
export function emailQueue(transport: EmailTransport): OutboxQueue<EmailRow> {
  return {
    table: "email_messages",
    columns: ["kind", "to_address", "subject", "text_body", "html_body"],
    send: (row) =>
      transport.send({
        id: row.id,
        kind: row.kind,
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
      }),
  };
}
