// The owner's confirmation figures (how many orders are confirmed or refused) with known data: per Pakistan week (Monday
// to Sunday, Asia/Karachi) and per city (any case, spaces trimmed), confirmed, cancelled by the
// shopper (WhatsApp, link, call; not staff), expired, and refused at the door (shipped, then
// returned; not a return after delivery), each out of the orders placed. Through core and the
// staff API, which answers the orders permission only.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confirmationFigures, FIGURE_WEEKS } from "../../core/orders/confirmation-figures";
import { addDays } from "../../core/orders/dashboard";
import { createTestApp, type TestApp } from "../helpers/app";
import { rows } from "../helpers/shop";
import { actorOf, makeOwner, makeStaff, type TestStaff } from "../helpers/staff";

let t: TestApp;
let owner: TestStaff;
/** this week's Monday, 00:00 in Karachi, as a moment; and as YYYY-MM-DD */
let monday: Date;
let mondayDay: string;

let n = 0;
async function order(
  at: Date,
  city: string,
  fields: { status: string; outcome?: string; channel?: string; events?: [string, string][] },
) {
  const [row] = await rows<{ id: number }>(
    t,
    sql`insert into orders (tracking_id, status, first_name, last_name, email, phone, phone_normalized,
          shipping_address, city, postal_code, country, subtotal_paisa, shipping_paisa, total_paisa, created_at,
          confirmation_outcome, confirmation_channel)
        values (${`FIG${++n}-${Math.random().toString(36).slice(2, 8)}`}, ${fields.status}, 'Sana', 'Figures',
          'fig@example.pk', '03001234567', '923001234567', 'House 1, Street 2, Model Town', ${city}, '54000',
          'Pakistan', 100000, 0, 100000, ${at.toISOString()}, ${fields.outcome ?? null}, ${fields.channel ?? null})
        returning id`,
  );
  for (const [from, to] of fields.events ?? []) {
    await t.database.db
      .execute(sql`insert into order_events (order_id, kind, from_status, to_status, visible_to_shopper)
      values (${row!.id}, 'status', ${from}, ${to}, true)`);
  }
}

const hoursAfter = (at: Date, hours: number) => new Date(at.getTime() + hours * 3_600_000);

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeOwner(t.app, t.core);
  const [row] = await rows<{ monday: Date | string; day: string }>(
    t,
    sql`select (date_trunc('week', now() at time zone 'Asia/Karachi') at time zone 'Asia/Karachi') as monday,
               to_char(date_trunc('week', now() at time zone 'Asia/Karachi'), 'YYYY-MM-DD') as day`,
  );
  monday = new Date(row!.monday);
  mondayDay = row!.day;

  // this week: Sialkot in three spellings, and Gujrat
  const now = hoursAfter(monday, 1);
  await order(now, "Sialkot", { status: "delivered", outcome: "confirmed", channel: "whatsapp" });
  await order(now, "sialkot ", { status: "cancelled", outcome: "cancelled", channel: "whatsapp" });
  // staff cancelled it on their own: not the shopper's cancel
  await order(now, "SIALKOT", { status: "cancelled", outcome: "cancelled", channel: "staff" });
  await order(now, "Gujrat", { status: "cancelled", outcome: "expired", channel: "auto" });
  // refused at the door: shipped, then returned
  await order(now, "Gujrat", {
    status: "returned",
    outcome: "confirmed",
    channel: "call",
    events: [
      ["pending confirmation", "confirmed"],
      ["packed", "shipped"],
      ["shipped", "returned"],
    ],
  });
  // sent back after delivery: a return, not a refusal
  await order(now, "Gujrat", {
    status: "returned",
    outcome: "confirmed",
    channel: "link",
    events: [
      ["shipped", "delivered"],
      ["delivered", "returned"],
    ],
  });
  await order(now, "Gujrat", { status: "pending confirmation" });
  // a minute before this Monday in Karachi: last week (Sunday night)
  const lastWeek = new Date(monday.getTime() - 60_000);
  await order(lastWeek, "Chiniot", { status: "cancelled", outcome: "cancelled", channel: "link" });
  await order(lastWeek, "Chiniot", { status: "cancelled", outcome: "cancelled", channel: "call" });
  // the first week of the period, and a minute before it (left out)
  const firstWeek = new Date(monday.getTime() - (FIGURE_WEEKS - 1) * 7 * 86_400_000);
  await order(hoursAfter(firstWeek, 1), "Sialkot", { status: "confirmed", outcome: "confirmed", channel: "staff" });
  await order(new Date(firstWeek.getTime() - 60_000), "Sialkot", {
    status: "confirmed",
    outcome: "confirmed",
    channel: "staff",
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe("the confirmation figures", () => {
  it("count each week's orders by how they ended, weeks in Pakistan time", async () => {
    const figures = await confirmationFigures(t.core, await actorOf(t.core, owner));
    expect(figures.since).toBe(addDays(mondayDay, -7 * (FIGURE_WEEKS - 1)));
    expect(figures.weeks.map((w) => w.week)).toEqual(
      Array.from({ length: FIGURE_WEEKS }, (_, i) => addDays(figures.since, i * 7)),
    );
    const thisWeek = figures.weeks.at(-1)!;
    expect(thisWeek).toEqual({
      week: mondayDay,
      placed: 7,
      confirmed: 3,
      cancelledByShopper: 1,
      expired: 1,
      refused: 1,
    });
    expect(figures.weeks.at(-2)).toEqual({
      week: addDays(mondayDay, -7),
      placed: 2,
      confirmed: 0,
      cancelledByShopper: 2,
      expired: 0,
      refused: 0,
    });
    expect(figures.weeks[0]).toMatchObject({ placed: 1, confirmed: 1 });
    for (const week of figures.weeks.slice(1, -2)) expect(week.placed).toBe(0);
    expect(figures.total).toEqual({ placed: 10, confirmed: 4, cancelledByShopper: 3, expired: 1, refused: 1 });
  });

  it("count per city without regard to case or spaces, busiest first", async () => {
    const figures = await confirmationFigures(t.core, await actorOf(t.core, owner));
    expect(figures.cities).toEqual([
      { city: "Gujrat", placed: 4, confirmed: 2, cancelledByShopper: 0, expired: 1, refused: 1 },
      { city: "Sialkot", placed: 4, confirmed: 2, cancelledByShopper: 1, expired: 0, refused: 0 },
      { city: "Chiniot", placed: 2, confirmed: 0, cancelledByShopper: 2, expired: 0, refused: 0 },
    ]);
  });

  it("answer the staff API with percentages of the orders placed, for the orders permission only", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/admin/dashboard/confirmations", headers: owner.auth });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const body = res.json();
    expect(body.total).toEqual({
      placed: 10,
      confirmed: 4,
      cancelled_by_shopper: 3,
      expired: 1,
      refused: 1,
      confirmed_percent: 40,
      cancelled_by_shopper_percent: 30,
      expired_percent: 10,
      refused_percent: 10,
    });
    expect(body.weeks).toHaveLength(FIGURE_WEEKS);
    expect(body.weeks[1]).toMatchObject({ placed: 0, confirmed_percent: null });
    expect(body.cities[0]).toMatchObject({ city: "Gujrat", placed: 4, refused_percent: 25 });

    const packer = await makeStaff(t.app, t.core, owner, "fulfilment");
    const catalogue = await makeStaff(t.app, t.core, owner, "catalogue");
    const as = (staff: TestStaff) =>
      t.app.inject({ method: "GET", url: "/api/admin/dashboard/confirmations", headers: staff.auth });
    expect((await as(packer)).statusCode).toBe(200);
    expect((await as(catalogue)).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/admin/dashboard/confirmations" })).statusCode).toBe(401);
  });
});
