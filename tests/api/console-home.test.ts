// The console home's figures and the audit screen's filter choices (issue 12): each figure only
// for a role that covers its area, counted right; the choices only with the audit permission.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditFilterChoices } from "../../core/staff/audit";
import { getConsoleHome } from "../../core/staff/console-home";
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
      "newCustomersThisWeek",
      "ordersToConfirm",
      "ordersToday",
    ]);
    expect(await keys("manager")).toEqual(["newCustomersThisWeek", "ordersToConfirm", "ordersToday"]);
    expect(await keys("fulfilment")).toEqual(["newCustomersThisWeek", "ordersToConfirm", "ordersToday"]);
    expect(await keys("catalogue")).toEqual([]);
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
