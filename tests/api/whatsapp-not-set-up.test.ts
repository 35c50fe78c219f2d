// A shop without a WhatsApp account (the default) must not cancel its orders for not answering a
// question nobody sent (decision 0089). An unanswered order expires only once its question
// reached the shopper's phone: the outbox sent it and the Cloud API's webhook reported it
// delivered. Everything else waits on the call list, the shopper is told the shop will call, and
// the console says why.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STAFF_COOKIE } from "../../app/lib/staff.server";
import { openStaffSession } from "../../core/staff/sessions";
import { cloudApiTransport, type WhatsAppSettings } from "../../core/messaging/cloud-api";
import { expiryNote, runConfirmationSchedulerOnce } from "../../core/orders/confirmation-scheduler";
import { runOutboxOnce } from "../../core/messaging/outbox";
import { logOnlyTransport } from "../../core/messaging/transport";
import { freshIp } from "../helpers/accounts";
import { createTestApp, type TestApp } from "../helpers/app";
import { startFakeWhatsApp, type FakeWhatsApp } from "../helpers/fake-whatsapp";
import { sendWebhook, statusUpdate, webhookEvent } from "../helpers/fake-whatsapp-webhook";
import { orderPayload, rows, setStock, simpleProducts, type Item } from "../helpers/shop";
import { createPageApp, hasPageBuild, type PageApp } from "../helpers/page-app";
import { makeOwner, makeStaff, type TestStaff } from "../helpers/staff";

const SECRET = "test-app-secret-for-deliveries";
const WHATSAPP_ENV = {
  WHATSAPP_ACCESS_TOKEN: "test-access-token",
  WHATSAPP_PHONE_NUMBER_ID: "106540352242922",
  WHATSAPP_APP_SECRET: SECRET,
};

const cloudSettings = (url: string): WhatsAppSettings => ({
  apiUrl: url,
  apiVersion: "v21.0",
  phoneNumberId: WHATSAPP_ENV.WHATSAPP_PHONE_NUMBER_ID,
  accessToken: WHATSAPP_ENV.WHATSAPP_ACCESS_TOKEN,
  appSecret: SECRET,
  verifyToken: "",
  templates: {
    confirmation: "order_confirmation",
    reminder: "order_confirmation_reminder",
    password_code: "password_reset_code",
  },
  timeoutMs: 2_000,
});

interface Shop {
  t: TestApp;
  owner: TestStaff;
  item: Item;
}

async function openShop(env: Record<string, string>): Promise<Shop> {
  const t = await createTestApp(env);
  const owner = await makeOwner(t.app, t.core);
  const [item] = (await simpleProducts(t, 0, 1)) as [Item];
  await setStock(t, item, 1000);
  return { t, owner, item };
}

let bare: Shop; // no WhatsApp account: the store as installed
let connected: Shop; // a WhatsApp account, sending to the fake Cloud API
let fake: FakeWhatsApp;

beforeAll(async () => {
  fake = await startFakeWhatsApp();
  bare = await openShop({ WHATSAPP_APP_SECRET: SECRET });
  connected = await openShop(WHATSAPP_ENV);
}, 90_000);
afterAll(async () => {
  await fake?.close();
  await bare?.t.close();
  await connected?.t.close();
});

async function place(shop: Shop) {
  const res = await shop.t.app.inject({
    method: "POST",
    url: "/api/orders",
    payload: orderPayload([{ item: shop.item, quantity: 1 }]),
    remoteAddress: freshIp(),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; tracking_id: string; confirmation_by: string; confirm_url: string | null };
}

const age = (shop: Shop, id: number, hours: number) =>
  shop.t.database.db.execute(
    sql`update orders set created_at = now() - make_interval(hours => ${hours}, mins => 1) where id = ${id}`,
  );

const orderStatus = async (shop: Shop, id: number) =>
  (await rows<{ status: string }>(shop.t, sql`select status from orders where id = ${id}`))[0]!.status;

const messagesOf = (shop: Shop, id: number) =>
  rows<{ id: number; kind: string; status: string; provider_message_id: string | null; phone: string }>(
    shop.t,
    sql`select id, kind, status, provider_message_id, phone from whatsapp_messages where order_id = ${id} order by id`,
  );

const callEntry = async (shop: Shop, id: number) => {
  const res = await shop.t.app.inject({
    method: "GET",
    url: "/api/admin/orders/calls?limit=100",
    headers: shop.owner.auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { id: number; whatsapp_question: string | null }[]).find((entry) => entry.id === id);
};

/** Tells the store, as the Cloud API's webhook would, what became of a message. */
async function report(shop: Shop, providerMessageId: string, phone: string, status: "delivered" | "read" | "failed") {
  const answer = await sendWebhook(
    shop.t.app,
    SECRET,
    webhookEvent([], [statusUpdate(providerMessageId, phone, status)]),
  );
  expect(answer.status, answer.body).toBe(200);
}

describe("without a WhatsApp account", () => {
  it("an unanswered order is never reminded or cancelled: its question was only logged", async () => {
    const order = await place(bare);
    await runOutboxOnce(bare.t.core.db, logOnlyTransport);
    expect((await messagesOf(bare, order.id)).map((m) => m.status)).toEqual(["logged"]);
    for (const hours of [13, 24 * 30]) {
      await age(bare, order.id, hours);
      const run = await runConfirmationSchedulerOnce(bare.t.core);
      expect(run).toMatchObject({ reminded: 0, expired: 0 });
      expect(await orderStatus(bare, order.id)).toBe("pending confirmation");
    }
    expect((await messagesOf(bare, order.id)).filter((m) => m.kind === "reminder")).toHaveLength(0);
    // it waits on the call list, which says why no answer came
    expect(await callEntry(bare, order.id)).toMatchObject({ whatsapp_question: "not sent" });
  });

  it("the shopper is told the shop will call, not that a WhatsApp message was sent", async () => {
    const order = await place(bare);
    expect(order.confirmation_by).toBe("call");
    // her own confirm page still works
    expect(order.confirm_url).toMatch(/^\/order\/confirm\//);
  });
});

describe("with a WhatsApp account", () => {
  it("the shopper is told to expect the WhatsApp question", async () => {
    expect((await place(connected)).confirmation_by).toBe("whatsapp");
  });

  it("an order is told the shop will call while confirmations are off", async () => {
    const off = await connected.t.app.inject({
      method: "PUT",
      url: "/api/admin/settings/messages",
      headers: connected.owner.auth,
      payload: { whatsapp_confirmations: false, whatsapp_language: "en" },
    });
    expect(off.statusCode, off.body).toBe(200);
    try {
      expect((await place(connected)).confirmation_by).toBe("call");
    } finally {
      await connected.t.app.inject({
        method: "PUT",
        url: "/api/admin/settings/messages",
        headers: connected.owner.auth,
        payload: { whatsapp_confirmations: true, whatsapp_language: "en" },
      });
    }
  });

  it("a question sent but never reported delivered does not cancel the order; once delivered, it does", async () => {
    const order = await place(connected);
    await runOutboxOnce(connected.t.core.db, cloudApiTransport(cloudSettings(fake.url)));
    const [question] = await messagesOf(connected, order.id);
    expect(question).toMatchObject({ kind: "confirmation", status: "sent" });
    expect(await callEntry(connected, order.id)).toMatchObject({ whatsapp_question: "sent" });

    await age(connected, order.id, 49);
    expect(await runConfirmationSchedulerOnce(connected.t.core)).toMatchObject({ expired: 0 });
    expect(await orderStatus(connected, order.id)).toBe("pending confirmation");

    // WhatsApp reports it read before delivered (events come out of order), then both again
    await report(connected, question!.provider_message_id!, question!.phone, "read");
    await report(connected, question!.provider_message_id!, question!.phone, "delivered");
    await report(connected, question!.provider_message_id!, question!.phone, "read");
    const [marked] = await rows<{ delivered_at: Date | null; read_at: Date | null; status: string }>(
      connected.t,
      sql`select delivered_at, read_at, status from whatsapp_messages where id = ${question!.id}`,
    );
    expect(marked!.status).toBe("sent");
    expect(marked!.delivered_at).not.toBeNull();
    expect(marked!.read_at).not.toBeNull();
    expect(await callEntry(connected, order.id)).toMatchObject({ whatsapp_question: "read" });

    expect(await runConfirmationSchedulerOnce(connected.t.core)).toMatchObject({ expired: 1 });
    expect(await orderStatus(connected, order.id)).toBe("cancelled");
    const [event] = await rows<{ note: string }>(
      connected.t,
      sql`select note from order_events where order_id = ${order.id} and to_status = 'cancelled'`,
    );
    expect(event!.note).toBe(expiryNote(48));
  });

  it("a question WhatsApp could not deliver is marked failed and its order waits for a call", async () => {
    const order = await place(connected);
    await runOutboxOnce(connected.t.core.db, cloudApiTransport(cloudSettings(fake.url)));
    const [question] = await messagesOf(connected, order.id);
    await report(connected, question!.provider_message_id!, question!.phone, "failed");
    // a late "delivered" for it changes nothing: the failure stands as reported
    const [after] = await messagesOf(connected, order.id);
    expect(after!.status).toBe("failed");
    await age(connected, order.id, 24 * 30);
    expect(await runConfirmationSchedulerOnce(connected.t.core)).toMatchObject({ expired: 0 });
    expect(await orderStatus(connected, order.id)).toBe("pending confirmation");
    expect(await callEntry(connected, order.id)).toMatchObject({ whatsapp_question: "failed" });
  });

  it("statuses in odd shapes, for unknown messages or with hostile values are answered 200 and change nothing", async () => {
    const order = await place(connected);
    await runOutboxOnce(connected.t.core.db, cloudApiTransport(cloudSettings(fake.url)));
    const odd = [
      { id: "wamid.UNKNOWN", status: "delivered", timestamp: "1700000000" },
      { id: "x\u0000y", status: "delivered" },
      { id: "a".repeat(100_000), status: "read" },
      { id: 12345, status: "delivered" },
      { status: "delivered" },
      { id: "wamid.X", status: "exploded" },
      { id: "wamid.X", status: "delivered", timestamp: "9".repeat(400) },
      null,
      "delivered",
    ];
    const answer = await sendWebhook(connected.t.app, SECRET, webhookEvent([], odd as Record<string, unknown>[]));
    expect(answer.status, answer.body).toBe(200);
    const [question] = await rows<{ delivered_at: Date | null; status: string }>(
      connected.t,
      sql`select delivered_at, status from whatsapp_messages where order_id = ${order.id}`,
    );
    expect(question).toMatchObject({ delivered_at: null, status: "sent" });
  });
});

describe.skipIf(!hasPageBuild())("the console's notice", () => {
  const consolePage = async (app: PageApp, staff: TestStaff, url = "/admin") => {
    await app.database.db.execute(sql`update users set must_change_password = false where id = ${staff.id}`);
    const { token } = await openStaffSession(app.core.db, staff.id, "console", { ip: "127.0.0.1" });
    const res = await app.app.inject({ method: "GET", url, headers: { cookie: `${STAFF_COOKIE}=${token}` } });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    return res.body;
  };
  const NOTICE = "WhatsApp is not set up, so confirmation requests are not sent.";

  it("warns those who take orders, where they look at orders, while confirmations cannot be sent", async () => {
    const app = await createPageApp();
    try {
      const owner = await makeOwner(app.app, app.core);
      const packer = await makeStaff(app.app, app.core, owner, "fulfilment");
      const catalogue = await makeStaff(app.app, app.core, owner, "catalogue");
      for (const url of ["/admin", "/admin/orders", "/admin/calls"]) {
        expect(await consolePage(app, owner, url), url).toContain(NOTICE);
      }
      expect(await consolePage(app, packer)).toContain(NOTICE);
      // no orders in their work: nothing they could do about it
      expect(await consolePage(app, catalogue, "/admin/products")).not.toContain(NOTICE);
      // only where orders are looked at: other pages keep their first screen for their own work
      expect(await consolePage(app, owner, "/admin/messages")).not.toContain(NOTICE);
      // confirmations turned off: nothing is owed, nothing to warn about
      await app.database.db.execute(sql`update site_settings set whatsapp_confirmations = false where id = 1`);
      app.core.cache.clear();
      expect(await consolePage(app, owner)).not.toContain(NOTICE);
    } finally {
      await app.close();
    }
  });

  it("is gone once a WhatsApp account is set up", async () => {
    const app = await createPageApp({ env: WHATSAPP_ENV });
    try {
      const owner = await makeOwner(app.app, app.core);
      expect(await consolePage(app, owner)).not.toContain(NOTICE);
    } finally {
      await app.close();
    }
  });
});
