// Parcels that need a person (decision 0104), through the staff API against the fake PostEx:
// attempted deliveries and parcels quiet for the stall days, oldest first, with the courier's
// reason and the shopper's name, phone and city; shipper advice where the courier's API takes it
// (audited, a staff note on the order); the stall days setting.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { plantOrders, catalogue, fake, owner, packer, staffCall, startParcelDesk, t } from "../helpers/parcel-desk";
import { rows } from "../helpers/shop";
import { bookedOrder, pass } from "../helpers/tracking-desk";

startParcelDesk();

interface Listed {
  parcel_id: number;
  order_id: number;
  tracking_id: string;
  cn: string;
  status: string;
  reason: string | null;
  why: string;
  since: string;
  first_name: string;
  phone: string;
  phone_international: string;
  city: string;
  courier_name: string;
  can_advise: boolean;
  last_advice: { advice: string; at: string } | null;
}

async function list(who = packer) {
  const res = await staffCall(who, "GET", "/api/admin/parcels/attention?limit=200");
  expect(res.statusCode, res.body).toBe(200);
  return {
    parcels: res.json() as Listed[],
    stallDays: Number(res.headers["x-stall-days"]),
    total: Number(res.headers["x-total-count"]),
  };
}

/** A booked parcel whose last movement was `days` ago. */
async function quietFor(days: number) {
  const booked = await bookedOrder();
  await t.database.db.execute(
    sql`update parcels set last_movement_at = now() - make_interval(days => ${days}), booked_at = now() - make_interval(days => ${days})
        where id = ${booked.parcelId}`,
  );
  return booked;
}

/** A parcel of another courier, written straight to the database with its status. */
async function plantedParcel(courier: "tcs" | "trax", status: string, reason: string | null) {
  const [order] = await plantOrders(1);
  const [row] = await rows<{ id: number }>(
    t,
    sql`insert into parcels (order_id, courier, reference, booking_state, cn, status, status_reason, weight_grams, cod_paisa,
          description, booked_at, last_movement_at, next_poll_at)
        values (${order!.id}, ${courier}, ${order!.trackingId}, 'booked', ${`77${order!.id}`}, ${status}, ${reason}, 500, 250000,
          'Garments', now() - interval '2 hours', now() - interval '2 hours', now() + interval '1 day')
        returning id`,
  );
  return row!.id;
}

describe("the list", () => {
  it("holds attempted deliveries with the courier's reason and parcels quiet for the stall days, oldest first", async () => {
    const attempted = await bookedOrder();
    fake.advance(attempted.cn, "picked up");
    fake.advance(attempted.cn, "delivery attempted", { reason: "Address incomplete" });
    await pass([attempted.parcelId]);
    const quiet = await quietFor(5);
    const older = await quietFor(9);
    const moving = await quietFor(1);
    const delivered = await quietFor(8);
    await t.database.db.execute(sql`update parcels set status = 'delivered' where id = ${delivered.parcelId}`);

    const { parcels, stallDays } = await list();
    expect(stallDays).toBe(3);
    const ids = parcels.map((p) => p.parcel_id);
    expect(ids).not.toContain(moving.parcelId);
    expect(ids).not.toContain(delivered.parcelId);
    // oldest first: nine days quiet, five days quiet, then the attempt made today
    const mine = ids.filter((id) => [attempted.parcelId, quiet.parcelId, older.parcelId].includes(id));
    expect(mine).toEqual([older.parcelId, quiet.parcelId, attempted.parcelId]);
    const times = parcels.map((p) => new Date(p.since).getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));

    const row = parcels.find((p) => p.parcel_id === attempted.parcelId)!;
    expect(row).toMatchObject({
      order_id: attempted.order.id,
      tracking_id: attempted.order.trackingId,
      cn: attempted.cn,
      status: "delivery attempted",
      reason: "Address incomplete",
      why: "attempted",
      courier_name: "PostEx",
      city: "Lahore",
      can_advise: true,
      last_advice: null,
    });
    expect(row.phone_international).toMatch(/^\+923\d{9}$/);
    expect(parcels.find((p) => p.parcel_id === quiet.parcelId)).toMatchObject({ why: "stalled", can_advise: false });
  });

  it("a courier whose API takes no advice has no advice to give", async () => {
    const tcs = await plantedParcel("tcs", "delivery attempted", "Consignee not available");
    const trax = await plantedParcel("trax", "delivery attempted", "Address Incomplete");
    const { parcels } = await list();
    expect(parcels.find((p) => p.parcel_id === tcs)).toMatchObject({
      can_advise: false,
      reason: "Consignee not available",
    });
    expect(parcels.find((p) => p.parcel_id === trax)).toMatchObject({ can_advise: true });
    const res = await staffCall(packer, "POST", `/api/admin/parcels/${tcs}/advice`, { advice: "retry" });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toContain("TCS takes no advice");
  });

  it("is for the orders permission", async () => {
    expect((await staffCall(catalogue, "GET", "/api/admin/parcels/attention")).statusCode).toBe(403);
    expect((await staffCall(packer, "GET", "/api/admin/parcels/attention?limit=100000")).statusCode).toBe(422);
  });
});

describe("shipper advice", () => {
  it("tells the courier, records it in the audit log and on the order's timeline, and shows it on the list", async () => {
    const { order, parcelId, cn } = await bookedOrder();
    fake.advance(cn, "picked up");
    fake.advance(cn, "delivery attempted", { reason: "Customer not available" });
    await pass([parcelId]);
    const res = await staffCall(packer, "POST", `/api/admin/parcels/${parcelId}/advice`, {
      advice: "retry",
      note: "Shopper home after 5 pm",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      parcel_id: parcelId,
      order_id: order.id,
      advice: "retry",
      note: "Shopper home after 5 pm",
    });
    expect(fake.parcels().find((p) => p.cn === cn)!.advice).toEqual(["retry"]);
    const audits = await rows<{ actor_id: number; changes: unknown }>(
      t,
      sql`select actor_id, changes from audit_log where action = 'parcel.advice' and entity_id = ${String(parcelId)}`,
    );
    expect(audits).toHaveLength(1);
    expect(audits[0]!.actor_id).toBe(packer.id);
    const notes = await rows<{ note: string; visible_to_shopper: boolean }>(
      t,
      sql`select note, visible_to_shopper from order_events where order_id = ${order.id} and kind = 'note' and note like 'Asked%'`,
    );
    expect(notes).toEqual([
      { note: `Asked PostEx to try delivering again (${cn}): Shopper home after 5 pm`, visible_to_shopper: false },
    ]);
    const listed = (await list()).parcels.find((p) => p.parcel_id === parcelId)!;
    expect(listed.last_advice).toMatchObject({ advice: "retry" });
  });

  it("refuses what is not advice, a parcel that was not attempted, and a courier that is down", async () => {
    const { parcelId, cn } = await bookedOrder();
    const advise = (payload: unknown, who = packer) =>
      staffCall(who, "POST", `/api/admin/parcels/${parcelId}/advice`, payload);
    expect((await advise({ advice: "retry" })).statusCode).toBe(409);
    fake.advance(cn, "delivery attempted", { reason: "Refused" });
    await pass([parcelId]);
    expect((await advise({ advice: "maybe" })).statusCode).toBe(422);
    expect((await advise({ advice: "retry", note: "x".repeat(201) })).statusCode).toBe(422);
    expect((await advise({ advice: "retry", note: "a\u0000b" })).statusCode).toBe(400);
    expect((await advise({ advice: "retry", note: "x".repeat(1_100_000) })).statusCode).toBe(413);
    expect((await advise({ advice: "return" }, catalogue)).statusCode).toBe(403);
    expect(
      (await staffCall(packer, "POST", "/api/admin/parcels/2147483647/advice", { advice: "retry" })).statusCode,
    ).toBe(404);
    fake.failNext("down", { path: "shipper-advice" });
    const down = await advise({ advice: "return" });
    expect(down.statusCode).toBe(409);
    expect(down.json().courier_error).toBe("unreachable");
    // nothing recorded for advice the courier never took
    const audits = await rows(
      t,
      sql`select 1 from audit_log where action = 'parcel.advice' and entity_id = ${String(parcelId)}`,
    );
    expect(audits).toHaveLength(0);
    expect((await advise({ advice: "return" })).statusCode).toBe(200);
    expect(fake.parcels().find((p) => p.cn === cn)!.advice).toEqual(["return"]);
  });
});

describe("the stall days", () => {
  it("are the owner's setting: a parcel quiet for fewer days leaves the list", async () => {
    const quiet = await quietFor(4);
    expect((await list()).parcels.map((p) => p.parcel_id)).toContain(quiet.parcelId);
    const put = (value: unknown, who = owner) =>
      staffCall(who, "PUT", "/api/admin/settings/parcel-tracking", { parcel_stall_days: value });
    expect((await put(5)).json()).toEqual({ parcel_stall_days: 5 });
    expect((await staffCall(owner, "GET", "/api/admin/settings/parcel-tracking")).json()).toEqual({
      parcel_stall_days: 5,
    });
    const after = await list();
    expect(after.stallDays).toBe(5);
    expect(after.parcels.map((p) => p.parcel_id)).not.toContain(quiet.parcelId);
    for (const bad of [0, 61, -1, 2.5, "abc", "1e1", "", "9".repeat(1000), null, true]) {
      expect((await put(bad)).statusCode, String(bad).slice(0, 20)).toBe(422);
    }
    expect((await put("7")).json()).toEqual({ parcel_stall_days: 7 });
    expect((await put(7, packer)).statusCode).toBe(403);
    const audits = await rows(
      t,
      sql`select 1 from audit_log where action = 'settings.update' and entity_id = 'parcel_tracking'`,
    );
    expect(audits).toHaveLength(2);
    await put(3);
  });
});
