// Manual orders through the staff API (decision 0057), what guards them: who may place one, hostile
// bodies refused with a fitting status and nothing written, and two members racing for the last unit
// (for real on PostgreSQL).
import { describe, expect, it } from "vitest";
import { placeManualOrder, previewManualOrder } from "../../core/orders/manual-order";
import { NO_PERMISSION } from "../../core/shared/permissions";
import { stockOf } from "../helpers/shop";
import { actorOf } from "../helpers/staff";
import {
  t,
  manager,
  packer,
  catalogue,
  combination,
  manualOrder,
  place,
  orderCount,
  writes,
  startManualOrdersStore,
} from "../helpers/manual-orders";

startManualOrdersStore();

describe("who may", () => {
  it("refuses the catalogue role every manual-order call (403), and a request without a token (401)", async () => {
    const item = await combination(3);
    const body = manualOrder([{ item, quantity: 1 }]);
    const calls = [
      { method: "POST" as const, url: "/api/admin/orders", payload: body },
      { method: "POST" as const, url: "/api/admin/orders/preview", payload: body },
      { method: "GET" as const, url: "/api/admin/orders/catalogue-search?q=lawn" },
    ];
    for (const call of calls) {
      const refused = await t.app.inject({ ...call, headers: catalogue.auth });
      expect(refused.statusCode, call.url).toBe(403);
      expect(refused.json().detail).toBe(NO_PERMISSION);
      expect((await t.app.inject(call)).statusCode, call.url).toBe(401);
    }
    // core says the same to a console page
    await expect(placeManualOrder(t.core, await actorOf(t.core, catalogue), body)).rejects.toMatchObject({
      status: 403,
    });
    expect(await stockOf(t, item)).toBe(3);
  });
});

describe("hostile input", () => {
  it("refuses bad bodies with 400, 413 or 422 naming the problem, never a 500, and writes nothing", async () => {
    const item = await combination(3);
    const valid = manualOrder([{ item, quantity: 1 }]);
    // JSON nested deeper than JSON.stringify or a recursive reader survives
    const deep = `${'{"a":'.repeat(5000)}1${"}".repeat(5000)}`;
    const deepNote = `{"note":${deep},${JSON.stringify(valid).slice(1)}`;
    const cases: [unknown, number[], RegExp?][] = [
      [{ ...valid, first_name: "Sa\u0000na" }, [400, 422]],
      [{ ...valid, shipping_address: "Flat 3\u0007" }, [422], /control characters/],
      [{ ...valid, last_name: "x".repeat(101) }, [422], /Last name must be at most 100 characters/],
      [{ ...valid, first_name: "" }, [422], /First name is required/],
      [{ ...valid, items: [] }, [422], /Add at least one item/],
      [{ ...valid, items: Array.from({ length: 51 }, () => valid.items[0]) }, [422], /at most 50 lines/],
      [{ ...valid, items: [{ ...valid.items[0], quantity: 1e12 }] }, [422], /quantity/],
      [{ ...valid, items: [{ ...valid.items[0], quantity: -1 }] }, [422], /quantity/],
      [{ ...valid, items: [{ ...valid.items[0], product_id: "1 or 1=1" }] }, [422], /product_id/],
      [{ ...valid, items: "everything" }, [422], /items/],
      [{ ...valid, source: "website" }, [422], /source must be one of: phone, whatsapp, instagram, other/],
      [{ ...valid, status: "delivered" }, [422], /status must be one of/],
      [{ ...valid, email: "not-an-email" }, [422], /valid email/],
      [{ ...valid, email: `${"a".repeat(300)}@example.pk` }, [422], /valid email/],
      [{ ...valid, country: "Narnia" }, [422], /country/],
      [deepNote, [400, 422]],
      [deep, [400, 422]],
      [[valid], [422]],
      [{ ...valid, first_name: "x".repeat(1024 * 1024) }, [413]],
    ];
    const before = await writes();
    for (const [payload, statuses, detail] of cases) {
      const res = await place(payload);
      const label = JSON.stringify(payload).slice(0, 80);
      expect(statuses, `${label}: ${res.statusCode} ${res.body.slice(0, 200)}`).toContain(res.statusCode);
      if (detail) expect(res.json().detail, label).toMatch(detail);
    }
    expect(await writes()).toEqual(before);
    expect(await stockOf(t, item)).toBe(3);
  });

  it("refuses the same in core, where no body limit stands before it (a console form)", async () => {
    const item = await combination(3);
    const actor = await actorOf(t.core, packer);
    const valid = manualOrder([{ item, quantity: 1 }]);
    for (const payload of [
      { ...valid, first_name: "x".repeat(1024 * 1024) },
      { ...valid, shipping_address: "a\u0000b" },
      { ...valid, items: [{ ...valid.items[0], quantity: Number.MAX_SAFE_INTEGER }] },
      null,
      "order",
    ]) {
      await expect(placeManualOrder(t.core, actor, payload)).rejects.toMatchObject({ status: 422 });
      await expect(previewManualOrder(t.core, actor, payload)).rejects.toMatchObject({ status: 422 });
    }
    expect(await stockOf(t, item)).toBe(3);
  });
});

describe.skipIf(!process.env.DATABASE_URL)("two members and the last unit, on PostgreSQL", () => {
  it("gives the last unit to one manual order; the other gets 409 and nothing is written for it", async () => {
    for (let round = 0; round < 5; round++) {
      const item = await combination(1);
      const before = await orderCount();
      const answers = await Promise.all([
        place(manualOrder([{ item, quantity: 1 }]), packer),
        place(manualOrder([{ item, quantity: 1 }]), manager),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      expect(await stockOf(t, item)).toBe(0);
      expect(await orderCount()).toBe(before + 1);
    }
  });
});
