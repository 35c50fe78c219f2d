// The WhatsApp outbox tests: one store a file with the Cloud API set up against a fake provider,
// orders placed from their own phones, and the outbox's queue run and read as its worker does.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import { cloudApiTransport, type WhatsAppSettings } from "../../core/messaging/cloud-api";
import { OUTBOX_DEFAULTS, runOutboxOnce, type OutboxOptions } from "../../core/messaging/outbox";
import { logOnlyTransport, type MessageTransport } from "../../core/messaging/transport";
import { freshIp } from "./accounts";
import { createTestApp, type TestApp } from "./app";
import { startFakeWhatsApp, type FakeWhatsApp } from "./fake-whatsapp";
import { count, orderPayload, rows, simpleProducts, setStock, type Item } from "./shop";
import { makeOwner, makeStaff, type TestStaff } from "./staff";

export let t: TestApp;
export let fake: FakeWhatsApp;
export let cloud: MessageTransport;
export let owner: TestStaff;
export let packer: TestStaff;
export let catalogue: TestStaff;
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
  // each from its own address: the per-connection order limit is not what these tests are about
  const res = await t.app.inject({
    method: "POST",
    url: "/api/orders",
    payload: orderPayload([{ item, quantity: 2 }]),
    remoteAddress: freshIp(),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; tracking_id: string };
}

/** Runs the worker until nothing is queued or sending (retries included). */
export async function drain(transport: MessageTransport, options: OutboxOptions = FAST) {
  for (let pass = 0; pass < 200; pass++) {
    await runOutboxOnce(t.core.db, transport, options);
    const left = await count(t, sql`select count(*) as n from whatsapp_messages where status in ('queued', 'sending')`);
    if (left === 0) return;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error("the outbox did not empty");
}

export const sentTo = (messageId: number) =>
  fake.requests.filter((r) => r.body.biz_opaque_callback_data === `message:${messageId}`);
export const deliveredTo = (messageId: number) =>
  fake.delivered().filter((r) => r.body.biz_opaque_callback_data === `message:${messageId}`);

export function startWhatsAppOutboxStore() {
  beforeAll(async () => {
    t = await createTestApp();
    fake = await startFakeWhatsApp();
    cloud = cloudApiTransport(settings(fake.url));
    owner = await makeOwner(t.app, t.core);
    packer = await makeStaff(t.app, t.core, owner, "fulfilment");
    catalogue = await makeStaff(t.app, t.core, owner, "catalogue");
    [item] = (await simpleProducts(t, 0, 1)) as [Item];
  }, 60_000);
  afterAll(async () => {
    await fake?.close();
    await t?.close();
  });
  beforeEach(async () => {
    // everything earlier tests left is settled first, so each test sees only its own messages
    await drain(logOnlyTransport);
    fake.answers.length = 0;
  });
}
