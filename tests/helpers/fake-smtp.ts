// A local SMTP server for the tests (decision 0076): it keeps every message it accepts, decoded enough
// to check (headers, the plain-text and HTML parts), and can be told to refuse the next messages
// with an SMTP reply code, as a real server does when a mailbox is full (4xx) or unknown (5xx).
import type net from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  headers: Map<string, string>;
  subject: string;
  messageId: string;
  text: string;
  html: string;
  raw: string;
}

export interface FakeSmtp {
  /** smtp://user:pass@127.0.0.1:<port>, for SMTP_URL */
  url: string;
  port: number;
  /** messages accepted, in order */
  received: ReceivedMail[];
  /** every message the server was asked to take, accepted or not */
  attempts: number;
  /** refuse the next `count` messages with this reply code (451: try later; 550: no such mailbox) */
  refuseNext(count: number, code: number, text?: string): void;
  /** hold each message's reply until release(): a slow server */
  hold(): void;
  release(): void;
  close(): Promise<void>;
}

export const FAKE_SMTP_USER = "shop";
export const FAKE_SMTP_PASS = "s3cret";

export async function startFakeSmtp(): Promise<FakeSmtp> {
  const received: ReceivedMail[] = [];
  const refusals: { code: number; text: string }[] = [];
  const held: (() => void)[] = [];
  let holding = false;
  const sockets = new Set<net.Socket>();
  const fake = { attempts: 0 };

  const server = new SMTPServer({
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    authMethods: ["PLAIN", "LOGIN"],
    logger: false,
    banner: "fake smtp",
    onAuth(auth, _session, callback) {
      if (auth.username === FAKE_SMTP_USER && auth.password === FAKE_SMTP_PASS) callback(null, { user: auth.username });
      else callback(Object.assign(new Error("Authentication failed"), { responseCode: 535 }));
    },
    onConnect(session, callback) {
      void session;
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        fake.attempts++;
        const finish = () => {
          const refusal = refusals.shift();
          if (refusal) {
            callback(Object.assign(new Error(refusal.text), { responseCode: refusal.code }));
            return;
          }
          const raw = Buffer.concat(chunks).toString("utf8");
          const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
          received.push({ ...parseMessage(raw), from, to: session.envelope.rcptTo.map((r) => r.address), raw });
          callback(null, "Queued as fake");
        };
        if (holding) held.push(finish);
        else finish();
      });
    },
  });
  server.server.on("connection", (socket: net.Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as net.AddressInfo).port;

  return {
    url: `smtp://${FAKE_SMTP_USER}:${FAKE_SMTP_PASS}@127.0.0.1:${port}`,
    port,
    received,
    get attempts() {
      return fake.attempts;
    },
    refuseNext(count, code, text = code >= 500 ? "Mailbox unavailable" : "Try again later") {
      for (let n = 0; n < count; n++) refusals.push({ code, text });
    },
    hold() {
      holding = true;
    },
    release() {
      holding = false;
      for (const finish of held.splice(0)) finish();
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

// Enough MIME for what nodemailer writes: headers, multipart/alternative, quoted-printable or
// base64 parts, encoded-word subjects.
function parseMessage(raw: string): Pick<ReceivedMail, "headers" | "subject" | "messageId" | "text" | "html"> {
  const { headers, body } = splitHeaders(raw);
  const parts: { type: string; body: string }[] = [];
  collectParts(headers, body, parts);
  return {
    headers,
    subject: decodeWords(headers.get("subject") ?? ""),
    messageId: headers.get("message-id") ?? "",
    text: parts.find((p) => p.type === "text/plain")?.body ?? "",
    html: parts.find((p) => p.type === "text/html")?.body ?? "",
  };
}

function splitHeaders(raw: string): { headers: Map<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? "" : raw.slice(at).replace(/^\r?\n\r?\n/, "");
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function collectParts(headers: Map<string, string>, body: string, into: { type: string; body: string }[]): void {
  const type = headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith("multipart/") && boundary) {
    const sections = body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith("--")) break;
      const part = splitHeaders(section.replace(/^\r?\n/, ""));
      collectParts(part.headers, part.body, into);
    }
    return;
  }
  const encoding = (headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  const bytes =
    encoding === "base64"
      ? Buffer.from(body.replace(/\s+/g, ""), "base64")
      : encoding === "quoted-printable"
        ? decodeQuotedPrintable(body)
        : Buffer.from(body, "utf8");
  into.push({ type: type.split(";")[0]!.trim().toLowerCase(), body: bytes.toString("utf8").replace(/\r\n/g, "\n") });
}

function decodeQuotedPrintable(text: string): Buffer {
  const soft = text.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i]!, "utf8"));
  }
  return Buffer.from(bytes);
}

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_m, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(data, "base64").toString("utf8")
        : decodeQuotedPrintable(data.replace(/_/g, " ")).toString("utf8"),
    );
}
