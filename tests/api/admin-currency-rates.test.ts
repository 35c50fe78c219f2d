// The display currencies' rates (spec §9; decision 0091): owner only; every rate checked (text
// length before its pattern, a 422 naming the currency); exact to 4 decimals, never a float;
// audited in the save's transaction; a save from an old version refused with 409 (raced for real
// on PostgreSQL); the storefront's settings answer offers exactly the currencies with a rate,
// and a change shows there at once.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { catalogue, manager, owner, secondOwner, startOrderDesk, t } from "../helpers/order-desk";
import { rows } from "../helpers/shop";

startOrderDesk({ members: ["owner", "manager", "catalogue"] });

const URL = "/api/admin/settings/currency-rates";

interface RatesAnswer {
  currencies: {
    code: string;
    name: string;
    rupees_per_unit: string | null;
    set_at: string | null;
    set_by: string | null;
  }[];
  updated_at: string;
}

const read = async (who = owner) => {
  const res = await t.app.inject({ method: "GET", url: URL, headers: who.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as RatesAnswer;
};

const put = (payload: unknown, who = owner) =>
  t.app.inject({ method: "PUT", url: URL, headers: who.auth, payload: payload as Record<string, unknown> });

async function save(rates: Record<string, unknown>, who = owner) {
  const { updated_at } = await read();
  return put({ updated_at, rates }, who);
}

const rateOf = (answer: RatesAnswer, code: string) => answer.currencies.find((c) => c.code === code)!;

const audits = () =>
  rows<{ changes: Record<string, [string | null, string | null]>; actor_email: string }>(
    t,
    sql`select changes, actor_email from audit_log where action = 'settings.update' and entity_id = 'currencies' order by id`,
  );

const publicCurrencies = async () => {
  const res = await t.app.inject({ method: "GET", url: "/api/site-settings" });
  expect(res.statusCode).toBe(200);
  return res.json() as { default_currency: string; currencies: { code: string; rupees_per_unit: string }[] };
};

describe("the display currencies' rates", () => {
  it("start with none offered: the storefront offers rupees alone", async () => {
    const answer = await read();
    expect(answer.currencies.map((c) => [c.code, c.rupees_per_unit])).toEqual([
      ["USD", null],
      ["EUR", null],
      ["GBP", null],
    ]);
    expect(answer.updated_at).toBe("none");
    const shop = await publicCurrencies();
    expect(shop.default_currency).toBe("PKR");
    expect(shop.currencies.map((c) => c.code)).toEqual(["PKR"]);
  });

  it("are the owner's alone: a manager, catalogue staff and no one get 403 or 401, and nothing changes", async () => {
    for (const who of [manager, catalogue]) {
      expect((await t.app.inject({ method: "GET", url: URL, headers: who.auth })).statusCode).toBe(403);
      const res = await save({ USD: "1" }, who);
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toBe("You do not have permission to do this.");
    }
    expect((await t.app.inject({ method: "GET", url: URL })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: "PUT", url: URL, payload: { updated_at: "none", rates: {} } })).statusCode,
    ).toBe(401);
    expect(rateOf(await read(), "USD").rupees_per_unit).toBeNull();
    expect(await audits()).toHaveLength(0);
  });

  it("are set exactly, audited with who and what, and offered on the storefront at once", async () => {
    // read first, so the storefront's answer is cached before the change
    expect((await publicCurrencies()).currencies).toHaveLength(1);
    const res = await save({ USD: "Rs. 278.5", GBP: 355.1234 });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as RatesAnswer;
    expect(rateOf(answer, "USD")).toMatchObject({ rupees_per_unit: "278.5000", set_by: owner.email });
    expect(rateOf(answer, "GBP").rupees_per_unit).toBe("355.1234");
    expect(rateOf(answer, "EUR").rupees_per_unit).toBeNull();
    expect(Date.now() - Date.parse(rateOf(answer, "USD").set_at!)).toBeLessThan(60_000);
    expect(answer.updated_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    // stored as an exact decimal, not a float
    const [stored] = await rows<{ text: string }>(
      t,
      sql`select rupees_per_unit::text as text from currency_rates where code = 'GBP'`,
    );
    expect(stored!.text).toBe("355.1234");

    const log = await audits();
    expect(log).toHaveLength(1);
    expect(log[0]).toEqual({
      actor_email: owner.email,
      changes: { rate_usd: [null, "278.5000"], rate_gbp: [null, "355.1234"] },
    });

    const shop = await publicCurrencies();
    expect(shop.currencies).toEqual([
      expect.objectContaining({ code: "PKR", rupees_per_unit: "1.0000" }),
      expect.objectContaining({ code: "USD", rupees_per_unit: "278.5000", symbol: "$" }),
      expect.objectContaining({ code: "GBP", rupees_per_unit: "355.1234", symbol: "£" }),
    ]);
  });

  it("saving the same rate again changes and records nothing", async () => {
    const before = await read();
    const res = await put({ updated_at: before.updated_at, rates: { USD: "278.50" } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().updated_at).toBe(before.updated_at);
    expect(await audits()).toHaveLength(1);
  });

  it("refuses every bad rate with a 422 naming the currency, and keeps the rates as they were", async () => {
    const cases: [unknown, RegExp][] = [
      ["-5", /more than 0/],
      [-278.5, /more than 0/],
      ["0", /more than 0/],
      [0, /more than 0/],
      ["0.00001", /at most 4 decimal places/],
      ["100000", /less than Rs\. 100,000 per USD/],
      [1e300, /rupees per USD/],
      ["9".repeat(10_000), /rupees per USD/],
      ["two hundred", /rupees per USD/],
      ["1e3", /rupees per USD/],
      [true, /rupees per unit/],
      [[278.5], /rupees per unit/],
    ];
    for (const [value, message] of cases) {
      const res = await save({ USD: value });
      expect(res.statusCode, `${String(value).slice(0, 20)}: ${res.body.slice(0, 200)}`).toBe(422);
      expect(res.json().detail).toMatch(message);
      expect(res.body).not.toMatch(/stack|at Object\./);
    }
    // a NUL byte is refused before any route reads the body (core refuses it too: its unit test)
    const nul = await save({ USD: "278.5\u0000" });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().detail).toMatch(/NUL/);
    // a megabyte is refused before it is read as JSON
    const huge = await save({ USD: "9".repeat(1_000_000) });
    expect(huge.statusCode).toBe(413);
    // a currency the shop does not offer, or no rates at all
    for (const rates of [{ JPY: "1.9" }, "USD=278", null]) {
      const res = await save(rates as Record<string, unknown>);
      expect(res.statusCode, res.body).toBe(422);
    }
    const res = await put({ rates: { USD: "280" } });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatch(/updated_at/);
    expect(rateOf(await read(), "USD").rupees_per_unit).toBe("278.5000");
    expect(await audits()).toHaveLength(1);
  });

  it("a save made from an old version is refused with 409; only one of two owners at once wins", async () => {
    const { updated_at } = await read();
    const [a, b] = await Promise.all([
      put({ updated_at, rates: { EUR: "301.25" } }, owner),
      put({ updated_at, rates: { EUR: "305" } }, secondOwner),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().detail).toMatch(/changed by someone else/);
    const winner = a.statusCode === 200 ? "301.2500" : "305.0000";
    expect(rateOf(await read(), "EUR").rupees_per_unit).toBe(winner);
    expect(await audits()).toHaveLength(2);
  });

  it("clearing a rate stops offering the currency, audited as cleared", async () => {
    const res = await save({ GBP: "", EUR: null });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as RatesAnswer;
    expect(rateOf(answer, "GBP").rupees_per_unit).toBeNull();
    expect(rateOf(answer, "GBP").set_at).not.toBeNull();
    expect((await audits()).at(-1)!.changes).toEqual({
      rate_gbp: ["355.1234", null],
      rate_eur: [expect.stringMatching(/^(301\.2500|305\.0000)$/), null],
    });
    expect((await publicCurrencies()).currencies.map((c) => c.code)).toEqual(["PKR", "USD"]);
  });
});
