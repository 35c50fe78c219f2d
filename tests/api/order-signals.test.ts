// Fake-order signals (decision 0073): each signal found at placement with the
// reason staff read, the hold the owner's settings choose (no WhatsApp message, no confirm link,
// held_for_call in the answer), a blocked phone that can still order, the phone's history, city
// limits compared ignoring case, parallel orders from one phone, a manual order never held, and
// hostile input to the settings API.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rows } from "../helpers/shop";
import { makeStaff } from "../helpers/staff";
import {
  t,
  owner,
  item,
  newPhone,
  GOOD_ADDRESS,
  newAddress,
  order,
  riskOf,
  codes,
  messagesOf,
  api,
  saveSignals,
  phoneSerial,
  startOrderSignalsStore,
} from "../helpers/order-signals";

startOrderSignalsStore();

describe("signals found when an order is placed", () => {
  it("finds nothing on a first order to a full address, asks on WhatsApp and links the confirm page", async () => {
    const placed = await order({ address: GOOD_ADDRESS });
    expect(placed.held_for_call).toBe(false);
    expect(placed.confirm_url).toMatch(/^\/order\/confirm\//);
    const { risk, held, addressKey } = await riskOf(placed.id);
    expect(risk).toEqual({ history: { delivered: 0, refused: 0, cancelled: 0 }, signals: [] });
    expect(held).toBe(false);
    expect(addressKey).toBe("house 12 street 4 gulberg iii|lahore");
    expect(await messagesOf(placed.id)).toBe(1);
  });

  it("flags an address too short to deliver to, without holding it by default", async () => {
    for (const address of ["Gulberg, Lahore", "DHA", "Model Town Extension Lahore Pakistan"]) {
      const placed = await order({ address });
      const { risk, held } = await riskOf(placed.id);
      if (address.startsWith("Model Town")) {
        // a "town" places it: long enough, and a word a courier finds
        expect(codes(risk), address).toEqual([]);
        continue;
      }
      expect(risk.signals, address).toEqual([
        { code: "short_address", reason: "The address is too short for a courier to find", holds: false },
      ]);
      expect(held).toBe(false);
      expect(placed.confirm_url).not.toBeNull();
    }
    // long enough, but neither a number nor a word that places it
    const vague = await order({ address: "Gulberg Lahore Punjab Pakistan" });
    expect(codes((await riskOf(vague.id)).risk)).toEqual(["short_address"]);
    // a rural address with a landmark and no house number is fine
    const rural = await order({ address: "Near Jamia Masjid, Mohalla Rehmanabad" });
    expect(codes((await riskOf(rural.id)).risk)).toEqual([]);
  });

  it("holds an order from a blocked phone: it is placed, with no message and no link, and says so", async () => {
    const phone = newPhone();
    const blocked = await api("POST", "/api/admin/block-list", owner, {
      kind: "phone",
      phone: `+92 ${phone.slice(1).replace("-", " ")}`,
      reason: "Refused three parcels in March",
    });
    expect(blocked.statusCode, blocked.body).toBe(201);
    const placed = await order({ phone });
    expect(placed.held_for_call).toBe(true);
    expect(placed.confirm_url).toBeNull();
    expect(await messagesOf(placed.id)).toBe(0);
    const [row] = await rows<{ confirm_token_hash: string | null; status: string }>(
      t,
      sql`select confirm_token_hash, status from orders where id = ${placed.id}`,
    );
    expect(row).toEqual({ confirm_token_hash: null, status: "pending confirmation" });
    const { risk, held } = await riskOf(placed.id);
    expect(held).toBe(true);
    expect(risk.signals).toEqual([
      { code: "blocked", reason: "This phone is on the block list: Refused three parcels in March", holds: true },
    ]);
    // staff see it held, in the list and the order
    const list = (await api("GET", "/api/admin/orders?held=true&limit=200", owner)).json() as {
      id: number;
      held_for_call: boolean;
    }[];
    expect(list.some((o) => o.id === placed.id && o.held_for_call)).toBe(true);
    expect(list.every((o) => o.held_for_call)).toBe(true);
    const detail = (await api("GET", `/api/admin/orders/${placed.id}`, owner)).json();
    expect(detail.held_for_call).toBe(true);
    expect(detail.risk_signals[0].code).toBe("blocked");
    expect(detail.risk_history).toEqual({ delivered: 0, refused: 0, cancelled: 0 });
  });

  it("finds a blocked address typed another way, in another case, from another phone", async () => {
    const blocked = await api("POST", "/api/admin/block-list", owner, {
      kind: "address",
      address: "Flat 3, Block C, Askari 11",
      city: "Lahore",
    });
    expect(blocked.statusCode, blocked.body).toBe(201);
    const placed = await order({ address: "flat 3 block-c  ASKARI 11", city: " LAHORE" });
    expect(placed.held_for_call).toBe(true);
    expect((await riskOf(placed.id)).risk.signals).toEqual([
      { code: "blocked", reason: "This address is on the block list", holds: true },
    ]);
  });

  it("counts the phone's history: delivered, refused at the door, cancelled", async () => {
    const phone = newPhone();
    const past = [];
    for (let n = 0; n < 4; n++) past.push(await order({ phone }));
    const [delivered, refused, cancelled1, cancelled2] = past.map((p) => p!.id);
    // an order in the past: moved as the workflow would, days ago (the daily limit and the
    // repeat signal count a day)
    await t.database.db.execute(
      sql`update orders set created_at = now() - interval '5 days', status = 'delivered', delivered_at = now()
          where id = ${delivered}`,
    );
    await t.database.db.execute(
      sql`update orders set created_at = now() - interval '5 days', status = 'returned' where id = ${refused}`,
    );
    await t.database.db.execute(
      sql`insert into order_events (order_id, kind, from_status, to_status) values (${refused}, 'status', 'shipped', 'returned')`,
    );
    await t.database.db.execute(
      sql`update orders set created_at = now() - interval '5 days', status = 'cancelled'
          where id in (${cancelled1}, ${cancelled2})`,
    );
    const placed = await order({ phone: phone.replace("-", " ") });
    const { risk, held } = await riskOf(placed.id);
    expect(risk.history).toEqual({ delivered: 1, refused: 1, cancelled: 2 });
    expect(risk.signals).toEqual([
      { code: "refused_before", reason: "1 order refused at the door", holds: true },
      { code: "cancelled_before", reason: "2 orders cancelled before", holds: false },
    ]);
    expect(held).toBe(true);
    expect(placed.held_for_call).toBe(true);
  });

  it("flags a second pending order from one phone, and to one address, within a day", async () => {
    const phone = newPhone();
    const first = await order({ phone });
    expect(codes((await riskOf(first.id)).risk)).toEqual([]);
    const second = await order({ phone });
    expect((await riskOf(second.id)).risk.signals).toEqual([
      {
        code: "repeat_pending",
        reason: "1 other order from this phone awaiting confirmation in the last 24 hours",
        holds: false,
      },
    ]);
    const address = `House ${200 + phoneSerial}, Street 9, Johar Town`;
    await order({ address });
    const other = await order({ address });
    expect((await riskOf(other.id)).risk.signals).toEqual([
      {
        code: "repeat_pending",
        reason: "1 other order to this address awaiting confirmation in the last 24 hours",
        holds: false,
      },
    ]);
  });

  it("flags the second of two orders placed at once from one phone", async () => {
    const phone = newPhone();
    const placed = await Promise.all([order({ phone }), order({ phone })]);
    const flagged = [];
    for (const p of placed) flagged.push(codes((await riskOf(p.id)).risk).includes("repeat_pending"));
    // the phone's lock puts them one after the other: exactly the later one sees the first
    expect(flagged.filter(Boolean)).toHaveLength(1);
  });

  it("flags an order above the store's limit and above its city's, ignoring the city's case", async () => {
    const total = (item.pricePaisa * 2) / 100;
    await saveSignals({ cod_limit: String(Math.floor(total / 2)), city_limits: [] });
    const over = await order({ quantity: 2 });
    const overRisk = (await riskOf(over.id)).risk;
    expect(codes(overRisk)).toEqual(["over_cod_limit"]);
    expect(overRisk.signals[0]!.reason).toMatch(
      /^Total Rs\. [\d,.]+ is above the cash-on-delivery limit of Rs\. [\d,]+$/,
    );
    expect(over.held_for_call).toBe(true);
    expect(await messagesOf(over.id)).toBe(0);

    await saveSignals({ cod_limit: null, city_limits: [{ city: "LAHORE", cod_limit: 1 }] });
    const inCity = await order({ city: "lahore " });
    expect((await riskOf(inCity.id)).risk.signals[0]).toMatchObject({
      code: "over_cod_limit",
      holds: true,
    });
    // the order keeps the city's own name, matched from what was typed (decision 0105)
    expect((await riskOf(inCity.id)).risk.signals[0]!.reason).toContain("Lahore's cash-on-delivery limit of Rs. 1");
    const elsewhere = await order({ city: "Karachi" });
    expect(codes((await riskOf(elsewhere.id)).risk)).toEqual([]);
  });

  it("holds what the owner chose, and only that", async () => {
    await saveSignals({ hold_signals: ["short_address"] });
    const short = await order({ address: "DHA" });
    expect(short.held_for_call).toBe(true);
    expect(short.confirm_url).toBeNull();
    expect(await messagesOf(short.id)).toBe(0);

    // nothing holds: a blocked phone is flagged and asked on WhatsApp as any other
    await saveSignals({ hold_signals: [] });
    const phone = newPhone();
    expect((await api("POST", "/api/admin/block-list", owner, { kind: "phone", phone })).statusCode).toBe(201);
    const blocked = await order({ phone });
    expect(blocked.held_for_call).toBe(false);
    expect(blocked.confirm_url).not.toBeNull();
    expect(await messagesOf(blocked.id)).toBe(1);
    expect((await riskOf(blocked.id)).risk.signals).toEqual([
      { code: "blocked", reason: "This phone is on the block list", holds: false },
    ]);
  });

  it("assesses an order staff take on the phone, but never holds it", async () => {
    const phone = newPhone();
    expect((await api("POST", "/api/admin/block-list", owner, { kind: "phone", phone })).statusCode).toBe(201);
    const res = await api("POST", "/api/admin/orders", owner, {
      first_name: "Sana",
      last_name: "Iqbal",
      phone,
      shipping_address: newAddress(),
      city: "Lahore",
      postal_code: "54660",
      source: "phone",
      items: [{ product_id: item.productId, combination_id: null, quantity: 1 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const { risk, held } = await riskOf(res.json().id);
    expect(held).toBe(false);
    expect(risk.signals).toEqual([{ code: "blocked", reason: "This phone is on the block list", holds: false }]);
  });
});

describe("the signal settings", () => {
  it("answers what it saved, and the owner alone may read or change it", async () => {
    const saved = await saveSignals({
      hold_signals: ["short_address", "blocked"],
      cod_limit: "25,000",
      city_limits: [
        { city: "  Dera  Ismail Khan ", cod_limit: 8000 },
        { city: "Quetta", cod_limit: "12000.50" },
      ],
    });
    expect(saved).toMatchObject({
      hold_signals: ["blocked", "short_address"],
      cod_limit: 25000,
      city_limits: [
        { city: "Dera Ismail Khan", cod_limit: 8000 },
        { city: "Quetta", cod_limit: 12000.5 },
      ],
    });
    const audit = await rows<{ changes: unknown }>(
      t,
      sql`select changes from audit_log where action = 'settings.update' and entity_id = 'order_signals' order by id desc limit 1`,
    );
    expect(JSON.stringify(audit[0]?.changes)).toContain("Dera Ismail Khan");
    const manager = await makeStaff(t.app, t.core, owner, "manager");
    expect((await api("GET", "/api/admin/settings/order-signals", manager)).statusCode).toBe(403);
    expect((await api("PUT", "/api/admin/settings/order-signals", manager, saved)).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/admin/settings/order-signals" })).statusCode).toBe(401);
  });

  it("refuses hostile and broken settings with a clear message, changing nothing", async () => {
    const current = (await api("GET", "/api/admin/settings/order-signals", owner)).json();
    const base = {
      hold_signals: current.hold_signals,
      cod_limit: current.cod_limit,
      city_limits: current.city_limits,
      updated_at: current.updated_at,
    };
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ hold_signals: ["nope"] }, 422, /hold_signals may only hold/],
      [{ hold_signals: "blocked" }, 422, /hold_signals/],
      [{ hold_signals: [1] }, 422, /hold_signals/],
      [{ hold_signals: Array(21).fill("blocked") }, 422, /too many/],
      [{ cod_limit: -5 }, 422, /cod_limit must be more than 0/],
      [{ cod_limit: 0 }, 422, /more than 0/],
      [{ cod_limit: "1e99" }, 422, /cod_limit must be an amount/],
      [{ cod_limit: "9".repeat(5000) }, 422, /cod_limit must be an amount/],
      [{ cod_limit: 10_000_001 }, 422, /at most Rs\. 10,000,000/],
      [{ cod_limit: { $gt: 1 } }, 422, /cod_limit/],
      [
        {
          city_limits: [
            { city: "Lahore", cod_limit: 1 },
            { city: "lahore", cod_limit: 2 },
          ],
        },
        422,
        /listed twice/,
      ],
      [{ city_limits: [{ city: "<script>", cod_limit: 1 }] }, 422, /not a city's name/],
      [{ city_limits: [{ city: "x".repeat(61), cod_limit: 1 }] }, 422, /at most 60/],
      [{ city_limits: [{ city: "  ", cod_limit: 1 }] }, 422, /needs the city's name/],
      [{ city_limits: [{ city: "Multan", cod_limit: "" }] }, 422, /Enter the limit for Multan/],
      [{ city_limits: "Lahore" }, 422, /city_limits/],
      [{ city_limits: Array(101).fill({ city: "Lahore", cod_limit: 1 }) }, 422, /At most 100/],
      [{ updated_at: "yesterday" }, 422, /updated_at/],
      [{ updated_at: undefined }, 422, /updated_at/],
      [{ updated_at: "2020-01-01T00:00:00.000000Z" }, 409, /changed by someone else/],
    ];
    for (const [changes, status, detail] of cases) {
      const res = await api("PUT", "/api/admin/settings/order-signals", owner, { ...base, ...changes });
      expect(res.statusCode, `${JSON.stringify(changes).slice(0, 80)} ${res.body}`).toBe(status);
      expect(res.json().detail).toMatch(detail);
    }
    const bad = await t.app.inject({
      method: "PUT",
      url: "/api/admin/settings/order-signals",
      headers: { ...owner.auth, "content-type": "application/json" },
      payload: "{not json",
    });
    expect(bad.statusCode).toBe(400);
    expect((await api("GET", "/api/admin/settings/order-signals", owner)).json()).toEqual(current);
  });

  it("of two saves made from one version, keeps one and refuses the other", async () => {
    const current = (await api("GET", "/api/admin/settings/order-signals", owner)).json();
    const save = (cod: string) =>
      api("PUT", "/api/admin/settings/order-signals", owner, {
        hold_signals: current.hold_signals,
        cod_limit: cod,
        city_limits: [],
        updated_at: current.updated_at,
      });
    const answers = await Promise.all([save("1111"), save("2222")]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.statusCode === 200)!.json();
    expect((await api("GET", "/api/admin/settings/order-signals", owner)).json().cod_limit).toBe(winner.cod_limit);
  });
});
