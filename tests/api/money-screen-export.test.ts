// The accountant's file (decision 0106): every parcel's money as CSV through the staff API, one
// row per parcel with every amount in rupees (net = collected − deductions in each), dates in
// Pakistan time, filtered by the days owed since or paid on and by courier, read in batches,
// and a shopper's name or a dispute note that looks like a formula reaching it as text.
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { exportMoneyCsv, MONEY_CSV_HEADER } from "../../core/remittances/money-export";
import { actorOf } from "../helpers/staff";
import {
  finishedParcel,
  karachiDayFrom,
  moneyRow,
  owner,
  packer,
  payParcel,
  staffCall,
  startMoneyDesk,
  t,
} from "../helpers/money-desk";

startMoneyDesk();

/** The file's rows as cells (no cell of these tests holds a comma, quote or line break). */
function parse(body: string): Record<string, string>[] {
  expect(body.startsWith("\uFEFF")).toBe(true);
  const lines = body.slice(1).split("\r\n").filter(Boolean);
  const header = lines[0]!.split(",");
  expect(header).toEqual([...MONEY_CSV_HEADER]);
  return lines.slice(1).map((line) => Object.fromEntries(line.split(",").map((cell, i) => [header[i]!, cell])));
}

const paisaOf = (cell: string | undefined) => Math.round(Number(cell) * 100);

describe("the accountant's file", () => {
  it("holds every amount of every parcel, net = collected − deductions in each row, guarded against formulas", async () => {
    const paid = await finishedParcel("delivered", { daysAgo: 3 });
    const unpaid = await finishedParcel();
    const returned = await finishedParcel("returned");
    await t.database.db.execute(sql`update orders set first_name = '=HYPERLINK("x")' where id = ${paid.order.id}`);
    await payParcel(paid.parcelId, {
      reference: "CPR-77",
      secondReference: "CPR-78",
      collectedPaisa: paid.codPaisa - 45_000,
      charges: { transactionFee: 15_000, transactionTax: 2_400 },
    });
    await payParcel(returned.parcelId, { reference: "CPR-77", collectedPaisa: 0, charges: { reversalFee: 20_000 } });
    const { version } = await moneyRow(paid.parcelId);
    const put = await staffCall(owner, "PUT", `/api/admin/money/parcels/${paid.parcelId}/dispute`, {
      state: "raised",
      note: "=cmd|' /C calc'!A0 raised with PostEx",
      version,
    });
    expect(put.statusCode, put.body).toBe(200);

    const res = await staffCall(owner, "GET", "/api/admin/money/export.csv");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="courier-money-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.body).not.toContain(",=");
    expect(res.body).toContain(`"'=cmd|' /C calc'!A0 raised with PostEx"`.replace(/"/g, ""));
    const rows = parse(res.body);
    expect(rows.map((r) => r["Order"])).toEqual([
      paid.order.trackingId,
      unpaid.order.trackingId,
      returned.order.trackingId,
    ]);
    const [first, second, third] = rows;
    expect(first).toMatchObject({
      "Consignment number": paid.cn,
      Courier: "PostEx",
      Outcome: "delivered",
      "Paid on": karachiDayFrom(),
      "Batch reference": "CPR-77",
      "Second reference": "CPR-78",
      "Due (Rs)": (paid.codPaisa / 100).toFixed(2),
      "Delivery (Rs)": "150.00",
      "GST (Rs)": "24.00",
      "Expected deductions (Rs)": "150.00",
      Difference: "paid short",
      Dispute: "raised",
      Source: "api",
    });
    expect(first!["Owed since (Pakistan time)"]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    for (const row of [first!, third!]) {
      const deductions = ["Delivery", "Cash handling", "Fuel", "GST", "Return charge", "Withheld tax", "Other"].reduce(
        (sum, kind) => sum + paisaOf(row[`${kind} (Rs)`]),
        0,
      );
      expect(paisaOf(row["Net (Rs)"])).toBe(paisaOf(row["Collected (Rs)"]) - deductions);
    }
    expect(third).toMatchObject({ "Collected (Rs)": "0.00", "Return charge (Rs)": "200.00", "Net (Rs)": "-200.00" });
    expect(second).toMatchObject({
      "Collected (Rs)": "",
      "Net (Rs)": "",
      "Expected net (Rs)": ((unpaid.codPaisa - 15_000) / 100).toFixed(2),
    });

    // by the day paid: the unpaid parcel is not in it; by a range that ends before today: only the older parcel
    expect(parse((await staffCall(owner, "GET", "/api/admin/money/export.csv?by=paid")).body)).toHaveLength(2);
    const older = parse(
      (await staffCall(owner, "GET", `/api/admin/money/export.csv?from=${karachiDayFrom(-5)}&to=${karachiDayFrom(-1)}`))
        .body,
    );
    expect(older.map((r) => r["Order"])).toEqual([paid.order.trackingId]);
    expect(parse((await staffCall(owner, "GET", "/api/admin/money/export.csv?courier=tcs")).body)).toEqual([]);

    // in batches of one, the same rows in the same order
    const pieces: string[] = [];
    for await (const piece of await exportMoneyCsv(t.core, await actorOf(t.core, owner), {}, { batchSize: 1 }))
      pieces.push(piece);
    expect(pieces.join("")).toBe(res.body);
  });

  it("refuses a day that is not one, a range backwards, a packer", async () => {
    for (const query of [
      "from=2026-13-01",
      "to=yesterday",
      `from=${"9".repeat(5000)}`,
      "from=2026-11-20&to=2026-11-01",
      "by=week",
    ]) {
      const res = await staffCall(owner, "GET", `/api/admin/money/export.csv?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().detail).toBeTruthy();
    }
    expect((await staffCall(packer, "GET", "/api/admin/money/export.csv")).statusCode).toBe(403);
  });
});
