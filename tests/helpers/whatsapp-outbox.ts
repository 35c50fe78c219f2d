// The WhatsApp outbox tests: one store a file with the Cloud API set up against a fake provider,
// orders placed from their own phones, and the outbox's queue run and read as its worker does.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { cloudApiTransport, type WhatsAppSettings } from "../../core/messaging/cloud-api";
import { OUTBOX_DEFAULTS, runOutboxOnce, type OutboxOptions } from "../../core/messaging/outbox";
import { logOnlyTransport, type MessageTransport } from "../../core/messaging/transport";
import { startFakeWhatsApp, type FakeWhatsApp } from "./fake-whatsapp";
import { placeOrderOf, startOrderDesk, t } from "./order-desk";
import { drainOutbox } from "./outbox";
import { rows, simpleProducts, setStock, type Item } from "./shop";

export { catalogue, owner, packer, t } from "./order-desk";
export let fake: FakeWhatsApp;
export let cloud: MessageTransport;
export let item: Item;

const settings = (url: string): WhatsAppSettings => ({
  apiUrl: url,
  apiVersion: "v21.0",
  phoneNumberId: "106540352242922",
  accessToken: "test-access-token",
  appSecret: "test-app-secret",
  verifyToken: "test-verify-token",
  templates: {
    confirmation: "order_confirmation",
    reminder: "order_confirmation_reminder",
    password_code: "password_reset_code",
  },
  timeoutMs: 2_000,
});

// retries come quickly in the tests: 1 ms, doubling to 8 ms
export const FAST: OutboxOptions = {
  ...OUTBOX_DEFAULTS,
  pollMs: 50,
  baseBackoffMs: 1,
  maxBackoffMs: 8,
  maxAttempts: 3,
};

export interface MessageRow {
  id: number;
  order_id: number | null;
  kind: string;
  language: string;
  phone: string;
  body: string;
  buttons: string[] | string;
  status: string;
  attempts: number;
  provider_message_id: string | null;
  last_error: string | null;
  sent_at: Date | null;
}
export const list = (v: string[] | string) => (typeof v === "string" ? (JSON.parse(v) as string[]) : v);

export async function messagesOf(orderId: number): Promise<MessageRow[]> {
  return rows<MessageRow>(t, sql`select * from whatsapp_messages where order_id = ${orderId} order by id`);
}

export async function placeOrder(): Promise<{ id: number; tracking_id: string }> {
  await setStock(t, item, 50);
  return placeOrderOf([{ item, quantity: 2 }]);
}

/** Runs the worker until nothing is queued or sending (retries included). */
export const drain = (transport: MessageTransport, options: OutboxOptions = FAST) =>
  drainOutbox(t, "whatsapp_messages", () => runOutboxOnce(t.core.db, transport, options));

export const sentTo = (messageId: number) =>
  fake.requests.filter((r) => r.body.biz_opaque_callback_data === `message:${messageId}`);
export const deliveredTo = (messageId: number) =>
  fake.delivered().filter((r) => r.body.biz_opaque_callback_data === `message:${messageId}`);

export function startWhatsAppOutboxStore() {
  startOrderDesk({ members: ["fulfilment", "catalogue"] }, async () => {
    [item] = (await simpleProducts(t, 0, 1)) as [Item];
  });
  beforeAll(async () => {
    fake = await startFakeWhatsApp();
    cloud = cloudApiTransport(settings(fake.url));
  });
  afterAll(async () => {
    await fake?.close();
  });
  beforeEach(async () => {
    // everything earlier tests left is settled first, so each test sees only its own messages
    await drain(logOnlyTransport);
    fake.answers.length = 0;
  });
}
