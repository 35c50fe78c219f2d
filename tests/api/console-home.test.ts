// The console home's figures and the audit screen's filter choices (decisions 0053, 0060): each figure only
// for a role that covers its area, counted right; the choices only with the audit permission.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, DASHBOARD_DAYS } from "../../core/orders/dashboard";
import { queryRows } from "../../db/client";
import { auditFilterChoices } from "../../core/shared/audit";
import { getConsoleHome } from "../../core/dashboard/console-home";
import { registerShopper } from "../helpers/accounts";
import { createTestApp, type TestApp } from "../helpers/app";
import { actorOf, makeOwner, makeStaff } from "../helpers/staff";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe("console home", () => {
  it("shows each role the figures of its areas only", async () => {
    const owner = await makeOwner(t.app, t.core);
    const keys = async (role: "manager" | "fulfilment" | "catalogue") =>
      Object.keys(
        await getConsoleHome(t.core, await actorOf(t.core, await makeStaff(t.app, t.core, owner, role))),
      ).sort();
    expect(Object.keys(await getConsoleHome(t.core, await actorOf(t.core, owner))).sort()).toEqual([
      "activeStaff",
      "cashWithCouriers",
      "lowStock",
      "newCustomersThisWeek",
      "orders",
      "ordersToConfirm",
      "ordersToday",
    ]);
    expect(await keys("manager")).toEqual([
      "cashWithCouriers",
      "lowStock",
      "newCustomersThisWeek",
      "orders",
      "ordersToConfirm",
      "ordersToday",
    ]);
    // a packer sees the orders, not the stock; the catalogue team the stock, not the money
    expect(await keys("fulfilment")).toEqual(["newCustomersThisWeek", "orders", "ordersToConfirm", "ordersToday"]);
    expect(await keys("catalogue")).toEqual(["lowStock"]);
  });

  it("counts new customers, active staff and today's orders in Pakistan time", async () => {
    const owner = await actorOf(t.core, await makeOwner(t.app, t.core));
    const before = await getConsoleHome(t.core, owner);
    await registerShopper(t.app);
    await registerShopper(t.app);
    const after = await getConsoleHome(t.core, owner);
    expect(after.newCustomersThisWeek).toBe(before.newCustomersThisWeek! + 2);
    expect(after.activeStaff).toBe(before.activeStaff);
    // today's: one to confirm, one cancelled (left out of the day's value); one from two days ago
    const insertOrder = (at: string, status: string, total: number) =>
      t.core.db.execute(sql`insert into orders (tracking_id, status, first_name, last_name, email, phone,
        phone_normalized, shipping_address, city, postal_code, country, subtotal_paisa, shipping_paisa, total_paisa, created_at)
        values (${`T-${Math.random().toString(36).slice(2, 12)}`}, ${status}, 'A', 'B', 'a@b.pk', '03001234567',
        '923001234567', 'House 1', 'Lahore', '54000', 'Pakistan', ${total}, 0, ${total}, ${at}::timestamptz)`);
    await insertOrder(new Date().toISOString(), "pending confirmation", 250_000);
    await insertOrder(new Date().toISOString(), "cancelled", 999_900);
    await insertOrder(new Date(Date.now() - 2 * 86_400_000).toISOString(), "pending confirmation", 100_000);
    // the day turns at midnight in Karachi (UTC+5), not in UTC
    const karachiToday = new Date(Date.now() + 5 * 3_600_000).toISOString().slice(0, 10);
    const midnight = Date.parse(`${karachiToday}T00:00:00+05:00`);
    await insertOrder(new Date(midnight).toISOString(), "confirmed", 10_000);
    await insertOrder(new Date(midnight - 60_000).toISOString(), "confirmed", 20_000);
    const withOrders = await getConsoleHome(t.core, owner);
    expect(withOrders.ordersToConfirm).toBe(before.ordersToConfirm! + 2);
    expect(withOrders.ordersToday!.count).toBe(before.ordersToday!.count + 2);
    expect(withOrders.ordersToday!.totalPaisa).toBe(before.ordersToday!.totalPaisa + 260_000);
  });
});

describe("orders dashboard (last 30 days)", () => {
  // an order straight into the table, at a moment, with its timeline's confirmed step if asked
  async function insertOrder(options: {
    at: Date;
    status: string;
    total?: number;
    wasConfirmed?: boolean;
    deliveredAt?: Date;
    cash?: number;
  }) {
    const [row] = await queryRows<{ id: number }>(
      t.core.db,
      sql`insert into orders (tracking_id, status, first_name, last_name, email, phone, phone_normalized,
          shipping_address, city, postal_code, country, subtotal_paisa, shipping_paisa, total_paisa, created_at,
          delivered_at, cash_collected_paisa)
        values (${`D-${Math.random().toString(36).slice(2, 12)}`}, ${options.status}, 'A', 'B', 'a@b.pk', '03001234567',
          '923001234567', 'House 1', 'Lahore', '54000', 'Pakistan', ${options.total ?? 100_000}, 0,
          ${options.total ?? 100_000}, ${options.at.toISOString()}::timestamptz,
          ${options.deliveredAt?.toISOString() ?? null}::timestamptz, ${options.cash ?? null})
        returning id`,
    );
    if (options.wasConfirmed) {
      await t.core.db
        .execute(sql`insert into order_events (order_id, at, kind, from_status, to_status, visible_to_shopper)
        values (${row!.id}, ${options.at.toISOString()}::timestamptz, 'status', 'pending confirmation', 'confirmed', true)`);
    }
  }

  it("counts placed, confirmed, delivered cash and returned in Pakistan days, with one bar per day", async () => {
    const owner = await actorOf(t.core, await makeOwner(t.app, t.core));
    const before = (await getConsoleHome(t.core, owner)).orders!;
    const now = Date.now();
    const daysAgo = (n: number) => new Date(now - n * 86_400_000);
    await insertOrder({ at: daysAgo(0), status: "pending confirmation" });
    // cancelled after a call confirmed it: confirmed, then changed mind; and one never confirmed
    await insertOrder({ at: daysAgo(1), status: "cancelled", wasConfirmed: true });
    await insertOrder({ at: daysAgo(1), status: "cancelled" });
    await insertOrder({ at: daysAgo(3), status: "delivered", deliveredAt: daysAgo(1), cash: 249_900 });
    await insertOrder({ at: daysAgo(3), status: "delivered", deliveredAt: daysAgo(2), cash: 100_050 });
    await insertOrder({ at: daysAgo(4), status: "returned" });
    await insertOrder({ at: daysAgo(5), status: "shipped" });
    // outside the window: placed 40 days ago, though delivered inside it (its cash counts)
    await insertOrder({ at: daysAgo(40), status: "delivered", deliveredAt: daysAgo(10), cash: 50_000 });
    await insertOrder({ at: daysAgo(40), status: "cancelled" });

    const after = (await getConsoleHome(t.core, owner)).orders!;
    expect(after.placed - before.placed).toBe(7);
    expect(after.decided - before.decided).toBe(6);
    expect(after.confirmed - before.confirmed).toBe(5);
    expect(after.delivered - before.delivered).toBe(3);
    expect(after.cashCollectedPaisa - before.cashCollectedPaisa).toBe(399_950);
    expect(after.finished - before.finished).toBe(3);
    expect(after.returned - before.returned).toBe(1);
    expect(after.pending - before.pending).toBe(1);

    expect(after.perDay).toHaveLength(DASHBOARD_DAYS);
    const karachiDay = (at: Date) => new Date(at.getTime() + 5 * 3_600_000).toISOString().slice(0, 10);
    expect(after.perDay.at(-1)!.day).toBe(karachiDay(new Date(now)));
    expect(after.perDay[0]!.day).toBe(after.since);
    expect(after.perDay.map((d) => d.day)).toEqual(
      Array.from({ length: DASHBOARD_DAYS }, (_, i) => addDays(after.since, i)),
    );
    const onDay = (figures: typeof after, at: Date) => figures.perDay.find((d) => d.day === karachiDay(at))!;
    expect(onDay(after, daysAgo(1)).placed - onDay(before, daysAgo(1)).placed).toBe(2);
    expect(onDay(after, daysAgo(1)).cancelled - onDay(before, daysAgo(1)).cancelled).toBe(2);
    expect(onDay(after, daysAgo(3)).placed - onDay(before, daysAgo(3)).placed).toBe(2);
    expect(after.perDay.reduce((n, d) => n + d.placed, 0)).toBe(after.placed);
  });

  it("dates the oldest order still waiting for its call", async () => {
    const owner = await actorOf(t.core, await makeOwner(t.app, t.core));
    const oldest = new Date(Date.now() - 90 * 86_400_000);
    await insertOrder({ at: oldest, status: "pending confirmation" });
    expect((await getConsoleHome(t.core, owner)).orders!.oldestPendingAt).toEqual(oldest);
  });

  it("lists what is on sale with few units left, lowest first, and nothing switched off", async () => {
    const owner = await actorOf(t.core, await makeOwner(t.app, t.core));
    // this file's own copy of the demo store: nothing low to begin with, then two combinations
    await t.core.db.execute(sql`update variant_combinations set stock = 50 where stock <= 3`);
    await t.core.db.execute(sql`update products set stock = 50 where stock <= 3`);
    expect((await getConsoleHome(t.core, owner)).lowStock).toEqual({ at: 3, count: 0, items: [] });
    const combos = await queryRows<{ id: number; product_id: number; combination_name: string }>(
      t.core.db,
      sql`select vc.id, vc.product_id, vc.combination_name from variant_combinations vc
          join products p on p.id = vc.product_id where p.is_active and vc.is_available order by vc.id limit 2`,
    );
    await t.core.db.execute(sql`update variant_combinations set stock = 2 where id = ${combos[0]!.id}`);
    await t.core.db.execute(sql`update variant_combinations set stock = 0 where id = ${combos[1]!.id}`);
    const low = (await getConsoleHome(t.core, owner)).lowStock!;
    expect(low.count).toBe(2);
    expect(low.items.map((item) => [item.productId, item.combinationName, item.stock])).toEqual([
      [combos[1]!.product_id, combos[1]!.combination_name, 0],
      [combos[0]!.product_id, combos[0]!.combination_name, 2],
    ]);
    // switched off: no longer on sale, so no longer "running low"
    await t.core.db.execute(sql`update variant_combinations set is_available = false where id = ${combos[1]!.id}`);
    expect((await getConsoleHome(t.core, owner)).lowStock!.count).toBe(1);
  });
});

describe("audit filter choices", () => {
  it("lists the people who acted and the kinds of thing, for the audit permission only", async () => {
    const owner = await makeOwner(t.app, t.core);
    const packer = await makeStaff(t.app, t.core, owner, "fulfilment");
    const choices = await auditFilterChoices(t.core, await actorOf(t.core, owner));
    expect(choices.people.map((p) => p.email)).toContain(owner.email);
    expect(choices.entityTypes).toContain("staff");
    await expect(auditFilterChoices(t.core, await actorOf(t.core, packer))).rejects.toMatchObject({ status: 403 });
  });
});
