// Couriers' rate cards and withheld-tax rates through the staff API (decision 0109): saved from a
// day, replaced by saving the same courier and day, listed with the one in force marked, removed;
// rupees and percents taken as numbers or as a form types them; every hostile value refused by
// its field with nothing written; the money permission; two saves at once.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { startOrderDesk, owner, manager, packer, catalogue, staffCall, t } from "../helpers/order-desk";
import { count, rows } from "../helpers/shop";
import {
  addTaxRate,
  cardBody,
  cardUrl,
  fieldsOf,
  listCards,
  listTaxRates,
  removeCard,
  saveCard,
} from "../helpers/rate-card-desk";

startOrderDesk({ members: ["manager", "fulfilment", "catalogue"] });

const cardsOf = (courier: string) =>
  count(t, sql`select count(*) as n from courier_rate_cards where courier = ${courier}`);

describe("saving, listing, replacing and removing a card", () => {
  it("saves a card from a day (201), replaces it by the same address (200) and lists it in force", async () => {
    const first = await saveCard(
      owner,
      "leopards",
      "2025-07-01",
      cardBody([
        [500, 150, 180, 250],
        [1000, 200, 240, 300],
      ]),
    );
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      courier: "leopards",
      courier_name: "Leopards",
      effective_from: "2025-07-01",
      in_force: true,
      upcoming: false,
      replaced: false,
      bands: [
        { up_to_grams: 500, city: 150, province: 180, country: 250 },
        { up_to_grams: 1000, city: 200, province: 240, country: 300 },
      ],
      cash_handling_percent: 2,
      gst_percent: 16,
      tolerance: 5,
    });
    expect(first.body).toContain('"city":150.00');

    // what a form sends: rupees and percents as typed
    const typed = await saveCard(
      manager,
      "leopards",
      "2025-07-01",
      cardBody([["500", "Rs. 1,150.50", "180", "250"]], {
        cash_handling_percent: "2.5%",
        fuel_percent: "0.07",
        tolerance: "10",
      }),
    );
    expect(typed.statusCode, typed.body).toBe(200);
    expect(typed.json()).toMatchObject({
      replaced: true,
      bands: [{ up_to_grams: 500, city: 1150.5 }],
      cash_handling_percent: 2.5,
      fuel_percent: 0.07,
      tolerance: 10,
      created_by: expect.any(String),
    });
    expect(await cardsOf("leopards")).toBe(1);
    const [kept] = await rows<{ card: { bands: { paisa: { city: number } }[]; cashHandlingBasisPoints: number } }>(
      t,
      sql`select card from courier_rate_cards where courier = 'leopards'`,
    );
    expect(kept!.card.bands[0]!.paisa.city).toBe(115_050);
    expect(kept!.card.cashHandlingBasisPoints).toBe(250);

    const audits = await rows<{ action: string; changes: Record<string, unknown> }>(
      t,
      sql`select action, changes from audit_log where entity_type = 'rate_card' order by id`,
    );
    expect(audits.map((a) => a.action)).toEqual(["rate_card.save", "rate_card.save"]);
    expect(audits[0]!.changes).toMatchObject({ courier: "Leopards", effective_from: "2025-07-01", replaced: false });
    // the replacement names what it changed, line by line, and only that
    expect(audits[1]!.changes).toMatchObject({
      replaced: true,
      up_to_500_g: [
        "Rs. 150 within the city, Rs. 180 within the province, Rs. 250 across Pakistan",
        "Rs. 1,150.50 within the city, Rs. 180 within the province, Rs. 250 across Pakistan",
      ],
      up_to_1000_g: ["Rs. 200 within the city, Rs. 240 within the province, Rs. 300 across Pakistan", null],
      cash_handling: ["2%", "2.5%"],
      tolerance: ["Rs. 5", "Rs. 10"],
    });
    expect(audits[1]!.changes).not.toHaveProperty("gst");
  });

  it("marks the newest card whose day has come in force, and one still to come as upcoming", async () => {
    for (const day of ["2024-01-01", "2025-03-01", "2099-01-01"]) {
      expect((await saveCard(owner, "trax", day, cardBody())).statusCode).toBe(201);
    }
    const trax = (await listCards(owner)).filter((c) => c.courier === "trax");
    expect(trax.map((c) => [c.effective_from, c.in_force, c.upcoming])).toEqual([
      ["2099-01-01", false, true],
      ["2025-03-01", true, false],
      ["2024-01-01", false, false],
    ]);
    // couriers in the store's order
    const couriers = (await listCards(owner)).map((c) => c.courier);
    expect(couriers.indexOf("leopards")).toBeLessThan(couriers.indexOf("trax"));
  });

  it("removes any card, in force or to come, audited with every line; a second removal is a 404", async () => {
    expect((await saveCard(owner, "tcs", "2025-01-01", cardBody())).statusCode).toBe(201);
    expect((await saveCard(owner, "tcs", "2099-06-01", cardBody())).statusCode).toBe(201);
    for (const day of ["2099-06-01", "2025-01-01"]) {
      const res = await removeCard(manager, "tcs", day);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ parcels_refreshed: 0 });
    }
    expect(await cardsOf("tcs")).toBe(0);
    const again = await removeCard(owner, "tcs", "2025-01-01");
    expect(again.statusCode).toBe(404);
    expect(again.json().detail).toBe("TCS has no rate card from 1 July 2025.".replace("1 July", "1 January"));
    const [audit] = await rows<{ changes: Record<string, unknown> }>(
      t,
      sql`select changes from audit_log where action = 'rate_card.remove' order by id desc limit 1`,
    );
    expect(audit!.changes).toMatchObject({
      courier: "TCS",
      effective_from: "2025-01-01",
      gst: "16%",
      up_to_1000_g: expect.any(String),
    });
  });
});

describe("withheld-tax rates", () => {
  it("adds rates with a note, marks today's, refuses a second for the same day and removes one", async () => {
    const added = await addTaxRate(owner, {
      effective_from: "2025-07-01",
      rate_percent: "2",
      note: "Finance Act 2025, section 6A",
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({
      effective_from: "2025-07-01",
      rate_percent: 2,
      in_force: true,
      parcels_refreshed: 0,
    });
    const later = await addTaxRate(manager, { effective_from: "2099-07-01", rate_percent: 2.5 });
    expect(later.statusCode, later.body).toBe(201);
    expect((await listTaxRates(owner)).map((r) => [r.effective_from, r.rate_percent, r.in_force, r.upcoming])).toEqual([
      ["2099-07-01", 2.5, false, true],
      ["2025-07-01", 2, true, false],
    ]);

    const twice = await addTaxRate(owner, { effective_from: "2025-07-01", rate_percent: 3 });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe(
      "A withheld-tax rate from 1 July 2025 is kept already (2%): remove it first to change it.",
    );
    expect(fieldsOf(twice.body)).toEqual(["effective_from"]);

    const gone = await staffCall(owner, "DELETE", `/api/admin/money/withheld-tax-rates/${later.json().id}`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(
      (await staffCall(owner, "DELETE", `/api/admin/money/withheld-tax-rates/${later.json().id}`)).statusCode,
    ).toBe(404);
    const actions = await rows<{ action: string }>(
      t,
      sql`select action from audit_log where entity_type = 'withheld_tax_rate' order by id`,
    );
    expect(actions.map((a) => a.action)).toEqual([
      "withheld_tax_rate.add",
      "withheld_tax_rate.add",
      "withheld_tax_rate.remove",
    ]);
  });
});

describe("hostile values", () => {
  const band = (over: Record<string, unknown>) => ({
    up_to_grams: 500,
    city: 150,
    province: 180,
    country: 250,
    ...over,
  });
  const cases: [string, unknown, string][] = [
    ["a charge of 1e300", cardBody(undefined, { return_charge: 1e300 }), "return_charge"],
    ["a negative charge", { ...cardBody(), bands: [band({ city: -150 })] }, "bands.0.city"],
    ["three decimals", { ...cardBody(), bands: [band({ country: "150.555" })] }, "bands.0.country"],
    [
      "1,000 bands",
      { ...cardBody(), bands: Array.from({ length: 1000 }, (_, i) => band({ up_to_grams: i + 1 })) },
      "bands",
    ],
    ["a long text amount", cardBody(undefined, { return_charge: "9".repeat(100_000) }), "return_charge"],
    ["no band", { ...cardBody(), bands: [] }, "bands"],
    [
      "bands not ascending",
      { ...cardBody(), bands: [band({ up_to_grams: 1000 }), band({ up_to_grams: 500 })] },
      "bands.1.up_to_grams",
    ],
    ["a band of equal weight", { ...cardBody(), bands: [band({}), band({})] }, "bands.1.up_to_grams"],
    ["0 grams", { ...cardBody(), bands: [band({ up_to_grams: 0 })] }, "bands.0.up_to_grams"],
    ["100,001 grams", { ...cardBody(), bands: [band({ up_to_grams: "100001" })] }, "bands.0.up_to_grams"],
    ["half a gram", { ...cardBody(), bands: [band({ up_to_grams: 500.5 })] }, "bands.0.up_to_grams"],
    ["a percent over 100", cardBody(undefined, { gst_percent: 100.01 }), "gst_percent"],
    ["a negative percent", cardBody(undefined, { fuel_percent: "-1" }), "fuel_percent"],
    ["a tolerance over Rs. 1,000", cardBody(undefined, { tolerance: 1000.01 }), "tolerance"],
    ["a missing field", { ...cardBody(), extra_per_500g: undefined }, "extra_per_500g"],
    ["a missing zone", cardBody(undefined, { extra_per_500g: { city: 1, province: 2 } }), "extra_per_500g.country"],
    ["a boolean as text", cardBody(undefined, { delivery_charged_on_return: "yes" }), "delivery_charged_on_return"],
  ];
  it.each(cases)("refuses %s by its field (422), writing nothing", async (_name, body, field) => {
    const res = await saveCard(owner, "postex", "2025-02-01", body);
    expect(res.statusCode, res.body).toBe(422);
    expect(fieldsOf(res.body)).toContain(field);
    expect(await cardsOf("postex")).toBe(0);
  });

  it("names every refused field at once", async () => {
    const res = await saveCard(owner, "postex", "2025-02-01", cardBody([[500, "x", 180, -1]], { gst_percent: "lots" }));
    expect(res.statusCode).toBe(422);
    expect(fieldsOf(res.body)).toEqual(["bands.0.city", "bands.0.country", "gst_percent"]);
    expect(res.json().errors[0].message).toBe(
      "Charge within the city must be an amount in rupees, such as 150 or 150.50",
    );
  });

  it.each([
    ["2026-02-30", 422],
    ["2026-13-01", 422],
    ["1999-12-31", 422],
    ["01-07-2025", 422],
    ["2025-07-01%00", 400],
    ["x".repeat(2000), 414],
  ])("refuses the day %s", async (day, status) => {
    const res = await saveCard(owner, "postex", day, cardBody());
    expect(res.statusCode, res.body).toBe(status);
    if (status === 422) expect(fieldsOf(res.body)).toEqual(["effective_from"]);
    expect(await cardsOf("postex")).toBe(0);
    expect((await removeCard(owner, "postex", day)).statusCode).toBeGreaterThanOrEqual(400);
  });

  it("refuses an unknown courier, a body past the limit and hostile tax rates", async () => {
    const dhl = await saveCard(owner, "dhl", "2025-07-01", cardBody());
    expect(dhl.statusCode).toBe(422);
    expect(fieldsOf(dhl.body)).toEqual(["courier"]);
    expect(
      (await saveCard(owner, "postex", "2025-07-01", cardBody(undefined, { return_charge: "1".repeat(1_000_000) })))
        .statusCode,
    ).toBe(413);
    expect((await saveCard(owner, "postex", "2025-07-01", [cardBody()])).statusCode).toBe(422);
    // the store's request checks refuse a NUL anywhere in a body (400, naming the field) and a body
    // past 256 KB (413) before any route reads it
    const nul = await saveCard(owner, "postex", "2025-07-01", cardBody([[500, 150, "15\u00000", 250]]));
    expect(nul.statusCode).toBe(400);
    expect(nul.json().detail).toMatch(/^bands\.0\.province must not contain NUL/);
    const many = Array.from({ length: 10_000 }, (_, i) => [i + 1, 1, 1, 1] as [number, number, number, number]);
    expect((await saveCard(owner, "postex", "2025-07-01", cardBody(many))).statusCode).toBe(413);
    for (const [body, field] of [
      [{ effective_from: "2026-02-30", rate_percent: 2 }, "effective_from"],
      [{ effective_from: "2025-07-01", rate_percent: 1e300 }, "rate_percent"],
      [{ effective_from: "2025-07-01", rate_percent: -2 }, "rate_percent"],
      [{ effective_from: "2025-07-01", rate_percent: 2, note: "a\u0007b" }, "note"],
      [{ effective_from: "2025-07-01", rate_percent: 2, note: "n".repeat(201) }, "note"],
      [{ rate_percent: 2 }, "effective_from"],
    ] as const) {
      const res = await addTaxRate(owner, body);
      expect(res.statusCode, res.body).toBe(422);
      expect(fieldsOf(res.body)).toContain(field);
    }
    expect((await staffCall(owner, "DELETE", "/api/admin/money/withheld-tax-rates/99999999999")).statusCode).toBe(422);
    expect(await count(t, sql`select count(*) as n from courier_rate_cards where courier = 'postex'`)).toBe(0);
  });
});

describe("the money permission", () => {
  it("is for owners and managers: fulfilment and catalogue get 403 before a body is read", async () => {
    for (const who of [packer, catalogue]) {
      expect((await staffCall(who, "GET", "/api/admin/money/rate-cards")).statusCode).toBe(403);
      expect((await saveCard(who, "postex", "2025-07-01", cardBody())).statusCode).toBe(403);
      expect((await saveCard(who, "postex", "2026-02-30", "not json at all")).statusCode).toBe(403);
      expect((await removeCard(who, "leopards", "2025-07-01")).statusCode).toBe(403);
      expect((await staffCall(who, "GET", "/api/admin/money/withheld-tax-rates")).statusCode).toBe(403);
      expect((await addTaxRate(who, { effective_from: "2025-08-01", rate_percent: 2 })).statusCode).toBe(403);
      expect((await staffCall(who, "DELETE", "/api/admin/money/withheld-tax-rates/1")).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: "GET", url: "/api/admin/money/rate-cards" })).statusCode).toBe(401);
    expect(await cardsOf("postex")).toBe(0);
  });
});

describe("two members at once", () => {
  it("saving the same courier's card for the same day: one card kept, every answer clear, never a 500", async () => {
    const answers = await Promise.all(
      [150, 160, 170, 180].map((city) =>
        saveCard(city % 20 ? owner : manager, "postex", "2025-05-01", cardBody([[1000, city, 200, 250]])),
      ),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.every((s) => s === 201 || s === 200 || s === 409)).toBe(true);
    for (const res of answers.filter((r) => r.statusCode === 409)) {
      expect(res.json().detail).toMatch(/^Someone else saved PostEx's rate card from 1 May 2025 at the same moment/);
    }
    expect(
      await count(
        t,
        sql`select count(*) as n from courier_rate_cards where courier = 'postex' and effective_from = '2025-05-01'`,
      ),
    ).toBe(1);
    const url = cardUrl("postex", "2025-05-01");
    expect((await staffCall(owner, "DELETE", url)).statusCode).toBe(200);
  });

  it("adding a tax rate for the same day: one kept, the other told so", async () => {
    const answers = await Promise.all(
      [1, 2, 3].map((rate) => addTaxRate(owner, { effective_from: "2024-07-01", rate_percent: rate })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await count(t, sql`select count(*) as n from withheld_tax_rates where effective_from = '2024-07-01'`)).toBe(
      1,
    );
  });
});
