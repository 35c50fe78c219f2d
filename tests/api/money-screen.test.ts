// The money screen's reads through the staff API (decision 0106), against parcels delivered and
// returned on the fake PostEx and paid through the one payment writer: the summary per courier
// to the paisa, the unpaid parcels oldest first and paged, the payment batches newest first and
// one batch with every amount, the differences by dispute state, and who may read them.
import { describe, expect, it } from "vitest";
import {
  CARD_DELIVERY,
  CARD_RETURN,
  catalogue,
  finishedParcel,
  karachiDayFrom,
  karachiMonday,
  manager,
  moneyRow,
  owner,
  packer,
  payParcel,
  staffCall,
  startMoneyDesk,
  type FinishedParcel,
} from "../helpers/money-desk";

startMoneyDesk();

interface Line {
  parcel_id: number;
  tracking_id: string;
  customer_name: string;
  cn: string;
  age_days: number;
  due: number;
  expected_net: number | null;
  collected: number | null;
  deductions: number | null;
  net: number | null;
  difference_kind: string | null;
  difference: number | null;
  dispute_state: string | null;
  version: number;
}

async function get<T>(url: string, who = owner) {
  const res = await staffCall(who, "GET", url);
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.json() as T, total: Number(res.headers["x-total-count"]) };
}

const rupees = (paisa: number) => paisa / 100;
const lastWeek = () => karachiDayFrom(-1 - ((new Date(`${karachiDayFrom()}T00:00:00Z`).getUTCDay() + 6) % 7));

let a: FinishedParcel, b: FinishedParcel, c: FinishedParcel, d: FinishedParcel;
let e: FinishedParcel, f: FinishedParcel, g: FinishedParcel, h: FinishedParcel;
let batchIds: number[] = [];

describe("the summary", () => {
  it("sums the cash each courier holds, this week's payments, what it paid short and this month's return charges", async () => {
    a = await finishedParcel("delivered", { daysAgo: 9 });
    b = await finishedParcel("delivered", { daysAgo: 2 });
    c = await finishedParcel();
    d = await finishedParcel();
    e = await finishedParcel();
    f = await finishedParcel();
    g = await finishedParcel("returned");
    h = await finishedParcel("returned");
    const fee = { transactionFee: CARD_DELIVERY };
    await payParcel(c.parcelId, { reference: "CPR-1", collectedPaisa: c.codPaisa, charges: fee });
    const short = await payParcel(d.parcelId, {
      reference: "CPR-1",
      collectedPaisa: d.codPaisa - 45_000,
      charges: fee,
    });
    expect(short!.difference).toEqual({ kind: "paid short", paisa: 45_000 });
    const week = lastWeek();
    const more = await payParcel(e.parcelId, {
      reference: "CPR-2",
      paidOn: week,
      collectedPaisa: e.codPaisa,
      charges: { transactionFee: 25_000 },
    });
    expect(more!.difference).toEqual({ kind: "charged more than the rate card", paisa: 10_000 });
    await payParcel(f.parcelId, {
      reference: "CPR-2",
      paidOn: week,
      collectedPaisa: f.codPaisa - 30_000,
      charges: fee,
    });
    const settled = await staffCall(owner, "PUT", `/api/admin/money/parcels/${f.parcelId}/dispute`, {
      state: "resolved",
      note: "PostEx paid the Rs. 300 in the next CPR",
      version: (await moneyRow(f.parcelId)).version,
    });
    expect(settled.statusCode, settled.body).toBe(200);
    await payParcel(g.parcelId, {
      reference: "CPR-2",
      paidOn: week,
      collectedPaisa: 0,
      charges: { reversalFee: CARD_RETURN, reversalTax: 3_200 },
    });

    const { body } = await get<{
      couriers: Record<string, unknown>[];
      totals: Record<string, unknown>;
      week_from: string;
      month_from: string;
    }>("/api/admin/money/summary");
    expect(body.week_from).toBe(karachiMonday());
    expect(body.month_from).toBe(`${karachiDayFrom().slice(0, 7)}-01`);
    expect(body.couriers).toHaveLength(1);
    const postex = body.couriers[0]!;
    expect(postex).toMatchObject({
      courier: "postex",
      courier_name: "PostEx",
      cash_with_courier: { parcels: 2, amount: rupees(a.codPaisa + b.codPaisa), oldest_days: 9 },
      paid_this_week: { parcels: 2, amount: rupees(c.codPaisa - CARD_DELIVERY + d.codPaisa - 45_000 - CARD_DELIVERY) },
      paid_short: { parcels: 1, amount: 450 },
      // e's Rs. 100 over the card, and g's GST on its return that the card does not charge
      charged_more: { parcels: 2, amount: 132 },
      // g as charged (return and its GST), h unpaid at the card's Rs. 200
      return_charges: { parcels: 2, amount: rupees(CARD_RETURN + 3_200 + CARD_RETURN), estimated_parcels: 1 },
    });
    expect(body.totals).toEqual({ ...postex, courier: null, courier_name: "All couriers" });
  });

  it("is the money permission's: a packer and the catalogue team are refused, a manager reads it", async () => {
    for (const url of [
      "/api/admin/money/summary",
      "/api/admin/money/unpaid",
      "/api/admin/money/batches",
      "/api/admin/money/batches/1",
      "/api/admin/money/differences",
      "/api/admin/money/export.csv",
    ]) {
      expect((await staffCall(packer, "GET", url)).statusCode, url).toBe(403);
      expect((await staffCall(catalogue, "GET", url)).statusCode, url).toBe(403);
    }
    const put = await staffCall(packer, "PUT", `/api/admin/money/parcels/${a.parcelId}/dispute`, {
      state: "raised",
      version: 1,
    });
    expect(put.statusCode).toBe(403);
    await get("/api/admin/money/summary", manager);
  });
});

describe("the lists", () => {
  it("lists the unpaid parcels oldest first, paged, with what each should bring home", async () => {
    const first = await get<Line[]>("/api/admin/money/unpaid?limit=2");
    expect(first.total).toBe(3);
    expect(first.body.map((l) => l.parcel_id)).toEqual([a.parcelId, b.parcelId]);
    expect(first.body[0]).toMatchObject({
      tracking_id: a.order.trackingId,
      cn: a.cn,
      age_days: 9,
      due: rupees(a.codPaisa),
      expected_net: rupees(a.codPaisa - CARD_DELIVERY),
      collected: null,
      net: null,
    });
    const second = await get<Line[]>("/api/admin/money/unpaid?limit=2&offset=2");
    expect(second.body.map((l) => l.parcel_id)).toEqual([h.parcelId]);
    expect(second.body[0]).toMatchObject({ due: 0, expected_net: -rupees(CARD_RETURN) });
    const other = await get<Line[]>("/api/admin/money/unpaid?courier=leopards");
    expect([other.total, other.body]).toEqual([0, []]);
  });

  it("lists the payment batches newest first with their sums, and one batch with every amount", async () => {
    const { body, total } = await get<Record<string, unknown>[]>("/api/admin/money/batches");
    expect(total).toBe(2);
    expect(body.map((batch) => batch.reference)).toEqual(["CPR-1", "CPR-2"]);
    expect(body[0]).toMatchObject({
      courier: "postex",
      paid_on: karachiDayFrom(),
      parcels: 2,
      collected: rupees(c.codPaisa + d.codPaisa - 45_000),
      deductions: rupees(2 * CARD_DELIVERY),
      net: rupees(c.codPaisa + d.codPaisa - 45_000 - 2 * CARD_DELIVERY),
      differing: 1,
    });
    expect(body[1]).toMatchObject({ parcels: 3, deductions: rupees(25_000 + CARD_DELIVERY + CARD_RETURN + 3_200) });
    batchIds = body.map((batch) => batch.id as number);

    const one = await get<{ reference: string; parcels_list: Line[] }>(`/api/admin/money/batches/${batchIds[1]}`);
    expect(one.body.reference).toBe("CPR-2");
    expect(one.body.parcels_list.map((l) => l.parcel_id)).toEqual([e.parcelId, f.parcelId, g.parcelId]);
    for (const line of one.body.parcels_list) {
      expect(Math.round((line.collected! - line.deductions!) * 100)).toBe(Math.round(line.net! * 100));
    }
    expect(one.body.parcels_list[2]).toMatchObject({ collected: 0, net: -232, deductions: 232 });
    expect((await staffCall(owner, "GET", "/api/admin/money/batches/999999")).statusCode).toBe(404);
  });

  it("lists the differences with their disputes, by state", async () => {
    const all = await get<Line[]>("/api/admin/money/differences");
    expect(all.body.map((l) => l.parcel_id)).toEqual([d.parcelId, e.parcelId, f.parcelId, g.parcelId]);
    expect(all.body[0]).toMatchObject({ difference_kind: "paid short", difference: 450, dispute_state: "open" });
    const resolved = await get<Line[]>("/api/admin/money/differences?state=resolved");
    expect(resolved.body.map((l) => l.parcel_id)).toEqual([f.parcelId]);
    const open = await get<Line[]>("/api/admin/money/differences?state=open&limit=1&offset=1");
    expect([open.total, open.body.map((l) => l.parcel_id)]).toEqual([3, [e.parcelId]]);
  });

  it("refuses what a list cannot take with a 422, never a 500", async () => {
    for (const url of [
      "/api/admin/money/unpaid?offset=999999999999",
      "/api/admin/money/unpaid?limit=100000000",
      "/api/admin/money/unpaid?limit=-1",
      "/api/admin/money/batches?courier=dhl",
      "/api/admin/money/differences?state=forgotten",
      "/api/admin/money/batches/99999999999",
      "/api/admin/money/batches/abc",
      `/api/admin/money/unpaid?courier=${"x".repeat(100_000)}`,
    ]) {
      const res = await staffCall(owner, "GET", url);
      expect([400, 414, 422], `${url.slice(0, 60)}: ${res.statusCode} ${res.body.slice(0, 200)}`).toContain(
        res.statusCode,
      );
      expect(res.body).not.toMatch(/at .*\.ts/);
    }
  });
});
