// Manual orders through the staff API (decision 0057): priced from the
// catalogue whatever the body says, stock taken and vouchers counted by the checkout's own
// transaction, the checkout's phone rule, the source and the staff member recorded, figures set
// by hand only by a role allowed to and only with a reason, nothing written by a refusal; finding
// items to add. Who may, hostile bodies and the race for the last unit are in
// admin-manual-orders-guards.test.ts.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PAKISTAN_PHONE_MESSAGE } from "../../core/shared/phone";
import { totalChangedMessage } from "../../core/orders/manual-order";
import { OVERRIDE_REASON_REQUIRED } from "../../core/orders/manual-order-input";
import { maxUnitsMessage } from "../../core/cart/cart";
import { NO_PERMISSION } from "../../core/shared/permissions";
import { count, rows, stockOf } from "../helpers/shop";
import {
  t,
  manager,
  packer,
  combination,
  newPhone,
  manualOrder,
  place,
  preview,
  writes,
  expectedTotal,
  voucher,
  pool,
  startManualOrdersStore,
} from "../helpers/manual-orders";

startManualOrdersStore();

describe("placing a manual order", () => {
  it("prices it from the catalogue, takes the stock, records the source, the member and the audit", async () => {
    const item = await combination(5);
    const lines = [{ item, quantity: 2 }];
    // prices in the body are not part of a manual order: the catalogue's are charged
    const payload = {
      ...manualOrder(lines),
      items: [{ ...manualOrder(lines).items[0], price: 1 }],
      note: "Wants delivery after 5 pm",
    };
    const before = await writes();
    const res = await place(payload);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    const { subtotal, shipping, total } = expectedTotal(lines);
    expect(body).toMatchObject({
      status: "pending confirmation",
      source: "phone",
      email: "",
      first_name: "Sana",
      subtotal: subtotal / 100,
      shipping: shipping / 100,
      discount: 0,
      total_amount: total / 100,
      price_override_reason: null,
    });
    expect(body.phone_normalized).toMatch(/^923\d{9}$/);
    expect(body.items).toEqual([
      expect.objectContaining({ product_id: item.productId, combination_id: item.combinationId, quantity: 2 }),
    ]);
    expect(body.items[0].price).toBe(item.pricePaisa / 100);
    expect(await stockOf(t, item)).toBe(3);

    // the timeline's first row is the member's; their note and the source stay in the console
    expect(body.timeline[0]).toMatchObject({
      kind: "status",
      to_status: "pending confirmation",
      actor_id: packer.id,
      actor_name: "Test fulfilment",
      visible_to_shopper: true,
    });
    const notes = body.timeline.filter((e: { kind: string }) => e.kind === "note");
    expect(notes.map((e: { note: string }) => e.note)).toEqual(["Taken by Phone.", "Wants delivery after 5 pm"]);
    expect(notes.every((e: { visible_to_shopper: boolean }) => !e.visible_to_shopper)).toBe(true);

    const [movement] = await rows<{ actor_id: number; reason: string; delta: number }>(
      t,
      sql`select actor_id, reason, delta from stock_movements where order_id = ${body.id}`,
    );
    expect(movement).toEqual({ actor_id: packer.id, reason: "order", delta: -2 });
    const [audit] = await rows<{ actor_id: number; changes: Record<string, unknown> }>(
      t,
      sql`select actor_id, changes from audit_log where action = 'order.create' and entity_id = ${String(body.id)}`,
    );
    expect(audit).toMatchObject({
      actor_id: packer.id,
      changes: { source: "phone", status: "pending confirmation", total_paisa: total, units: 2 },
    });
    const after = await writes();
    expect(after).toEqual({
      orders: before.orders + 1,
      events: before.events + 3,
      audits: before.audits + 1,
      movements: before.movements + 1,
    });
  });

  it("records a customer who already confirmed on the phone as confirmed, both steps by the member", async () => {
    const item = await combination(3);
    const res = await place(manualOrder([{ item, quantity: 1 }], { status: "confirmed", source: "whatsapp" }));
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ status: "confirmed", source: "whatsapp", next_statuses: ["packed", "cancelled"] });
    const steps = body.timeline.filter((e: { kind: string }) => e.kind === "status");
    expect(steps).toEqual([
      expect.objectContaining({ to_status: "pending confirmation", actor_id: packer.id }),
      expect.objectContaining({ from_status: "pending confirmation", to_status: "confirmed", actor_id: packer.id }),
    ]);
  });

  it("keeps an email when one is given, lowercased, and the shopper's tracking finds the order by phone", async () => {
    const item = await combination(3);
    const payload = manualOrder([{ item, quantity: 1 }], { email: "Sana.Iqbal@Example.PK", source: "instagram" });
    const res = await place(payload);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().email).toBe("sana.iqbal@example.pk");
    const tracked = await t.app.inject({
      method: "GET",
      url: `/api/orders/track/${res.json().tracking_id}?phone=${encodeURIComponent(payload.phone)}`,
    });
    expect(tracked.statusCode).toBe(200);
    // a staff note never reaches the shopper
    expect(tracked.body).not.toContain("Taken by");
  });

  it("refuses a bad phone with the checkout's message (422), and writes nothing", async () => {
    const item = await combination(3);
    const before = await writes();
    for (const phone of ["12345", "+1 555 123 4567", "0300-12345678"]) {
      const res = await place(manualOrder([{ item, quantity: 1 }], { phone }));
      expect(res.statusCode, phone).toBe(422);
      expect(res.json().detail).toBe(PAKISTAN_PHONE_MESSAGE);
    }
    expect(await writes()).toEqual(before);
    expect(await stockOf(t, item)).toBe(3);
  });

  it("refuses what is out of stock (409) and writes nothing, other lines included", async () => {
    const plenty = await combination(10);
    const scarce = await combination(1);
    const before = await writes();
    const res = await place(
      manualOrder([
        { item: plenty, quantity: 2 },
        { item: scarce, quantity: 2 },
      ]),
    );
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ stock_quantity: 1, requested: 2 });
    expect(res.json().detail).toMatch(/^Only 1 left of /);
    expect(await writes()).toEqual(before);
    expect([await stockOf(t, plenty), await stockOf(t, scarce)]).toEqual([10, 1]);
  });

  it("keeps the checkout's limit of units per line, and not its limit of orders per phone per day", async () => {
    const item = await combination(100);
    const tooMany = await place(manualOrder([{ item, quantity: 11 }]));
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().detail).toBe(maxUnitsMessage(10));
    // the checkout lets one phone place 5 orders a day; staff typing them in are not a script
    const phone = newPhone();
    for (let n = 0; n < 6; n++) {
      const res = await place(manualOrder([{ item, quantity: 1 }], { phone }));
      expect(res.statusCode, `order ${n + 1}: ${res.body}`).toBe(201);
    }
  });

  it("applies a voucher and counts its use, per customer by phone", async () => {
    const item = await combination(10);
    const code = await voucher({ perCustomer: 1 });
    const phone = newPhone();
    const res = await place(manualOrder([{ item, quantity: 1 }], { voucher_code: code.toLowerCase(), phone }));
    expect(res.statusCode, res.body).toBe(201);
    const { subtotal, shipping } = expectedTotal([{ item, quantity: 1 }]);
    const discount = Math.min(10_000, subtotal);
    expect(res.json()).toMatchObject({
      voucher_code: code,
      discount: discount / 100,
      total_amount: (subtotal - discount + shipping) / 100,
    });
    expect(await count(t, sql`select used_count as n from vouchers where code = ${code}`)).toBe(1);
    const [use] = await rows<{ email: string; phone_normalized: string }>(
      t,
      sql`select r.email, r.phone_normalized from voucher_redemptions r where r.order_id = ${res.json().id}`,
    );
    expect(use).toEqual({ email: "", phone_normalized: res.json().phone_normalized });

    // the same customer again, by the same number typed another way: refused, in the review too
    const again = manualOrder([{ item, quantity: 1 }], { voucher_code: code, phone: phone.replace(/^0/, "+92 ") });
    const reviewed = await preview(again);
    expect(reviewed.statusCode).toBe(409);
    expect(reviewed.json().detail).toBe("You have already used this voucher.");
    const before = await writes();
    const second = await place(again);
    expect(second.statusCode).toBe(409);
    expect(second.json().detail).toBe("You have already used this voucher.");
    expect(await writes()).toEqual(before);
    expect(await count(t, sql`select used_count as n from vouchers where code = ${code}`)).toBe(1);
    // another customer without an email is not taken for the first one
    const other = await place(manualOrder([{ item, quantity: 1 }], { voucher_code: code }));
    expect(other.statusCode, other.body).toBe(201);
  });

  it("answers an unknown voucher with the checkout's 409", async () => {
    const item = await combination(3);
    const res = await place(manualOrder([{ item, quantity: 1 }], { voucher_code: "NOSUCHCODE" }));
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe("Invalid voucher code");
  });

  it("refuses a total that changed since the review (409 with both figures), and writes nothing", async () => {
    const item = await combination(3);
    const lines = [{ item, quantity: 1 }];
    const { total } = expectedTotal(lines);
    const before = await writes();
    const res = await place(manualOrder(lines, { total_amount: (total - 100) / 100 }));
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(totalChangedMessage(total - 100, total));
    expect(await writes()).toEqual(before);
    const right = await place(manualOrder(lines, { total_amount: total / 100 }));
    expect(right.statusCode, right.body).toBe(201);
  });

  it("answers a retry with the same Idempotency-Key with the first order, once", async () => {
    const item = await combination(5);
    const payload = manualOrder([{ item, quantity: 1 }]);
    const headers = { "idempotency-key": "manual-retry-1" };
    const first = await place(payload, packer, headers);
    const second = await place(payload, packer, headers);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.json().id).toBe(first.json().id);
    expect(second.headers["idempotent-replayed"]).toBe("true");
    expect(await stockOf(t, item)).toBe(4);
    // another member's same key is another order
    const third = await place(payload, manager, headers);
    expect(third.json().id).not.toBe(first.json().id);
  });
});

describe("figures set by hand", () => {
  it("are refused to fulfilment (403 with the standard message), preview included, and nothing is written", async () => {
    const item = await combination(3);
    const before = await writes();
    for (const extra of [{ shipping_fee: 0 }, { discount: "100" }, { shipping_fee: 0, discount: 50 }]) {
      const body = manualOrder([{ item, quantity: 1 }], { ...extra, override_reason: "Regular customer" });
      for (const res of [await place(body), await preview(body)]) {
        expect(res.statusCode, JSON.stringify(extra)).toBe(403);
        expect(res.json().detail).toBe(NO_PERMISSION);
      }
    }
    expect(await writes()).toEqual(before);
  });

  it("need a reason (422)", async () => {
    const item = await combination(3);
    for (const reason of [undefined, "", "   "]) {
      const res = await place(
        manualOrder([{ item, quantity: 1 }], { shipping_fee: 0, override_reason: reason }),
        manager,
      );
      expect(res.statusCode, String(reason)).toBe(422);
      expect(res.json().detail).toBe(OVERRIDE_REASON_REQUIRED);
    }
    expect(await stockOf(t, item)).toBe(3);
  });

  it("by a manager with a reason give exact totals, kept with the reason on the order, its timeline and the audit", async () => {
    const item = await combination(5);
    const lines = [{ item, quantity: 2 }];
    const { subtotal } = expectedTotal(lines);
    const payload = manualOrder(lines, {
      shipping_fee: "0",
      discount: 150.5,
      override_reason: "Delivery to the shop's own street; sorry for the late parcel",
    });
    const reviewed = await preview(payload, manager);
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    expect(reviewed.json()).toMatchObject({
      shipping: 0,
      discount: 150.5,
      total_amount: (subtotal - 15_050) / 100,
      overridden: true,
    });
    expect(await stockOf(t, item)).toBe(5);

    const res = await place({ ...payload, total_amount: reviewed.json().total_amount }, manager);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      subtotal: subtotal / 100,
      shipping: 0,
      discount: 150.5,
      total_amount: (subtotal - 15_050) / 100,
      price_override_reason: "Delivery to the shop's own street; sorry for the late parcel",
    });
    const [order] = await rows<{ total_paisa: number; discount_paisa: number; shipping_paisa: number }>(
      t,
      sql`select total_paisa, discount_paisa, shipping_paisa from orders where id = ${body.id}`,
    );
    expect(order).toEqual({ total_paisa: subtotal - 15_050, discount_paisa: 15_050, shipping_paisa: 0 });
    expect(body.timeline.map((e: { note: string | null }) => e.note)).toContain(
      "Set by hand: shipping Rs. 0, discount Rs. 150.50. Reason: Delivery to the shop's own street; sorry for the late parcel",
    );
    const [audit] = await rows<{ actor_id: number; changes: Record<string, unknown> }>(
      t,
      sql`select actor_id, changes from audit_log where action = 'order.create' and entity_id = ${String(body.id)}`,
    );
    expect(audit).toMatchObject({
      actor_id: manager.id,
      changes: {
        shipping_override_paisa: 0,
        discount_override_paisa: 15_050,
        override_reason: "Delivery to the shop's own street; sorry for the late parcel",
        total_paisa: subtotal - 15_050,
      },
    });
  });

  it("never discount more than the goods cost (422), and refuse amounts that are not amounts", async () => {
    const item = await combination(3);
    const { subtotal } = expectedTotal([{ item, quantity: 1 }]);
    const tooMuch = await place(
      manualOrder([{ item, quantity: 1 }], { discount: subtotal / 100 + 1, override_reason: "x" }),
      manager,
    );
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().detail).toMatch(/discount cannot be more than the goods cost/);
    for (const discount of [-1, "lots", "1e9", 10_000_001, "1".repeat(30), true, { a: 1 }]) {
      const res = await place(manualOrder([{ item, quantity: 1 }], { discount, override_reason: "x" }), manager);
      expect(res.statusCode, JSON.stringify(discount)).toBe(422);
      expect(res.json().detail).toMatch(/discount/);
    }
    expect(await stockOf(t, item)).toBe(3);
  });
});

describe("finding items", () => {
  it("finds products on sale by words or by number, with each option's price and stock", async () => {
    const [item] = pool;
    const byNumber = await t.app.inject({
      method: "GET",
      url: `/api/admin/orders/catalogue-search?q=${item!.productId}`,
      headers: packer.auth,
    });
    expect(byNumber.statusCode, byNumber.body).toBe(200);
    const found = byNumber.json()[0];
    expect(found.id).toBe(item!.productId);
    expect(found.combinations).toContainEqual(
      expect.objectContaining({ id: item!.combinationId, price: item!.pricePaisa / 100 }),
    );
    const word = item!.name.split(/\s+/)[0]!;
    const byWord = await t.app.inject({
      method: "GET",
      url: `/api/admin/orders/catalogue-search?q=${encodeURIComponent(word)}`,
      headers: packer.auth,
    });
    expect(byWord.json().map((p: { id: number }) => p.id)).toContain(item!.productId);
    expect(byWord.json().length).toBeLessThanOrEqual(10);
    const long = await t.app.inject({
      method: "GET",
      url: `/api/admin/orders/catalogue-search?q=${"x".repeat(101)}`,
      headers: packer.auth,
    });
    expect(long.statusCode).toBe(422);
  });

  it("reviews an order without taking stock or counting anything", async () => {
    const item = await combination(2);
    const lines = [{ item, quantity: 2 }];
    const before = await writes();
    const res = await preview(manualOrder(lines));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      total_amount: expectedTotal(lines).total / 100,
      overridden: false,
      items: [expect.objectContaining({ product_id: item.productId, quantity: 2 })],
    });
    expect(await writes()).toEqual(before);
    expect(await stockOf(t, item)).toBe(2);
    const short = await preview(manualOrder([{ item, quantity: 3 }]));
    expect(short.statusCode).toBe(409);
    expect(short.json().detail).toMatch(/^Only 2 left of /);
  });
});
