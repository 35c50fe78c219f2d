// A crash between an order and its WhatsApp message (decision 0069): the built
// store as a real process, the Cloud API as a local fake, SIGKILL, restart.
// 1. killed after the order, before its worker ran: after the restart the message goes once;
// 2. killed while the fake holds the send open (in flight): after the restart and the lease the
//    message is sent again. The fake never answered the first request, so one delivery; a real
//    provider might have delivered the first: that window is why the outbox is at least once.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeWhatsApp, type FakeWhatsApp } from "../helpers/fake-whatsapp";
import { placeApiOrder as placeOrder } from "../helpers/api-order";
import { startStore, type StoreProcess } from "../helpers/server-process";
import { admin, postgresUrl, withDatabase } from "../helpers/template";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "store-whatsapp-crash-"));
let fake: FakeWhatsApp;
let store: StoreProcess | undefined;
let folder = "first";
// with DATABASE_URL the store runs on PostgreSQL: an empty database per test, seeded at start
const pgUrl = postgresUrl();
const pgDatabase = () => `wa_crash_${folder}_${process.pid}`;

const env = (extra: Record<string, string> = {}) => ({
  DATA_DIR: path.join(dataDir, folder),
  SEED_DEMO: "1",
  SEED_IMAGES: "0",
  WHATSAPP_ACCESS_TOKEN: "crash-test-token",
  WHATSAPP_PHONE_NUMBER_ID: "106540352242922",
  WHATSAPP_API_URL: fake.url,
  MESSAGE_WORKER_POLL_MS: "50",
  MESSAGE_WORKER_LEASE_MS: "2000",
  ...(pgUrl ? { DATABASE_URL: withDatabase(pgUrl, pgDatabase()) } : {}),
  ...extra,
});

const forOrder = (requests: FakeWhatsApp["requests"], trackingId: string) =>
  requests.filter((r) => JSON.stringify(r.body).includes(`confirm:${trackingId}:`));

async function waitFor(check: () => boolean, ms: number, what: string) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  fake = await startFakeWhatsApp();
  if (pgUrl) await admin(pgUrl, `create database ${pgDatabase()}`);
});
afterAll(async () => {
  await store?.stop("SIGKILL");
  await fake?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (pgUrl)
    for (const f of ["first", "second"])
      await admin(pgUrl, `drop database if exists wa_crash_${f}_${process.pid} with (force)`);
});

describe("a crash between the order and its WhatsApp message", () => {
  it("killed before the worker ran: after a restart the message is sent exactly once", async () => {
    store = await startStore(env({ MESSAGE_WORKER: "off" }));
    const order = await placeOrder(store.url);
    await new Promise((r) => setTimeout(r, 300));
    expect(forOrder(fake.requests, order.tracking_id)).toHaveLength(0);
    await store.stop("SIGKILL");
    store = await startStore(env());
    await waitFor(() => forOrder(fake.delivered(), order.tracking_id).length > 0, 20_000, "the send");
    await new Promise((r) => setTimeout(r, 2_500)); // longer than a lease: nothing more comes
    expect(forOrder(fake.requests, order.tracking_id)).toHaveLength(1);
    expect(forOrder(fake.delivered(), order.tracking_id)).toHaveLength(1);
    await store.stop("SIGTERM");
    store = undefined;
  }, 180_000);

  it("killed with the send in flight: after the restart and the lease it is sent again, once", async () => {
    await store?.stop("SIGKILL");
    folder = "second";
    if (pgUrl) await admin(pgUrl, `create database ${pgDatabase()}`);
    store = await startStore(env());
    fake.answers.push("hold");
    const order = await placeOrder(store.url);
    await waitFor(() => forOrder(fake.requests, order.tracking_id).length === 1, 20_000, "the first send");
    await store.stop("SIGKILL");
    const killedAt = Date.now();
    store = await startStore(env());
    await waitFor(() => forOrder(fake.delivered(), order.tracking_id).length > 0, 30_000, "the second send");
    // the message stayed "sending" until the dead process's lease ran out
    expect(Date.now() - killedAt).toBeGreaterThanOrEqual(1_500);
    await new Promise((r) => setTimeout(r, 2_500));
    expect(forOrder(fake.requests, order.tracking_id)).toHaveLength(2);
    expect(forOrder(fake.delivered(), order.tracking_id)).toHaveLength(1);
    const [first, second] = forOrder(fake.requests, order.tracking_id);
    expect(second!.body).toEqual(first!.body);
    await store.stop("SIGTERM");
    store = undefined;
  }, 180_000);
});
