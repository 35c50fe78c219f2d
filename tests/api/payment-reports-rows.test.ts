// A payment report's rows that must not be recorded, and files that must not be read (decision
// 0107): bad numbers, unknown CNs, another account's or courier's CNs, cancelled bookings, a CN
// repeated, rows without a CN; hostile files (NUL bytes, a 1 MB cell, 25 MB, a zip bomb, the old
// .xls); Apply pressed twice at once; a few hundred rows in batches; previews not applied
// dropped by retention after a day.
import zlib from "node:zlib";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { deleteExpiredData } from "../../core/retention/retention";
import { addAccount, owner, startParcelDesk, t } from "../helpers/parcel-desk";
import {
  applyReport,
  csvOf,
  moneyOf,
  plantDelivered,
  POSTEX_HEADINGS,
  postexRow,
  showReport,
  uploadReport,
  xlsxOf,
} from "../helpers/report-desk";
import { rows } from "../helpers/shop";

startParcelDesk();

interface Row {
  line: number;
  cn: string;
  outcome: string;
  says: string;
  result: string | null;
}

const upload = (table: (string | number)[][], fields: Record<string, string> = {}) =>
  uploadReport(owner, { name: "report.csv", bytes: csvOf(table) }, fields);

describe("rows that are not recorded", () => {
  it("each says why, and the good rows are recorded all the same", async () => {
    const [good, badNumber, badDate, repeated] = await plantDelivered(4);
    const leopardsAccount = await addAccount({ courier: "leopards", label: "Leopards Karachi" });
    const [otherCourier] = await plantDelivered(1, { courier: "leopards", accountId: leopardsAccount });
    const otherAccountId = await addAccount({ label: "PostEx Karachi" });
    const [otherAccount] = await plantDelivered(1, { accountId: otherAccountId });
    const [cancelled] = await plantDelivered(1, { bookingState: "cancelled" });
    const [{ id: accountId } = { id: 0 }] = await rows<{ id: number }>(
      t,
      sql`select courier_account_id as id from parcels where id = ${good!.parcelId}`,
    );
    const bad = postexRow(badNumber!.cn);
    bad[3] = "2,500.00 PKR";
    const lateDate = postexRow(badDate!.cn);
    lateDate[2] = "31/02/2026";
    const noAmounts = postexRow(repeated!.cn);
    const res = await upload(
      [
        POSTEX_HEADINGS,
        postexRow(good!.cn),
        bad,
        lateDate,
        postexRow("CX-NOT-OURS"),
        postexRow(otherCourier!.cn),
        postexRow(otherAccount!.cn),
        postexRow(cancelled!.cn),
        ["", "CPR-1001", "20/11/2026", "5,000.00", "", "", ""],
        postexRow(repeated!.cn),
        noAmounts,
        [repeated!.cn.toUpperCase(), "CPR-1001", "", "", "", "", ""],
      ],
      { account_id: String(accountId) },
    );
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json().rows as Row[]).map((r) => [r.line, r.outcome, r.says])).toEqual([
      [2, "record", "records a payment"],
      [3, "bad_value", "bad number in COD Amount"],
      [4, "bad_value", "bad date in Payment Date"],
      [5, "unknown_cn", "unknown CN"],
      [6, "other_account", "booked through another courier account: booked with Leopards"],
      [7, "other_account", "booked through another courier account: PostEx Karachi"],
      [8, "not_booked", "parcel not booked (cancelled)"],
      [9, "no_cn", "no CN"],
      [10, "record", "records a payment"],
      [11, "repeated", "repeated in this file (first on line 10)"],
      [12, "repeated", "repeated in this file (first on line 10)"],
    ]);
    expect(res.json().summary).toMatchObject({
      record: 2,
      bad_value: 2,
      unknown_cn: 1,
      other_account: 2,
      not_booked: 1,
      no_cn: 1,
      repeated: 2,
      rows: 11,
      to_apply: 2,
    });
    const applied = await applyReport(owner, res.json().id);
    expect(applied.json().summary).toMatchObject({ applied_recorded: 2 });
    for (const parcel of [badNumber, badDate, otherCourier, otherAccount, cancelled])
      expect((await moneyOf(parcel!.parcelId))?.net_paisa ?? null).toBeNull();
    expect(await moneyOf(repeated!.parcelId)).toMatchObject({ net_paisa: 232600 });
  });

  it("a row whose amounts are blank is refused; blank deductions are nothing", async () => {
    const [a, b] = await plantDelivered(2);
    const res = await upload([
      POSTEX_HEADINGS,
      [a!.cn, "CPR-5", "2026-11-20", "", "", "", ""],
      [b!.cn, "CPR-5", "20-Nov-2026", "", "", "", "2500"],
    ]);
    const [first, second] = res.json().rows as (Row & { net: number })[];
    expect(first).toMatchObject({ outcome: "bad_value", says: "bad number (it is blank) in COD Amount" });
    expect(second).toMatchObject({ outcome: "record", net: 2500 });
  });
});

describe("files that are refused", () => {
  it("no CN heading, NUL bytes, a 1 MB cell, 25 MB, an old .xls, an empty file: each a clear 4xx", async () => {
    const noCn = await upload([
      ["Date", "Amount"],
      ["2026-11-20", "100"],
    ]);
    expect(noCn.statusCode).toBe(422);
    expect(noCn.json().detail).toBe("Choose the column that holds the CN. The file's headings are: Date, Amount.");
    expect(noCn.json().id).toEqual(expect.any(Number));
    // the import kept for choosing its columns cannot be applied as it is
    expect((await applyReport(owner, noCn.json().id)).statusCode).toBe(422);

    const nul = await uploadReport(owner, {
      name: "x.csv",
      bytes: new TextEncoder().encode("CN,Net Amount\nA\u0000B,1\n"),
    });
    expect([nul.statusCode, nul.json().detail]).toEqual([
      422,
      "The file holds NUL bytes: it is neither a CSV text file nor an XLSX workbook.",
    ]);

    const huge = await upload([POSTEX_HEADINGS, ["x".repeat(1024 * 1024), "", "", "", "", "", ""]]);
    expect(huge.statusCode).toBe(422);
    expect(huge.json().detail).toContain("a row is longer than");
    const hugeXlsx = await uploadReport(owner, {
      name: "x.xlsx",
      bytes: await xlsxOf([POSTEX_HEADINGS, ["x".repeat(1024 * 1024), "", "", "", "", "", ""]]),
    });
    expect([hugeXlsx.statusCode, hugeXlsx.json().detail]).toEqual([
      422,
      "Line 2 holds a cell longer than 1,000 characters: this is not a payment report.",
    ]);

    const big = await uploadReport(owner, { name: "big.csv", bytes: new Uint8Array(25 * 1024 * 1024).fill(65) });
    expect([big.statusCode, big.json().detail]).toEqual([413, "The file is too large: at most 10 MB."]);

    const xls = await uploadReport(owner, {
      name: "old.xls",
      bytes: new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 1, 2, 3]),
    });
    expect([xls.statusCode, xls.json().detail]).toEqual([
      422,
      "This is an old Excel file (.xls). Save it as .xlsx or CSV and upload that.",
    ]);
    const notZip = await uploadReport(owner, { name: "x.xlsx", bytes: new Uint8Array([0x50, 0x4b, 3, 4, 9, 9, 9]) });
    expect(notZip.statusCode).toBe(422);
    expect((await uploadReport(owner, { name: "e.csv", bytes: new Uint8Array() })).statusCode).toBe(422);
  });

  it("a workbook that unpacks to far more than it weighs is refused before it is read", async () => {
    // a sheet of 200 MB of spaces deflates to about 200 KB: a zip bomb in the shape of an XLSX
    const name = Buffer.from("xl/worksheets/sheet1.xml");
    const data = zlib.deflateRawSync(Buffer.alloc(200 * 1024 * 1024, 0x20), { level: 9 });
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(8, 8);
    header.writeUInt32LE(data.length, 18);
    header.writeUInt32LE(200 * 1024 * 1024, 22);
    header.writeUInt16LE(name.length, 26);
    const bomb = Buffer.concat([header, name, data]);
    const res = await uploadReport(owner, { name: "bomb.xlsx", bytes: new Uint8Array(bomb) });
    expect(res.statusCode).toBe(413);
    expect(res.json().detail).toContain("The workbook unpacks to more than 64 MB");
  });
});

describe("applying", () => {
  it("twice at once applies once; the later call hears 409 or the same answer", async () => {
    const parcels = await plantDelivered(30);
    const res = await upload([POSTEX_HEADINGS, ...parcels.map((p) => postexRow(p.cn))]);
    const id = res.json().id as number;
    const [one, two] = await Promise.all([applyReport(owner, id), applyReport(owner, id)]);
    const statuses = [one.statusCode, two.statusCode].sort();
    expect([
      [200, 200],
      [200, 409],
    ]).toContainEqual(statuses);
    const audit = await rows<{ n: number }>(
      t,
      sql`select count(*)::int as n from audit_log where action = 'payment_report.apply' and entity_id = ${String(id)}`,
    );
    expect(audit[0]!.n).toBe(2);
    const again = await applyReport(owner, id);
    expect(again.statusCode).toBe(200);
    expect(again.json().summary).toMatchObject({ applied_recorded: 30 });
  });

  it("a few hundred rows go in batches, and the rows are paged", async () => {
    const parcels = await plantDelivered(320);
    const res = await upload([POSTEX_HEADINGS, ...parcels.map((p) => postexRow(p.cn, "CPR-BIG"))]);
    expect(res.json()).toMatchObject({ summary: { record: 320 }, page: 1, pages: 4 });
    expect(res.json().rows).toHaveLength(100);
    const last = await showReport(owner, res.json().id, 4);
    expect((last.json().rows as Row[]).map((r) => r.line)).toEqual(Array.from({ length: 20 }, (_, i) => 302 + i));
    const applied = await applyReport(owner, res.json().id);
    expect(applied.json().summary).toMatchObject({ applied_recorded: 320 });
    const batches = await rows<{ changes: { lines?: string } }>(
      t,
      sql`select changes from audit_log where action = 'payment_report.apply' and entity_id = ${String(res.json().id)} order by id`,
    );
    expect(batches.map((b) => b.changes.lines ?? "end")).toEqual(["2–251", "252–321", "end"]);
    const [paid] = await rows<{ n: number }>(
      t,
      sql`select count(*)::int as n from parcel_money m join courier_payouts po on po.id = m.payout_id where po.reference = 'CPR-BIG'`,
    );
    expect(paid!.n).toBe(320);
  });
});

describe("retention", () => {
  it("drops previews older than a day, and keeps applied reports", async () => {
    const [a] = await plantDelivered(1);
    const old = await upload([POSTEX_HEADINGS, postexRow(a!.cn)]);
    const applied = await upload([POSTEX_HEADINGS, postexRow(a!.cn)]);
    await applyReport(owner, applied.json().id);
    const fresh = await upload([POSTEX_HEADINGS, postexRow(a!.cn)]);
    await t.database.db.execute(
      sql`update courier_report_imports set created_at = now() - interval '25 hours' where id in (${old.json().id}, ${applied.json().id})`,
    );
    const report = await deleteExpiredData(t.core);
    expect(report.reportPreviews).toBeGreaterThanOrEqual(1);
    expect((await showReport(owner, old.json().id)).statusCode).toBe(404);
    expect((await showReport(owner, applied.json().id)).statusCode).toBe(200);
    expect((await showReport(owner, fresh.json().id)).statusCode).toBe(200);
  });
});
