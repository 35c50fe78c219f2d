// The forgotten-password API tests' steps: a request answered and its background work done, the
// link taken from the stored email, the confirm, a sign-in's status, and a WhatsApp transport that
// refuses every send.
import { sql } from "drizzle-orm";
import { runAccountRequestsOnce } from "../../core/accounts/account-request-worker";
import { TransportError, type MessageTransport } from "../../core/messaging/transport";
import { freshIp } from "./accounts";
import { type TestApp } from "./app";
import { type EmailRow } from "./outbox";
import { rows } from "./shop";

export const NEW_PASSWORD = "Chiffon2025new";

/** A WhatsApp account whose every send the provider refuses for good. */
export const refusingTransport: MessageTransport = {
  name: "refusing",
  send: () => Promise.reject(new TransportError("(#131026) Message undeliverable", true)),
};

export async function call(t: TestApp, url: string, payload: unknown, options: { ip?: string; auth?: string } = {}) {
  const res = await t.app.inject({
    method: "POST",
    url,
    payload: payload as object,
    headers: options.auth ? { authorization: options.auth } : {},
    remoteAddress: options.ip ?? freshIp(),
  });
  return { status: res.statusCode, body: res.body ? res.json() : undefined, headers: res.headers };
}

/** What the worker does after the answer: look the address up and write the link or code. */
export async function afterAnswer(t: TestApp): Promise<void> {
  while ((await runAccountRequestsOnce(t.core, { whatsapp: whatsappSetUp.has(t) })).claimed > 0);
}
// the apps built with the WhatsApp Cloud API set up
export const whatsappSetUp = new WeakSet<TestApp>();

/** Asks for a reset, and lets the worker deal with the request as it would after the answer. */
export async function requestReset(t: TestApp, email: string, options: { ip?: string; channel?: string } = {}) {
  const answer = await call(
    t,
    "/api/users/password-reset",
    { email, ...(options.channel ? { channel: options.channel } : {}) },
    options,
  );
  await afterAnswer(t);
  return answer;
}

export const confirm = (t: TestApp, payload: unknown, ip?: string) =>
  call(t, "/api/users/password-reset/confirm", payload, { ip });

export type { EmailRow } from "./outbox";

export const resetEmails = (t: TestApp, email: string) =>
  rows<EmailRow>(
    t,
    sql`select * from email_messages where to_address = ${email} and kind = 'password_reset' order by id`,
  );

/**
 * The token in the newest reset email to this address: a shopper's link carries it in the path,
 * a staff member's (the console's page, decision 0097) in the query.
 */
export async function linkToken(t: TestApp, email: string): Promise<string> {
  const emails = await resetEmails(t, email);
  const last = emails.at(-1);
  const match = /\/reset-password(?:\/|\?token=)([A-Za-z0-9_-]{43})/.exec(last?.text_body ?? "");
  if (!match) throw new Error(`no reset link in ${JSON.stringify(last)}`);
  return match[1]!;
}

export async function signInStatus(t: TestApp, email: string, password: string): Promise<number> {
  return (await call(t, "/api/users/login", { email, password })).status;
}
