// Booking the ticked orders at once (decision 0103): the batch is written and answered at once,
// the worker books each order as a single booking would, a courier failing half-way fails only
// the orders it failed, every order gets its result, none is booked twice, a limit of bookings
// at a time per courier holds, and a batch whose process stopped is finished by the next.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { BATCH_WORKER_DEFAULTS, runParcelBatchesOnce, type BatchWorkerOptions } from "../../core/parcels/bulk-booking";
import { bookOrder } from "../../core/parcels/booking";
import { count, rows } from "../helpers/shop";
import {
  actor,
  book,
  catalogue,
  fake,
  packer,
  plantOrders,
  readyOrder,
  staffCall,
  startParcelDesk,
  t,
} from "../helpers/parcel-desk";

startParcelDesk();

const worker: BatchWorkerOptions = { ...BATCH_WORKER_DEFAULTS, timeoutMs: 2_000 };

const startBatch = (orderIds: number[], extra: object = {}) =>
  staffCall(packer, "POST", "/api/admin/parcel-batches", { order_ids: orderIds, ...extra });

const batch = async (id: number) => (await staffCall(packer, "GET", `/api/admin/parcel-batches/${id}`)).json();

/** Runs passes until the batch is done (a pass stops claiming after passMs). */
async function finishBatch(id: number, options: BatchWorkerOptions = worker) {
  for (let pass = 0; pass < 50; pass += 1) {
    await runParcelBatchesOnce(t.core, options);
    const now = await batch(id);
    if (now.done) return now;
  }
  throw new Error("the batch did not finish");
}

describe("bulk booking", () => {
  it("books 200 orders with the courier failing half-way: every order has its result, none is booked twice", async () => {
    const orders = await plantOrders(200);
    const started = await startBatch(
      orders.map((o) => o.id),
      { weight_grams: 600, instructions: "Fragile" },
    );
    expect(started.statusCode, started.body).toBe(202);
    const id = started.json().id as number;
    expect(started.json()).toMatchObject({ total: 200, done: false, counts: { waiting: 200 } });
    const before = fake.parcels().length;
    // PostEx goes down for 15 bookings once 100 are made
    let finished = false;
    const watcher = (async () => {
      while (!finished && fake.parcels().length - before < 100) await new Promise((r) => setTimeout(r, 5));
      fake.failNext("down", { path: "create-order", times: 15 });
    })();
    const done = await finishBatch(id).finally(() => (finished = true));
    await watcher;
    expect(done.done).toBe(true);
    expect(done.finished_at).not.toBeNull();
    expect(done.counts.booked + done.counts.refused + done.counts.unknown).toBe(200);
    expect(done.counts.refused).toBe(15);
    expect(done.counts.unknown).toBe(0);
    expect(done.counts.booked).toBe(185);
    for (const item of done.items) {
      if (item.state === "booked") expect(item.cn).toMatch(/^\d+$/);
      else expect(item.message).toMatch(/PostEx dropped the connection before answering.*nothing was booked/);
    }
    // the results read in the order ticked
    expect(done.items.map((i: { order_id: number }) => i.order_id)).toEqual(orders.map((o) => o.id));
    const made = fake.parcels().slice(before);
    expect(made).toHaveLength(185);
    expect(new Set(made.map((p) => p.reference)).size).toBe(185);
    expect(made[0]!.bookingBody).toMatchObject({ transactionNotes: "Fragile" });
    expect(
      await count(
        t,
        sql`select count(*) as n from parcels where booking_state = 'booked' and order_id in (select order_id from parcel_batch_items where batch_id = ${id})`,
      ),
    ).toBe(185);
    // the orders are as they were, booked or not
    expect(
      await count(
        t,
        sql`select count(*) as n from orders where status <> 'confirmed' and id in (select order_id from parcel_batch_items where batch_id = ${id})`,
      ),
    ).toBe(0);
    // the ones not booked go through in a second batch
    const again = await startBatch(
      done.items.filter((i: { state: string }) => i.state === "refused").map((i: { order_id: number }) => i.order_id),
    );
    const second = await finishBatch(again.json().id);
    expect(second.counts).toMatchObject({ booked: 15, refused: 0 });
  }, 180_000);

  it("reports each order that cannot be booked with its reason, and books the rest", async () => {
    const ready = await readyOrder();
    const booked = await readyOrder();
    expect((await book(booked.id)).statusCode).toBe(201);
    const [pending] = await plantOrders(1);
    await t.database.db.execute(sql`update orders set status = 'pending confirmation' where id = ${pending!.id}`);
    const [elsewhere] = await plantOrders(1);
    await t.database.db.execute(
      sql`update orders set city = 'Bahawalpur', city_id = (select id from cities where lower(name) = 'bahawalpur') where id = ${elsewhere!.id}`,
    );
    const started = await startBatch([ready.id, booked.id, pending!.id, elsewhere!.id, ready.id]);
    expect(started.json().total).toBe(4);
    const done = await finishBatch(started.json().id);
    const by = (orderId: number) => done.items.find((i: { order_id: number }) => i.order_id === orderId);
    expect(by(ready.id)).toMatchObject({ state: "booked" });
    expect(by(booked.id)).toMatchObject({ state: "refused", message: expect.stringMatching(/already booked/) });
    expect(by(pending!.id)).toMatchObject({
      state: "refused",
      message: expect.stringMatching(/Only a confirmed or packed/),
    });
    expect(by(elsewhere!.id)).toMatchObject({
      state: "refused",
      message: expect.stringMatching(/does not deliver to Bahawalpur/),
    });
  });

  it("keeps to its limit of bookings at a time per courier, over every process", async () => {
    const orders = await plantOrders(3);
    const id = (await startBatch(orders.map((o) => o.id))).json().id as number;
    // another process holds one of them under a live lease
    await t.database.db.execute(
      sql`update parcel_batch_items set state = 'working', attempts = 1, locked_until = now() + interval '1 minute'
          where batch_id = ${id} and order_id = ${orders[0]!.id}`,
    );
    const run = await runParcelBatchesOnce(t.core, { ...worker, perCourier: 1 });
    expect(run).toEqual({ booked: 0, refused: 0, unknown: 0 });
    expect((await batch(id)).counts).toMatchObject({ waiting: 2, working: 1 });
    // its process stopped: the lease runs out and the order is taken again, with the rest
    await t.database.db.execute(
      sql`update parcel_batch_items set locked_until = now() - interval '1 second' where batch_id = ${id}`,
    );
    const done = await finishBatch(id, { ...worker, perCourier: 1 });
    expect(done.counts).toMatchObject({ booked: 3 });
  });

  it("a booking cut off with its process is settled by asking the courier, and counted once", async () => {
    const [order] = await plantOrders(1);
    const id = (await startBatch([order!.id])).json().id as number;
    // the process booked it at PostEx, then stopped before recording the answer
    fake.failNext("lose-answer", { path: "create-order" });
    fake.failNext("down", { path: "get-all-order" });
    const first = await bookOrder(t.core, await actor(), order!.id, {}, { timeoutMs: 2_000 });
    expect(first.outcome).toBe("unknown");
    await t.database.db.execute(
      sql`update parcels set booking_state = 'booking', failure = null, created_at = now() - interval '10 minutes' where id = ${first.parcel.id}`,
    );
    await t.database.db.execute(
      sql`update parcel_batch_items set state = 'working', attempts = 1, locked_until = now() - interval '1 second' where batch_id = ${id}`,
    );
    await t.database.db.execute(
      sql`update parcel_batches set created_at = now() - interval '11 minutes' where id = ${id}`,
    );
    const done = await finishBatch(id);
    const atFake = fake.parcels().filter((p) => p.reference === order!.trackingId);
    expect(atFake).toHaveLength(1);
    expect(done.items[0]).toMatchObject({ state: "booked", cn: atFake[0]!.cn, parcel_id: first.parcel.id });
  });

  it("refuses a batch that cannot be started, before anything is written", async () => {
    const batches = () => count(t, sql`select count(*) as n from parcel_batches`);
    const before = await batches();
    expect((await startBatch([])).statusCode).toBe(422);
    expect((await startBatch(Array.from({ length: 301 }, (_, i) => i + 1))).statusCode).toBe(422);
    const missing = await startBatch([2_000_000_000]);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toContain("2000000000");
    expect((await startBatch(["x".repeat(100_000)] as unknown as number[])).statusCode).toBe(422);
    expect((await startBatch([1], { account_id: 99_999 })).statusCode).toBe(404);
    const denied = await staffCall(catalogue, "POST", "/api/admin/parcel-batches", { order_ids: [1] });
    expect(denied.statusCode).toBe(403);
    expect((await staffCall(packer, "GET", "/api/admin/parcel-batches/99999")).statusCode).toBe(404);
    expect(await batches()).toBe(before);
    const [row] = await rows<{ n: number }>(
      t,
      sql`select count(*)::int as n from audit_log where action = 'parcel_batch.create'`,
    );
    expect(row!.n).toBeGreaterThan(0);
  });
});
