// Stock in the back office (decision 0064): the grid, staff changes with their
// ledger rows (who, note, before and after), a product's history with orders and cancellations,
// and the race that would lose a sale: a staff total typed over a stale figure while an order takes a
// unit is refused (409), never a lost sale; two staff adding at once both count. Raced for real
// on PostgreSQL (DATABASE_URL), one after another on PGlite.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { STAFF_COOKIE } from "../../app/lib/staff.server";
import { openStaffSession } from "../../core/staff/sessions";
import { count, rows, setStock, simpleProducts, stockOf } from "../helpers/shop";
import { type TestStaff } from "../helpers/staff";
import {
  t,
  owner,
  catalogue,
  manager,
  packer,
  pages,
  fresh,
  call,
  change,
  ref,
  placeOrder,
  history,
  pool,
  startStockStore,
} from "../helpers/stock-desk";

startStockStore();

describe("the stock grid", () => {
  it("lists every combination and simple product, filtered and paged", async () => {
    const res = await call(catalogue, "GET", "/api/admin/stock?limit=50");
    expect(res.statusCode, res.body).toBe(200);
    const total = Number(res.headers["x-total-count"]);
    const [{ n } = { n: -1 }] = await rows<{ n: number }>(
      t,
      sql`select ((select count(*) from variant_combinations c join products p on p.id = c.product_id where p.archived_at is null)
              + (select count(*) from products p where p.archived_at is null
                   and not exists (select 1 from variant_combinations c where c.product_id = p.id)))::int as n`,
    );
    expect(total).toBe(Number(n));
    expect(res.json()).toHaveLength(50);

    const item = await fresh(0);
    const out = (await call(catalogue, "GET", "/api/admin/stock?filter=out&limit=500")).json() as {
      combination_id: number;
      stock: number;
    }[];
    expect(out.every((r) => r.stock === 0)).toBe(true);
    expect(out.some((r) => r.combination_id === item.combinationId)).toBe(true);
    await setStock(t, item, 4);
    const low = (await call(catalogue, "GET", "/api/admin/stock?filter=low&limit=500")).json() as {
      combination_id: number;
      stock: number;
    }[];
    expect(low.every((r) => r.stock <= 5)).toBe(true);
    expect(low.some((r) => r.combination_id === item.combinationId)).toBe(true);

    const [sku] = await rows<{ sku: string }>(
      t,
      sql`select sku from variant_combinations where id = ${item.combinationId}`,
    );
    const found = (await call(catalogue, "GET", `/api/admin/stock?search=${encodeURIComponent(sku!.sku)}`)).json();
    expect(found.map((r: { combination_id: number }) => r.combination_id)).toContain(item.combinationId);

    const simple = (await simpleProducts(t, 0, 1))[0];
    if (simple) {
      const own = (await call(catalogue, "GET", `/api/admin/stock?product_id=${simple.productId}`)).json();
      expect(own).toEqual([expect.objectContaining({ product_id: simple.productId, combination_id: null })]);
    }
  });

  it("refuses bad filters with 422", async () => {
    for (const query of [
      "filter=gone",
      "limit=0",
      "limit=1e9",
      "offset=-1",
      `search=${"x".repeat(101)}`,
      "search=%07",
      "product_id=abc",
    ]) {
      const res = await call(catalogue, "GET", `/api/admin/stock?${query}`);
      expect(res.statusCode, query).toBe(422);
    }
    // a NUL byte in the address is refused before any route (400)
    expect((await call(catalogue, "GET", "/api/admin/stock?search=%00")).statusCode).toBe(400);
    const res = await call(catalogue, "GET", `/api/admin/stock?search=${encodeURIComponent("' or 1=1 --%_")}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });
});

describe("staff changes and the ledger", () => {
  it("records a total and a difference with who, why, before and after", async () => {
    const item = await fresh(20);
    let res = await change(catalogue, [{ ...ref(item), set: 35, expected: 20 }], "  Recount after Eid  ");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().changes).toEqual([{ ...ref(item), before: 20, after: 35 }]);
    res = await change(manager, [{ ...ref(item), delta: -5 }], "Two damaged");
    expect(res.statusCode, res.body).toBe(200);
    expect(await stockOf(t, item)).toBe(30);
    const [latest, first] = await history(item.productId);
    expect(latest).toMatchObject({ reason: "manual", note: "Two damaged", delta: -5, before: 35, after: 30 });
    expect(latest!.actor_email).toBe(manager.email);
    expect(first).toMatchObject({ reason: "manual", note: "Recount after Eid", delta: 15, before: 20, after: 35 });
    expect(first!.actor_email).toBe(catalogue.email);
    expect(
      await count(
        t,
        sql`select count(*) as n from audit_log where action = 'stock.change' and entity_id = ${String(item.productId)}`,
      ),
    ).toBeGreaterThanOrEqual(2);
  });

  it("writes nothing for a change of nothing", async () => {
    const item = await fresh(7);
    const before = (await history(item.productId)).length;
    const res = await change(catalogue, [{ ...ref(item), set: 7, expected: 7 }]);
    expect(res.statusCode).toBe(200);
    expect((await history(item.productId)).length).toBe(before);
  });

  it("refuses to go below zero, and writes nothing of a refused batch", async () => {
    const a = await fresh(3);
    const b = await fresh(10);
    const res = await change(catalogue, [
      { ...ref(b), delta: 5 },
      { ...ref(a), delta: -4 },
    ]);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toMatch(/below zero/);
    expect(await stockOf(t, a)).toBe(3);
    expect(await stockOf(t, b)).toBe(10);
  });

  it("answers 409 naming every row that moved when totals were stale", async () => {
    const a = await fresh(10);
    const b = await fresh(10);
    const c = await fresh(10);
    await setStock(t, a, 9);
    await setStock(t, b, 8);
    const res = await change(catalogue, [
      { ...ref(a), set: 15, expected: 10 },
      { ...ref(b), set: 15, expected: 10 },
      { ...ref(c), set: 15, expected: 10 },
    ]);
    expect(res.statusCode).toBe(409);
    const moved = res.json().moved as { combination_id: number; stock_quantity: number }[];
    expect(moved.map((m) => [m.combination_id, m.stock_quantity]).sort()).toEqual(
      [
        [a.combinationId, 9],
        [b.combinationId, 8],
      ].sort(),
    );
    expect(await stockOf(t, c)).toBe(10);
  });

  it("shows orders and cancellations in the history, with the order's tracking ID", async () => {
    const item = await fresh(12);
    const placed = await placeOrder(item, 2);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json() as { id: number; tracking_id: string };
    const cancel = await call(owner, "POST", `/api/admin/orders/${order.id}/status`, { status: "cancelled" });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const [back, taken] = await history(item.productId);
    expect(taken).toMatchObject({ reason: "order", delta: -2, before: 12, after: 10, tracking_id: order.tracking_id });
    expect(back).toMatchObject({ reason: "cancel", delta: 2, before: 10, after: 12, tracking_id: order.tracking_id });
    expect(back!.actor_email).toBe(owner.email);
    expect(await stockOf(t, item)).toBe(12);
  });

  it("never loses a sale: a stale total racing an order is refused, a difference is applied", async () => {
    const item = await fresh(20);
    // the screen showed 20; an order takes 1 before the save arrives
    expect((await placeOrder(item)).statusCode).toBe(201);
    const stale = await change(catalogue, [{ ...ref(item), set: 30, expected: 20 }]);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ stock_quantity: 19 });
    expect(await stockOf(t, item)).toBe(19);
    // +10 as a difference counts the sale
    expect((await change(catalogue, [{ ...ref(item), delta: 10 }])).statusCode).toBe(200);
    expect(await stockOf(t, item)).toBe(29);
  });

  it("applies two staff members' differences sent at once", async () => {
    const item = await fresh(10);
    const [a, b] = await Promise.all([
      change(catalogue, [{ ...ref(item), delta: 3 }]),
      change(manager, [{ ...ref(item), delta: 4 }]),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(await stockOf(t, item)).toBe(17);
  });

  it("takes hostile input calmly: 422 or 404, never 500", async () => {
    const item = await fresh(10);
    const other = pool.find((p) => p.productId !== item.productId)!;
    const cases: [unknown, number][] = [
      [{}, 422],
      [{ changes: [] }, 422],
      [{ changes: "lots" }, 422],
      [{ changes: [{ ...ref(item) }] }, 422],
      [{ changes: [{ ...ref(item), delta: 1, set: 2, expected: 1 }] }, 422],
      [{ changes: [{ ...ref(item), set: 5 }] }, 422],
      [{ changes: [{ ...ref(item), set: -1, expected: 10 }] }, 422],
      [{ changes: [{ ...ref(item), delta: 1.5 }] }, 422],
      [{ changes: [{ ...ref(item), delta: 1e99 }] }, 422],
      [{ changes: [{ ...ref(item), delta: "5" }] }, 422],
      [{ changes: [{ ...ref(item), set: 2_000_000, expected: 10 }] }, 422],
      [
        {
          changes: [
            { ...ref(item), delta: 999_999 },
            { ...ref(item), delta: 1 },
          ],
        },
        422,
      ],
      [{ changes: Array.from({ length: 501 }, () => ({ ...ref(item), delta: 1 })) }, 422],
      [{ changes: [{ ...ref(item), delta: 1 }], note: "x".repeat(10_000) }, 422],
      [{ changes: [{ ...ref(item), delta: 1 }], note: "x".repeat(1_000_000) }, 413],
      [{ changes: [{ ...ref(item), delta: 1 }], note: 42 }, 422],
      [{ changes: [{ ...ref(item), delta: 1 }], note: "nul\u0000byte" }, 400],
      [{ changes: [{ ...ref(item), delta: 1 }], note: "bell\u0007" }, 422],
      [{ changes: [{ product_id: other.productId, combination_id: item.combinationId, delta: 1 }] }, 404],
      [{ changes: [{ product_id: 2_147_483_647, combination_id: null, delta: 1 }] }, 404],
      [{ changes: [{ product_id: -1, combination_id: null, delta: 1 }] }, 422],
    ];
    for (const [payload, status] of cases) {
      const res = await call(catalogue, "POST", "/api/admin/stock/changes", payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 120)).toBe(status);
      expect(res.json().detail).toBeTruthy();
    }
    expect(await stockOf(t, item)).toBe(10);
    // a note is text: markup and quotes are kept as typed, shown escaped by the pages
    const note = `<script>alert(1)</script> ' or 1=1 -- عائشہ`;
    expect((await change(catalogue, [{ ...ref(item), delta: 1 }], note)).statusCode).toBe(200);
    expect((await history(item.productId))[0]!.note).toBe(note);
    for (const path of ["/api/admin/products/abc/stock-history", "/api/admin/products/1e99/stock-history"])
      expect((await call(catalogue, "GET", path)).statusCode, path).toBe(422);
    expect((await call(catalogue, "GET", "/api/admin/products/999999/stock-history")).statusCode).toBe(404);
  });

  it("refuses fulfilment (403) on every stock call", async () => {
    const item = await fresh(10);
    for (const [method, url, payload] of [
      ["GET", "/api/admin/stock", undefined],
      ["POST", "/api/admin/stock/changes", { changes: [{ ...ref(item), delta: 1 }] }],
      ["GET", `/api/admin/products/${item.productId}/stock-history`, undefined],
    ] as const) {
      const res = await call(packer, method, url, payload);
      expect(res.statusCode, url).toBe(403);
    }
    expect(await stockOf(t, item)).toBe(10);
  });
});

describe.skipIf(!process.env.DATABASE_URL)("racing for real on PostgreSQL", () => {
  it("a staff total against an order at the same moment: either the total came first or 409, never a lost sale", async () => {
    let refused = 0;
    for (let round = 0; round < 8; round++) {
      const item = await fresh(50);
      const [order, staff] = await Promise.all([
        placeOrder(item),
        change(catalogue, [{ ...ref(item), set: 60, expected: 50 }], `round ${round}`),
      ]);
      expect(order.statusCode, order.body).toBe(201);
      expect([200, 409]).toContain(staff.statusCode);
      if (staff.statusCode === 409) refused += 1;
      // the sale is always counted: 60 - 1 when the total came first, 50 - 1 when refused
      expect(await stockOf(t, item)).toBe(staff.statusCode === 200 ? 59 : 49);
      const ledger = await history(item.productId);
      const mine = ledger.filter((r) => r.combination_id === item.combinationId);
      expect(mine.reduce((sum, r) => sum + r.delta, 0)).toBe((await stockOf(t, item)) - 50);
    }
    expect(refused).toBeGreaterThanOrEqual(0);
  }, 60_000);

  it("many differences from two staff at once all count", async () => {
    for (let round = 0; round < 5; round++) {
      const item = await fresh(100);
      const calls = Array.from({ length: 10 }, (_, n) =>
        change(n % 2 ? catalogue : manager, [{ ...ref(item), delta: n % 3 === 0 ? -2 : 3 }]),
      );
      const answers = await Promise.all(calls);
      expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
      // n = 0, 3, 6, 9 take 2; the other six add 3
      expect(await stockOf(t, item)).toBe(100 - 8 + 18);
    }
  }, 60_000);

  it("two grids saved at once over the same rows in opposite orders never deadlock", async () => {
    const a = await fresh(10);
    const b = await fresh(10);
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all([
        change(catalogue, [
          { ...ref(a), delta: 1 },
          { ...ref(b), delta: 1 },
        ]),
        change(manager, [
          { ...ref(b), delta: 1 },
          { ...ref(a), delta: 1 },
        ]),
      ]);
      expect(answers.map((x) => x.statusCode)).toEqual([200, 200]);
    }
    expect(await stockOf(t, a)).toBe(20);
    expect(await stockOf(t, b)).toBe(20);
  }, 60_000);
});

describe.skipIf(!pages)("the console's stock pages", () => {
  const consoleCookie = async (staff: TestStaff) => {
    await t.database.db.execute(sql`update users set must_change_password = false where id = ${staff.id}`);
    const { token } = await openStaffSession(t.core.db, staff.id, "console", { ip: "127.0.0.1" });
    return { cookie: `${STAFF_COOKIE}=${token}` };
  };
  const formHeaders = (cookie: Record<string, string>) => ({
    ...cookie,
    "content-type": "application/x-www-form-urlencoded",
    host: "localhost:3000",
    origin: "http://localhost:3000",
  });

  it("opens for the catalogue team, not for fulfilment, and takes hostile filters calmly", async () => {
    expect(
      (await t.app.inject({ method: "GET", url: "/admin/stock", headers: await consoleCookie(packer) })).statusCode,
    ).toBe(403);
    const headers = await consoleCookie(catalogue);
    for (const query of [
      "",
      "?filter=low",
      "?filter=nope",
      `?search=${encodeURIComponent("<script>alert(1)</script>")}`,
      `?search=${"x".repeat(5000)}`,
      "?page=99999999999",
    ]) {
      const res = await t.app.inject({ method: "GET", url: `/admin/stock${query}`, headers });
      expect(res.statusCode, query).toBe(200);
      expect(res.body).not.toContain("<script>alert(1)");
    }
    const item = await fresh(10);
    const res = await t.app.inject({ method: "GET", url: `/admin/products/${item.productId}/stock`, headers });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/admin/products/999999/stock", headers })).statusCode).toBe(404);
  });

  it("saves a total from the plain form, and shows a 409 with the stock now", async () => {
    const headers = formHeaders(await consoleCookie(catalogue));
    const item = await fresh(10);
    const key = `${item.productId}-${item.combinationId}`;
    let res = await t.app.inject({
      method: "POST",
      url: "/admin/stock",
      headers,
      payload: `intent=save&row=${key}&was-${key}=10&stock-${key}=14&note=Recount`,
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(await stockOf(t, item)).toBe(14);
    expect((await history(item.productId))[0]).toMatchObject({ note: "Recount", before: 10, after: 14 });
    res = await t.app.inject({
      method: "POST",
      url: "/admin/stock",
      headers,
      payload: `intent=save&row=${key}&was-${key}=10&stock-${key}=20`,
    });
    expect(res.statusCode).toBe(409);
    expect(res.body).toContain("now 14");
    expect(await stockOf(t, item)).toBe(14);
    res = await t.app.inject({ method: "POST", url: "/admin/stock", headers, payload: `step=${key}:-1` });
    expect(res.statusCode).toBe(200);
    expect(await stockOf(t, item)).toBe(13);
  });
});
