// Order alerts through a push service (decision 0094), sent to a local one that checks the VAPID
// signature and decrypts the aes128gcm body with the browser's keys: 404/410 removes the device, a
// hung service times out and is retried, parallel workers send each once; old pushes deleted; the
// store's VAPID keys.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { runQueueOnce } from "../../core/messaging/outbox";
import { loadVapidKeys, pushQueue } from "../../core/messaging/web-push";
import { deleteExpiredData } from "../../core/retention/retention";
import { count, rows } from "../helpers/shop";
import {
  t,
  push,
  keys,
  owner,
  packer,
  FAST,
  sender,
  addDevice,
  placeOrder,
  pushesOf,
  drainPushes,
  receivedFor,
  startOrderAlertsStore,
} from "../helpers/order-alerts";

startOrderAlertsStore();

describe("the push service's answers", () => {
  it("410 Gone: the device is removed, the alert fails at once, and later orders skip it", async () => {
    const gone = await addDevice(owner);
    push.expire(gone);
    const order = await placeOrder();
    await drainPushes();
    const [row] = await pushesOf(order.id);
    expect(row).toMatchObject({ status: "failed", attempts: 1, subscription_id: null });
    expect(row!.last_error).toContain("410");
    expect(await count(t, sql`select count(*) as n from push_subscriptions where endpoint = ${gone.endpoint}`)).toBe(0);
    const next = await placeOrder();
    expect(await pushesOf(next.id)).toEqual([]);
  });

  it("404 removes the device too; 403 (a key the service does not accept) fails without removing it", async () => {
    const a = await addDevice(owner);
    const b = await addDevice(owner);
    push.answerNext(a, 404);
    push.answerNext(b, 403);
    await placeOrder();
    await drainPushes();
    const left = await rows<{ endpoint: string }>(t, sql`select endpoint from push_subscriptions`);
    expect(left.map((r) => r.endpoint)).toEqual([b.endpoint]);
  });

  it("a push service that never answers: the send is cut at its time limit and tried again, then delivered once", async () => {
    const slow = await addDevice(owner);
    push.answerNext(slow, "hang");
    const order = await placeOrder();
    const started = Date.now();
    await runQueueOnce(t.core.db, pushQueue(t.core.db, sender(300)), FAST);
    expect(Date.now() - started).toBeLessThan(2_000);
    const [after] = await pushesOf(order.id);
    expect(after).toMatchObject({ status: "queued", attempts: 1 });
    expect(after!.last_error).toMatch(/unreachable|timeout|socket/i);
    await drainPushes(300);
    expect(receivedFor(order.id)).toHaveLength(1);
    expect((await pushesOf(order.id))[0]).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("500 and 429 are retried with the outbox's backoff; 400 fails at once", async () => {
    const flaky = await addDevice(owner);
    push.answerNext(flaky, 500, 429);
    const order = await placeOrder();
    await drainPushes();
    expect((await pushesOf(order.id))[0]).toMatchObject({ status: "sent", attempts: 3 });
    expect(receivedFor(order.id)).toHaveLength(1);
    push.answerNext(flaky, 400);
    const refused = await placeOrder();
    await drainPushes();
    expect((await pushesOf(refused.id))[0]).toMatchObject({ status: "failed", attempts: 1 });
  });

  it("four workers at once over twelve orders: each device is told of each order once", async () => {
    const devices = [await addDevice(owner), await addDevice(packer)];
    const placed = [];
    for (let n = 0; n < 12; n++) placed.push(await placeOrder());
    const queue = pushQueue(t.core.db, sender());
    await Promise.all(
      Array.from({ length: 4 }, (_, n) => runQueueOnce(t.core.db, queue, { ...FAST, batch: 4 }, `w${n}`)),
    );
    await drainPushes();
    for (const order of placed) {
      const got = receivedFor(order.id);
      expect(got.map((g) => g.id).sort()).toEqual(devices.map((d) => d.endpoint.split("/").pop()).sort());
    }
  });
});

describe("old pushes", () => {
  it("a push dealt with is deleted after 30 days; one still waiting is kept", async () => {
    await addDevice(owner);
    const order = await placeOrder();
    await drainPushes();
    const [sent] = await pushesOf(order.id);
    await t.core.db.execute(
      sql`update push_messages set created_at = now() - interval '31 days' where id = ${sent!.id}`,
    );
    const waiting = await placeOrder();
    await t.core.db.execute(
      sql`update push_messages set created_at = now() - interval '31 days' where order_id = ${waiting.id}`,
    );
    const report = await deleteExpiredData(t.core);
    expect(report.pushMessages).toBe(1);
    expect(await pushesOf(order.id)).toEqual([]);
    expect(await pushesOf(waiting.id)).toHaveLength(1);
  });
});

describe("the store's VAPID keys", () => {
  it("from the environment, checked; made once in the data folder with the embedded database; none on PostgreSQL without them", async () => {
    const dir = `/tmp/vapid-test-${process.pid}-${Date.now()}`;
    const base = { publicUrl: "https://zaiba.test", dataDir: dir };
    expect(() => loadVapidKeys({ ...base, embedded: true, publicKey: "abc", privateKey: "def" })).toThrow(
      /87 base64url/,
    );
    expect(() => loadVapidKeys({ ...base, embedded: true, publicKey: keys.publicKey })).toThrow(/both/);
    expect(loadVapidKeys({ ...base, embedded: false })).toBeNull();
    const first = loadVapidKeys({ ...base, embedded: true });
    const again = loadVapidKeys({ ...base, embedded: true });
    expect(first).toMatchObject({ source: "data folder", subject: "mailto:no-reply@zaiba.test" });
    expect(again!.publicKey).toBe(first!.publicKey);
    const env = loadVapidKeys({ ...base, embedded: true, publicKey: keys.publicKey, privateKey: keys.privateKey });
    expect(env).toMatchObject({ source: "environment", publicKey: keys.publicKey });
  });
});
