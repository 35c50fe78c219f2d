// The shopper email tests: one store a file sending through a local SMTP server that keeps what it
// receives, an owner, a manager, a fulfilment and a catalogue member, orders placed and moved, the
// owner's switches, and the queue drained as the worker drains it.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import {
  emailQueue,
  logOnlyEmailTransport,
  parseMailFrom,
  parseSmtpUrl,
  smtpTransport,
  type EmailTransport,
} from "../../core/messaging/email-transport";
import { OUTBOX_DEFAULTS, runQueueOnce, type OutboxOptions } from "../../core/messaging/outbox";
import { createTestApp } from "./app";
import { startFakeSmtp, type FakeSmtp, type ReceivedMail } from "./fake-smtp";
import { owner, placeOrderOf, startOrderDesk, t } from "./order-desk";
import { drainOutbox, type EmailRow as StoredEmail } from "./outbox";
import { rows, setStock, simpleProducts, type Item } from "./shop";
import { type TestStaff } from "./staff";

export { catalogue, manager, owner, packer, t } from "./order-desk";
export let smtp: FakeSmtp;
export let mail: EmailTransport;
export let item: Item;

export const FAST: OutboxOptions = {
  ...OUTBOX_DEFAULTS,
  pollMs: 50,
  baseBackoffMs: 1,
  maxBackoffMs: 8,
  maxAttempts: 4,
};
export const PUBLIC = "https://zaiba.test";

export interface EmailRow extends StoredEmail {
  status: string;
  attempts: number;
  provider_message_id: string | null;
  last_error: string | null;
  resend_of: number | null;
}

export const emailsOf = (orderId: number) =>
  rows<EmailRow>(t, sql`select * from email_messages where order_id = ${orderId} order by id`);

export const drain = (transport: EmailTransport = mail, options: OutboxOptions = FAST) =>
  drainOutbox(t, "email_messages", () => runQueueOnce(t.core.db, emailQueue(transport), options));

export async function placeOrder(email?: string): Promise<{ id: number; tracking_id: string }> {
  await setStock(t, item, 50);
  return placeOrderOf([{ item, quantity: 2 }], email ? { email } : {});
}

export const api = (method: "GET" | "POST" | "PUT", url: string, who: TestStaff | null, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: who?.auth ?? {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

export async function move(orderId: number, payload: Record<string, unknown>) {
  const res = await api("POST", `/api/admin/orders/${orderId}/status`, owner, payload);
  expect(res.statusCode, res.body).toBe(200);
}

export async function switches(values: Record<string, boolean | undefined>) {
  const res = await api("PUT", "/api/admin/settings/messages", owner, {
    whatsapp_confirmations: true,
    whatsapp_language: "en",
    ...values,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Record<string, unknown>;
}

export const receivedFor = (id: number): ReceivedMail[] =>
  smtp.received.filter((m) => m.messageId === `<email-${id}@zaiba.test>`);

export function startOrderEmailsStore() {
  startOrderDesk(
    { app: () => createTestApp({ PUBLIC_URL: PUBLIC }), members: ["manager", "fulfilment", "catalogue"] },
    async () => {
      [item] = (await simpleProducts(t, 0, 1)) as [Item];
    },
  );
  beforeAll(async () => {
    smtp = await startFakeSmtp();
    mail = smtpTransport(parseSmtpUrl(smtp.url), {
      from: parseMailFrom("", PUBLIC),
      storeName: () => Promise.resolve("Zaiba"),
      timeoutMs: 2_000,
    });
  });
  afterAll(async () => {
    await smtp?.close();
  });
  beforeEach(async () => {
    await drain(logOnlyEmailTransport);
  });
}
