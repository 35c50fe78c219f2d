// Couriers' payment reports through the staff API (decision 0107): a CSV and an XLSX recording
// payments for parcels delivered through the fake PostEx, the preview saying what each row will
// do before anything is written, the same report uploaded again changing nothing and naming the
// earlier import, the mapping guessed, remembered and changed, and Apply once however often it is
// pressed.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { catalogue, owner, packer, staffCall, startParcelDesk, t } from "../helpers/parcel-desk";
import {
  applyReport,
  csvOf,
  deliveredParcel,
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
  net: number | null;
  result: string | null;
}

describe("a CSV report", () => {
  it("previews each row, writes nothing, then records the payments once", async () => {
    const a = await deliveredParcel();
    const b = await deliveredParcel();
    const file = {
      name: "postex-cpr.csv",
      bytes: csvOf([POSTEX_HEADINGS, postexRow(a.cn), postexRow(b.cn.toLowerCase() + "  ")]),
    };

    const res = await uploadReport(owner, file);
    expect(res.statusCode, res.body).toBe(201);
    const preview = res.json();
    expect(preview).toMatchObject({
      state: "previewed",
      mapping_source: "guessed",
      mapping: {
        cn: "Tracking Number",
        reference: "CPR Number",
        paid_on: "Payment Date",
        collected: "COD Amount",
        delivery: "Transaction Fee",
        gst: "Transaction Tax",
        paid: "Net Amount",
      },
      summary: { record: 2, rows: 2, to_apply: 2 },
      same_file_applied: null,
    });
    expect((preview.rows as Row[]).map((r) => [r.line, r.outcome, r.says, r.net])).toEqual([
      [2, "record", "records a payment", 2326],
      [3, "record", "records a payment", 2326],
    ]);
    expect((await moneyOf(a.parcelId))?.net_paisa ?? null).toBeNull();

    const applied = await applyReport(owner, preview.id);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({ state: "applied", summary: { applied_recorded: 2 } });
    expect((applied.json().rows as Row[]).map((r) => r.result)).toEqual(["recorded", "recorded"]);
    for (const parcel of [a, b])
      expect(await moneyOf(parcel.parcelId)).toMatchObject({
        collected_paisa: 250000,
        delivery_paisa: 15000,
        gst_paisa: 2400,
        net_paisa: 232600,
        source: "report",
        report_import_id: preview.id,
        reference: "CPR-1001",
        paid_on: "2026-11-20",
      });
    const audit = await rows<{ changes: Record<string, unknown> }>(
      t,
      sql`select changes from audit_log where action = 'payment_report.apply' and entity_id = ${String(preview.id)} order by id`,
    );
    expect(audit.map((r) => r.changes)).toEqual([
      { batch: 1, lines: "2–3", recorded: 2 },
      { complete: true, recorded: 2, changed: 0, unchanged: 0, "not recorded": 0 },
    ]);

    // the same file again: every row as recorded, the earlier import named, and applying changes nothing
    const again = await uploadReport(owner, file);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({
      mapping_source: "remembered",
      summary: { same: 2, to_apply: 0 },
      same_file_applied: { id: preview.id },
    });
    const versions = [(await moneyOf(a.parcelId))!.version, (await moneyOf(b.parcelId))!.version];
    expect((await applyReport(owner, again.json().id)).json().summary).toMatchObject({ applied_recorded: 0 });
    expect([(await moneyOf(a.parcelId))!.version, (await moneyOf(b.parcelId))!.version]).toEqual(versions);
  });

  it("a statement that disagrees with what was recorded says what it changes", async () => {
    const a = await deliveredParcel();
    const first = await uploadReport(owner, { name: "a.csv", bytes: csvOf([POSTEX_HEADINGS, postexRow(a.cn)]) });
    await applyReport(owner, first.json().id);
    const res = await uploadReport(owner, {
      name: "b.csv",
      bytes: csvOf([POSTEX_HEADINGS, postexRow(a.cn, "CPR-2002", 200)]),
    });
    const row = (res.json().rows as Row[])[0]!;
    expect(row.outcome).toBe("change");
    expect(row.says).toBe(
      "changes the recorded figures (was deductions Rs. 174, net Rs. 2,326, batch CPR-1001; now deductions Rs. 224, net Rs. 2,276, batch CPR-2002)",
    );
    await applyReport(owner, res.json().id);
    expect(await moneyOf(a.parcelId)).toMatchObject({ net_paisa: 227600, reference: "CPR-2002" });
  });
});

describe("an XLSX report", () => {
  it("reads the first sheet's values: numbers, Excel dates and a formula-looking text", async () => {
    const [a, b] = await plantDelivered(2);
    const day = new Date(Date.UTC(2026, 10, 21));
    const bytes = await xlsxOf([
      ["Leopards payment statement"],
      ["CN Number", "Cheque No", "Cheque Date", "COD Amount", "Shipment Charges", "GST", "Net Amount", "Remarks"],
      [
        a!.cn,
        "CHQ-77",
        { value: day, type: Date, format: "dd/mm/yyyy" },
        2500,
        180.5,
        28.88,
        2290.62,
        '=HYPERLINK("x")',
      ],
      [b!.cn, "CHQ-77", { value: day, type: Date, format: "dd/mm/yyyy" }, 2500, 180.5, 28.88, 2290.62, ""],
    ]);
    const res = await uploadReport(owner, { name: "statement.xlsx", bytes });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      mapping: {
        cn: "CN Number",
        reference: "Cheque No",
        paid_on: "Cheque Date",
        delivery: "Shipment Charges",
        gst: "GST",
      },
      summary: { record: 2 },
    });
    expect((res.json().rows as Row[]).map((r) => [r.line, r.net])).toEqual([
      [3, 2290.62],
      [4, 2290.62],
    ]);
    await applyReport(owner, res.json().id);
    expect(await moneyOf(a!.parcelId)).toMatchObject({
      collected_paisa: 250000,
      delivery_paisa: 18050,
      gst_paisa: 2888,
      net_paisa: 229062,
      reference: "CHQ-77",
      paid_on: "2026-11-21",
    });
  });
});

describe("the mapping", () => {
  it("is guessed, changed by staff on the preview, remembered per courier, and audited", async () => {
    const [a] = await plantDelivered(1, { courier: "tcs", accountId: null });
    const bytes = csvOf([
      ["Sr", "Consignment", "Invoice No", "Amount Received", "Delivery Charges"],
      ["1", a!.cn, "INV-9", "Rs. 2,500", "(120)"],
    ]);
    const res = await uploadReport(owner, { name: "tcs.csv", bytes }, { courier: "tcs" });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toContain("Choose the column that holds the CN");
    expect(res.json().headings).toEqual(["Sr", "Consignment", "Invoice No", "Amount Received", "Delivery Charges"]);

    const mapping = {
      cn: "consignment",
      reference: "INVOICE NO",
      collected: "Amount  Received",
      delivery: "Delivery Charges",
    };
    const remapped = await staffCall(owner, "POST", `/api/admin/money/reports/${res.json().id}/mapping`, { mapping });
    expect(remapped.statusCode, remapped.body).toBe(200);
    expect(remapped.json()).toMatchObject({ mapping_source: "given", summary: { record: 1 } });
    // a negative charge in brackets is a refund: net is the collected plus it
    expect((remapped.json().rows as Row[])[0]!.net).toBe(2620);

    const saved = await staffCall(owner, "GET", "/api/admin/money/report-mappings/tcs");
    expect(saved.json()).toEqual({ courier: "tcs", mapping });
    const again = await uploadReport(owner, { name: "tcs-2.csv", bytes }, { courier: "tcs" });
    expect(again.json()).toMatchObject({ mapping_source: "remembered", summary: { record: 1 } });

    const put = await staffCall(owner, "PUT", "/api/admin/money/report-mappings/tcs", { mapping: { cn: "CN" } });
    expect(put.statusCode).toBe(422);
    expect(put.json().detail).toContain("collected or paid");
    const audit = await rows<{ n: number }>(
      t,
      sql`select count(*)::int as n from audit_log where action = 'payment_report.mapping' and entity_id = 'tcs'`,
    );
    expect(audit[0]!.n).toBe(1);
  });

  it("a mapping sent with the upload is checked against the file's headings", async () => {
    const [a] = await plantDelivered(1);
    const bytes = csvOf([POSTEX_HEADINGS, postexRow(a!.cn)]);
    const wrong = await uploadReport(
      owner,
      { name: "r.csv", bytes },
      { mapping: JSON.stringify({ cn: "CN", paid: "Net Amount" }) },
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().detail).toBe("The file has no column “CN” (chosen for CN (consignment number)).");
    const twice = await uploadReport(
      owner,
      { name: "r.csv", bytes },
      {
        mapping: JSON.stringify({ cn: "Tracking Number", paid: "Net Amount", collected: "net amount" }),
      },
    );
    expect(twice.json().detail).toContain("is chosen for both");
    const notJson = await uploadReport(owner, { name: "r.csv", bytes }, { mapping: "{cn:" });
    expect(notJson.statusCode).toBe(422);
    const unknownField = await uploadReport(owner, { name: "r.csv", bytes }, { mapping: JSON.stringify({ cod: "x" }) });
    expect(unknownField.json().detail).toContain("the fields are cn, reference");
  });
});

describe("who may", () => {
  it("a fulfilment or catalogue member may not upload, read or apply reports", async () => {
    const bytes = csvOf([POSTEX_HEADINGS]);
    expect((await uploadReport(packer, { name: "r.csv", bytes })).statusCode).toBe(403);
    expect((await staffCall(catalogue, "GET", "/api/admin/money/reports")).statusCode).toBe(403);
    expect((await staffCall(packer, "POST", "/api/admin/money/reports/1/apply")).statusCode).toBe(403);
    expect((await staffCall(packer, "GET", "/api/admin/money/report-mappings/postex")).statusCode).toBe(403);
  });

  it("the list is newest first, and a missing report is 404", async () => {
    const [a] = await plantDelivered(1);
    const made = await uploadReport(owner, { name: "newest.csv", bytes: csvOf([POSTEX_HEADINGS, postexRow(a!.cn)]) });
    const list = await staffCall(owner, "GET", "/api/admin/money/reports?limit=5");
    expect(list.statusCode).toBe(200);
    expect(list.json()[0]).toMatchObject({
      id: made.json().id,
      file_name: "newest.csv",
      state: "previewed",
      courier_name: "PostEx",
    });
    expect(Number(list.headers["x-total-count"])).toBeGreaterThan(0);
    expect((await showReport(owner, 999999)).statusCode).toBe(404);
    expect((await applyReport(owner, 999999)).statusCode).toBe(404);
  });
});
