// New orders announce themselves (decision 0094): each member's choice (off by default), queued in
// the order's transaction for members whose role sees orders, never the one who took a phone
// order; WhatsApp to a number proven by a code; email; devices that lose access; hostile input.
// The push service's answers, old pushes and the VAPID keys are in order-alerts-push-service.test.ts.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  addAlertDevice,
  confirmAlertPhone,
  forgetSessionDevices,
  getOrderAlerts,
  MAX_DEVICES,
  PHONE_CODE_TEXT,
  pruneAlertDevices,
  removeAlertDevice,
  setAlertChannels,
  startAlertPhoneCheck,
} from "../../core/orders/order-alerts";
import { PHONE_CODE_RESEND_REFUSED, resendMessage } from "../../core/messaging/message-log";
import { runOutboxOnce } from "../../core/messaging/outbox";
import { logOnlyTransport } from "../../core/messaging/transport";
import { placeManualOrder } from "../../core/orders/manual-order";
import { updateStaff } from "../../core/staff/accounts";
import { count, rows } from "../helpers/shop";
import { makeStaff } from "../helpers/staff";
import {
  t,
  push,
  keys,
  owner,
  packer,
  catalogue,
  item,
  UA_ANDROID,
  actor,
  addDevice,
  placeOrder,
  pushesOf,
  drainPushes,
  receivedFor,
  makeOwnerSession,
  startOrderAlertsStore,
} from "../helpers/order-alerts";

startOrderAlertsStore();

describe("who is told", () => {
  it("nobody until they choose: a new order queues no alert at all", async () => {
    const order = await placeOrder();
    expect(await pushesOf(order.id)).toEqual([]);
    expect(
      await count(
        t,
        sql`select count(*) as n from email_messages where order_id = ${order.id} and kind = 'new_order_alert'`,
      ),
    ).toBe(0);
    expect(
      await count(
        t,
        sql`select count(*) as n from whatsapp_messages where order_id = ${order.id} and kind = 'new_order_alert'`,
      ),
    ).toBe(0);
    const settings = await getOrderAlerts(t.core, await actor(owner));
    expect(settings).toMatchObject({ email: false, whatsapp: false, phone: null, devices: [] });
  });

  it("a member whose role does not see orders can neither choose alerts nor add a device (403)", async () => {
    const who = await actor(catalogue);
    await expect(setAlertChannels(t.core, who, { email: true })).rejects.toMatchObject({ status: 403 });
    await expect(
      addAlertDevice(t.core, who, push.subscribe(), UA_ANDROID, { extraOrigins: [push.origin] }),
    ).rejects.toMatchObject({ status: 403 });
    await expect(startAlertPhoneCheck(t.core, who, { phone: "0300-1234567" })).rejects.toMatchObject({ status: 403 });
  });

  it("queues, in the order's transaction, a push for each device and an email for each member who chose them", async () => {
    const phone = await addDevice(owner);
    const laptop = await addDevice(owner);
    await setAlertChannels(t.core, await actor(packer), { email: true });
    const order = await placeOrder();
    const queued = await pushesOf(order.id);
    expect(queued.map((r) => r.user_id)).toEqual([owner.id, owner.id]);
    expect(queued.every((r) => r.status === "queued")).toBe(true);
    // placing the order asked nothing of the push service: that is the worker's, later
    expect(push.attempts.filter((a) => a.id === phone.endpoint.split("/").pop())).toEqual([]);
    const emails = await rows<{ user_id: number; to_address: string; subject: string; text_body: string }>(
      t,
      sql`select user_id, to_address, subject, text_body from email_messages where order_id = ${order.id} and kind = 'new_order_alert'`,
    );
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ user_id: packer.id, to_address: packer.email.toLowerCase() });
    expect(emails[0]!.subject).toContain(`New order ${order.tracking_id}`);
    expect(emails[0]!.text_body).toContain(`https://zaiba.test/admin/orders/${order.id}`);

    await drainPushes();
    const got = receivedFor(order.id);
    expect(got).toHaveLength(2);
    expect(new Set(got.map((g) => g.id))).toEqual(new Set([phone, laptop].map((s) => s.endpoint.split("/").pop())));
    // the fake checked the ES256 signature and decrypted the body with the browser's keys
    expect(got[0]!.vapidKey).toBe(keys.publicKey);
    expect(got[0]!.claims).toMatchObject({ aud: push.origin, sub: "mailto:owner@zaiba.test" });
    expect(got[0]!.headers.urgency).toBe("high");
    expect(got[0]!.payload).toEqual({
      title: `New order ${order.tracking_id}`,
      body: expect.stringMatching(/^Ayesha Khan, Lahore · Rs\. [\d,]+ · 2 items$/) as unknown,
      url: `/admin/orders/${order.id}`,
      tag: `order-${order.id}`,
    });
    expect((await pushesOf(order.id)).map((r) => r.status)).toEqual(["sent", "sent"]);
  });

  it("a phone order: the members are told, the one who took it is not", async () => {
    await addDevice(owner);
    await addDevice(packer);
    const outcome = await placeManualOrder(t.core, await actor(packer), {
      first_name: "Sana",
      last_name: "Iqbal",
      phone: "0321-7654321",
      shipping_address: "Flat 3, Block B, Clifton",
      city: "Karachi",
      postal_code: "75600",
      items: [{ product_id: item.productId, combination_id: item.combinationId, quantity: 1 }],
      source: "phone",
    });
    const orderId = (outcome as { order: { id: number } }).order.id;
    expect((await pushesOf(orderId)).map((r) => r.user_id)).toEqual([owner.id]);
  });

  it("a member deactivated, or moved to a role without orders, is told nothing more, and their devices are removed", async () => {
    const member = await makeStaff(t.app, t.core, owner, "fulfilment");
    await addDevice(member);
    await setAlertChannels(t.core, await actor(member), { email: true });
    await updateStaff(t.core, await actor(owner), member.id, { role: "catalogue" });
    const order = await placeOrder();
    expect(await pushesOf(order.id)).toEqual([]);
    expect(
      await count(
        t,
        sql`select count(*) as n from email_messages where order_id = ${order.id} and user_id = ${member.id}`,
      ),
    ).toBe(0);
    expect(await pruneAlertDevices(t.core.db)).toBe(1);
    expect(await count(t, sql`select count(*) as n from push_subscriptions where user_id = ${member.id}`)).toBe(0);
  });

  it("signing out of the session that turned a device on removes that device only", async () => {
    const here = await addDevice(owner);
    const second = await makeOwnerSession();
    await addAlertDevice(t.core, second, push.subscribe(), UA_ANDROID, { extraOrigins: [push.origin] });
    await forgetSessionDevices(t.core, second.sessionId);
    const left = await rows<{ endpoint: string }>(
      t,
      sql`select endpoint from push_subscriptions where user_id = ${owner.id}`,
    );
    expect(left.map((r) => r.endpoint)).toEqual([here.endpoint]);
  });
});

describe("WhatsApp to a proven number", () => {
  it("a code to the number, the wrong code refused and counted, the right one turns alerts on; the code leaves no trace once sent", async () => {
    const who = await actor(packer);
    await expect(setAlertChannels(t.core, who, { whatsapp: true })).rejects.toMatchObject({ status: 409 });
    expect(await startAlertPhoneCheck(t.core, who, { phone: "0300 765 4321" })).toBe("923007654321");
    const [message] = await rows<{ id: number; parameters: string[]; body: string }>(
      t,
      sql`select id, parameters, body from whatsapp_messages where kind = 'phone_code' and phone = '923007654321' order by id desc limit 1`,
    );
    const code = message!.parameters[0]!;
    expect(code).toMatch(/^\d{6}$/);
    expect(message!.body).toBe(PHONE_CODE_TEXT);
    const wrong = code === "000000" ? "111111" : "000000";
    await expect(confirmAlertPhone(t.core, who, { code: wrong })).rejects.toMatchObject({ status: 422 });
    expect(await confirmAlertPhone(t.core, who, { code })).toBe("923007654321");
    expect(await getOrderAlerts(t.core, who)).toMatchObject({
      whatsapp: true,
      phone: "923007654321",
      pendingPhone: null,
    });

    // every order so far asked its shopper on WhatsApp too: the outbox is run until it is empty
    while ((await runOutboxOnce(t.core.db, logOnlyTransport)).claimed > 0);
    const [after] = await rows<{ parameters: string[] }>(
      t,
      sql`select parameters from whatsapp_messages where id = ${message!.id}`,
    );
    expect(after!.parameters).toEqual([]);

    const order = await placeOrder();
    const alerts = await rows<{ phone: string; parameters: string[]; body: string }>(
      t,
      sql`select phone, parameters, body from whatsapp_messages where order_id = ${order.id} and kind = 'new_order_alert'`,
    );
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.phone).toBe("923007654321");
    expect(alerts[0]!.parameters).toEqual([
      order.tracking_id,
      "Ayesha Khan, Lahore",
      expect.stringMatching(/^Rs\. /) as unknown,
      `https://zaiba.test/admin/orders/${order.id}`,
    ]);
  });

  it("a failed code message cannot be sent again from the message log (the code is not kept)", async () => {
    const member = await makeStaff(t.app, t.core, owner, "fulfilment");
    await startAlertPhoneCheck(t.core, await actor(member), { phone: "0312-5556667" });
    const [message] = await rows<{ id: number }>(
      t,
      sql`select id from whatsapp_messages where kind = 'phone_code' and phone = '923125556667'`,
    );
    await t.core.db.execute(
      sql`update whatsapp_messages set status = 'failed', parameters = '[]' where id = ${message!.id}`,
    );
    await expect(resendMessage(t.core, await actor(owner), message!.id)).rejects.toMatchObject({
      status: 409,
      message: PHONE_CODE_RESEND_REFUSED,
    });
  });

  it("a second code within the minute is refused (429); a sixth wrong code finds the code used up", async () => {
    const member = await makeStaff(t.app, t.core, owner, "fulfilment");
    const who = await actor(member);
    await startAlertPhoneCheck(t.core, who, { phone: "0311-2223334" });
    await expect(startAlertPhoneCheck(t.core, who, { phone: "0311-2223334" })).rejects.toMatchObject({ status: 429 });
    const [message] = await rows<{ parameters: string[] }>(
      t,
      sql`select parameters from whatsapp_messages where kind = 'phone_code' and phone = '923112223334' order by id desc limit 1`,
    );
    const code = message!.parameters[0]!;
    const wrong = code === "123456" ? "654321" : "123456";
    for (let n = 0; n < 5; n++) {
      await expect(confirmAlertPhone(t.core, who, { code: wrong })).rejects.toMatchObject({ status: 422 });
    }
    await expect(confirmAlertPhone(t.core, who, { code })).rejects.toThrow(/expired or was used up/);
  });
});

describe("hostile input", () => {
  it("refuses a subscription to an address that is no push service, a huge one, bad keys, NUL bytes", async () => {
    const who = await actor(owner);
    const good = push.subscribe();
    const tries: unknown[] = [
      { ...good, endpoint: "https://169.254.169.254/latest/meta-data" },
      { ...good, endpoint: good.endpoint.replace("https:", "http:") },
      { ...good, endpoint: "http://fcm.googleapis.com/fcm/send/x" },
      { ...good, endpoint: `https://fcm.googleapis.com/${"a".repeat(1_000_000)}` },
      { ...good, keys: { p256dh: "short", auth: good.keys.auth } },
      { ...good, keys: { p256dh: good.keys.p256dh, auth: "\u0000".repeat(22) } },
      { endpoint: good.endpoint },
      null,
      "x".repeat(10_000),
    ];
    for (const raw of tries) {
      await expect(addAlertDevice(t.core, who, raw, UA_ANDROID, { extraOrigins: [push.origin] })).rejects.toMatchObject(
        {
          status: 422,
        },
      );
    }
    expect(await count(t, sql`select count(*) as n from push_subscriptions`)).toBe(0);
  });

  it("refuses phone numbers that are not one: NUL bytes, 1 MB, letters", async () => {
    const who = await actor(owner);
    for (const phone of ["0300\u00001234567", "9".repeat(1_000_000), "call me", "", 42]) {
      await expect(startAlertPhoneCheck(t.core, who, { phone })).rejects.toMatchObject({ status: 422 });
    }
  });

  it("another member's device cannot be removed (the same 404 as a missing one)", async () => {
    await addDevice(owner);
    const [row] = await rows<{ id: number }>(t, sql`select id from push_subscriptions where user_id = ${owner.id}`);
    await expect(removeAlertDevice(t.core, await actor(packer), { id: row!.id })).rejects.toMatchObject({
      status: 404,
    });
    await expect(removeAlertDevice(t.core, await actor(packer), { id: 2 ** 53 })).rejects.toMatchObject({
      status: 404,
    });
    expect(await count(t, sql`select count(*) as n from push_subscriptions where id = ${row!.id}`)).toBe(1);
  });

  it(`at most ${MAX_DEVICES} devices a member, even added at once`, async () => {
    const who = await actor(owner);
    const results = await Promise.allSettled(
      Array.from({ length: MAX_DEVICES + 4 }, () =>
        addAlertDevice(t.core, who, push.subscribe(), UA_ANDROID, { extraOrigins: [push.origin] }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(MAX_DEVICES);
    expect(await count(t, sql`select count(*) as n from push_subscriptions where user_id = ${owner.id}`)).toBe(
      MAX_DEVICES,
    );
  });

  it("the same browser subscribing again is one device; a device label comes from the browser's own words", async () => {
    const same = push.subscribe();
    await addDevice(owner, same);
    await addDevice(owner, same);
    const settings = await getOrderAlerts(t.core, await actor(owner));
    expect(settings.devices).toHaveLength(1);
    expect(settings.devices[0]!.device).toBe("Chrome on Android");
  });
});
