// The order alert tests: one store a file with a local push service that checks what it is sent,
// the store's VAPID keys, an owner, a fulfilment and a catalogue member, and before each test no
// devices and every channel off; devices added, orders placed, and the pushes queued and delivered.
import { sql } from "drizzle-orm";
import webpush from "web-push";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { addAlertDevice } from "../../core/orders/order-alerts";
import { OUTBOX_DEFAULTS, runQueueOnce, type OutboxOptions } from "../../core/messaging/outbox";
import { pushQueue, webPushSender, type VapidKeys } from "../../core/messaging/web-push";
import type { StaffActor } from "../../core/shared/permissions";
import { createTestApp } from "./app";
import { startFakePush, type FakePush, type FakeSubscription } from "./fake-push";
import { owner, placeOrderOf, startOrderDesk, t } from "./order-desk";
import { drainOutbox } from "./outbox";
import { rows, setStock, simpleProducts, type Item } from "./shop";
import { actorOf, makeStaff, type TestStaff } from "./staff";

export { catalogue, owner, packer, t } from "./order-desk";
export let push: FakePush;
export let keys: VapidKeys;
export let item: Item;

export const FAST: OutboxOptions = { ...OUTBOX_DEFAULTS, baseBackoffMs: 1, maxBackoffMs: 4, maxAttempts: 4 };
export const UA_ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36";

export const sender = (timeoutMs = 2_000) => webPushSender(keys, { timeoutMs, agent: push.agent });
export const actor = (who: TestStaff): Promise<StaffActor> => actorOf(t.core, who);

export async function addDevice(who: TestStaff, subscription: FakeSubscription = push.subscribe()) {
  await addAlertDevice(t.core, await actor(who), subscription, UA_ANDROID, { extraOrigins: [push.origin] });
  return subscription;
}

export const placeOrder = () => placeOrderOf([{ item, quantity: 2 }]);

export interface PushRow {
  id: number;
  user_id: number;
  subscription_id: number | null;
  status: string;
  attempts: number;
  last_error: string | null;
}
export const pushesOf = (orderId: number) =>
  rows<PushRow>(t, sql`select * from push_messages where order_id = ${orderId} order by id`);

/** Runs the push worker until nothing is due (a retry's backoff is a few milliseconds here). */
export const drainPushes = (timeoutMs = 2_000) =>
  drainOutbox(t, "push_messages", () => runQueueOnce(t.core.db, pushQueue(t.core.db, sender(timeoutMs)), FAST), {
    passes: 100,
    pauseMs: 10,
  });

export const receivedFor = (orderId: number) =>
  push.received.filter((r) => (r.payload as { tag?: string }).tag === `order-${orderId}`);

export async function makeOwnerSession(): Promise<StaffActor> {
  const other = await makeStaff(t.app, t.core, owner, "owner");
  return actor(other);
}

export function startOrderAlertsStore() {
  startOrderDesk(
    { app: () => createTestApp({ PUBLIC_URL: "https://zaiba.test" }), members: ["fulfilment", "catalogue"] },
    async () => {
      [item] = (await simpleProducts(t, 0, 1)) as [Item];
    },
  );
  beforeAll(async () => {
    push = await startFakePush();
    const made = webpush.generateVAPIDKeys();
    keys = { ...made, subject: "mailto:owner@zaiba.test", source: "environment" };
  });
  afterAll(async () => {
    await push?.close();
  });
  beforeEach(async () => {
    await setStock(t, item, 500);
    // every test starts with no devices and every channel off
    await t.core.db.execute(sql`delete from push_subscriptions`);
    await t.core.db.execute(sql`delete from staff_alert_settings`);
    await t.core.db.execute(sql`update push_messages set status = 'failed' where status in ('queued', 'sending')`);
  });
}
