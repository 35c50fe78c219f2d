// Vouchers made by staff at the checkout (decision 0066): a new voucher taken at once, its limits and
// dates, the orders that used it, and a usage limit lowered while orders come in (raced for real on
// PostgreSQL).
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { count } from "../helpers/shop";
import {
  t,
  manager,
  item,
  call,
  freshCode,
  create,
  audits,
  placeOrder,
  startVoucherStore,
} from "../helpers/voucher-desk";

startVoucherStore();

describe("a voucher at the checkout", () => {
  it("works at the public checkout API as soon as it is created, and is then seen in its uses", async () => {
    const code = freshCode("NOW");
    // the checkout's answer for the code before it exists is cached... and cleared by the write
    const before = await t.app.inject({
      method: "POST",
      url: "/api/validate-voucher",
      payload: { code, order_amount: 3000 },
    });
    expect(before.json().valid).toBe(false);
    const v = await create({ code, discount_type: "flat", discount_value: 100, usage_limit: 5 });
    const check = await t.app.inject({
      method: "POST",
      url: "/api/validate-voucher",
      payload: { code: code.toLowerCase(), order_amount: 3000 },
    });
    expect(check.json()).toMatchObject({ valid: true, discount_amount: 100 });
    const it1 = await item();
    const order = await placeOrder(code, it1);
    expect(order.statusCode, order.body).toBe(201);
    const uses = await call(manager, "GET", `/api/admin/vouchers/${v.id}/redemptions`);
    expect(uses.statusCode).toBe(200);
    expect(uses.headers["x-total-count"]).toBe("1");
    expect(uses.json()[0]).toMatchObject({
      tracking_id: order.json().tracking_id,
      customer_name: "Ayesha Khan",
      discount_amount: 100,
      order_href: expect.stringMatching(/^\/admin\/orders\/\d+$/),
    });
    expect((await call(manager, "GET", `/api/admin/vouchers/${v.id}`)).json().used_count).toBe(1);
    // switched off in the console: refused at once
    await call(manager, "PUT", `/api/admin/vouchers/${v.id}`, { is_active: false });
    const off = await t.app.inject({
      method: "POST",
      url: "/api/validate-voucher",
      payload: { code, order_amount: 3000 },
    });
    expect(off.json()).toMatchObject({ valid: false, message: "This voucher is no longer active." });
  });

  it("keeps a usage limit at or above the uses counted (422), and refuses to delete a used voucher", async () => {
    const v = await create({ code: freshCode("LIM"), discount_type: "flat", discount_value: 100, usage_limit: 10 });
    const it1 = await item();
    for (let i = 0; i < 2; i++) expect((await placeOrder(v.code, it1)).statusCode).toBe(201);
    const low = await call(manager, "PUT", `/api/admin/vouchers/${v.id}`, { usage_limit: 1 });
    expect(low.statusCode).toBe(422);
    expect(low.json().detail).toBe("usage_limit cannot be below the 2 uses already counted");
    expect((await call(manager, "PUT", `/api/admin/vouchers/${v.id}`, { usage_limit: 2 })).json()).toMatchObject({
      usage_limit: 2,
      state: "used_up",
    });
    expect((await placeOrder(v.code, it1)).statusCode).toBe(409);
    const del = await call(manager, "DELETE", `/api/admin/vouchers/${v.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().detail).toContain("Switch it off instead");
    expect(await count(t, sql`select count(*) as n from vouchers where id = ${v.id}`)).toBe(1);
    // an unused one goes, audited
    const unused = await create({ code: freshCode("DEL"), discount_type: "flat", discount_value: 1 });
    expect((await call(manager, "DELETE", `/api/admin/vouchers/${unused.id}`)).statusCode).toBe(204);
    expect((await call(manager, "DELETE", `/api/admin/vouchers/${unused.id}`)).statusCode).toBe(404);
    expect(await audits("voucher.delete", unused.id)).toBe(1);
  });
});

describe.skipIf(!process.env.DATABASE_URL)("a usage limit lowered while orders come in, on PostgreSQL", () => {
  it("counts exactly: never more uses than the limit that holds when each order commits", async () => {
    for (let round = 0; round < 3; round++) {
      const v = await create({ code: freshCode("RACE"), discount_type: "flat", discount_value: 100, usage_limit: 50 });
      const it1 = await item(10_000);
      const orders = Array.from({ length: 20 }, (_, i) =>
        placeOrder(v.code, it1, {
          email: `race${round}-${i}@example.pk`,
          phone: `0301-${String(1_000_000 + round * 100 + i).slice(-7)}`,
        }),
      );
      const edits = [3, 6, 9].map((limit) =>
        call(manager, "PUT", `/api/admin/vouchers/${v.id}`, { usage_limit: limit }),
      );
      const [orderAnswers, editAnswers] = await Promise.all([Promise.all(orders), Promise.all(edits)]);
      for (const e of editAnswers) expect([200, 422]).toContain(e.statusCode);
      const placed = orderAnswers.filter((a) => a.statusCode === 201).length;
      for (const a of orderAnswers) expect([201, 409]).toContain(a.statusCode);
      const [row] = (
        (await t.database.db.execute(
          sql`select used_count, usage_limit from vouchers where id = ${v.id}`,
        )) as unknown as {
          rows: { used_count: number; usage_limit: number }[];
        }
      ).rows;
      expect(row!.used_count).toBe(placed);
      expect(row!.used_count).toBeLessThanOrEqual(row!.usage_limit);
      expect(await count(t, sql`select count(*) as n from voucher_redemptions where voucher_id = ${v.id}`)).toBe(
        placed,
      );
      expect(await count(t, sql`select count(*) as n from orders where voucher_id = ${v.id}`)).toBe(placed);
    }
  }, 120_000);
});
