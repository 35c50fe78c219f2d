// The payment report tests' store (decision 0107): the tracking desk (a fake PostEx, its account,
// orders booked through the staff API and delivered on the fake, learnt by a tracking pass), or
// for the tests that need hundreds, delivered parcels planted straight in the database; reports
// made as CSV text or as XLSX workbooks (write-excel-file), and sent as a browser sends a form.
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import writeExcelFile, { type SheetData } from "write-excel-file/node";
import type { CourierCode } from "../../core/couriers/courier";
import { accountId, fake, plantOrders, staffCall, t } from "./parcel-desk";
import { rows } from "./shop";
import type { TestStaff } from "./staff";
import { bookedOrder, pass } from "./tracking-desk";

export interface Delivered {
  parcelId: number;
  orderId: number;
  cn: string;
  codPaisa: number;
}

/** A parcel booked with the fake PostEx, delivered there, and learnt by a tracking pass. */
export async function deliveredParcel(options: { accountId?: number } = {}): Promise<Delivered> {
  const booked = await bookedOrder(options);
  fake.advance(booked.cn, "picked up");
  fake.advance(booked.cn, "delivered");
  await pass([booked.parcelId]);
  const [row] = await rows<{ status: string; cod_paisa: number | string }>(
    t,
    sql`select status, cod_paisa from parcels where id = ${booked.parcelId}`,
  );
  expect(row!.status).toBe("delivered");
  return { parcelId: booked.parcelId, orderId: booked.order.id, cn: booked.cn, codPaisa: Number(row!.cod_paisa) };
}

let plantedCns = 0;

/** Delivered parcels written straight to the database (COD Rs. 2,500 each), for the tests that need many. */
export async function plantDelivered(
  count: number,
  options: { courier?: CourierCode; accountId?: number | null; bookingState?: string } = {},
): Promise<Delivered[]> {
  const orders = await plantOrders(count);
  const from = plantedCns;
  plantedCns += count;
  const made: Delivered[] = [];
  for (let i = 0; i < orders.length; i += 500) {
    const slice = orders.slice(i, i + 500);
    const values = slice.map(
      (order, j) =>
        sql`(${order.id}, ${options.courier ?? "postex"}, ${options.accountId === undefined ? accountId : options.accountId},
             ${order.trackingId}, ${options.bookingState ?? "booked"}, ${`RPT${String(from + i + j + 1).padStart(7, "0")}`},
             'delivered', now() - interval '3 days', 500, 250000, 'Garments', now() - interval '5 days')`,
    );
    const inserted = await rows<{ id: number; order_id: number; cn: string }>(
      t,
      sql`insert into parcels (order_id, courier, courier_account_id, reference, booking_state, cn, status, status_at,
            weight_grams, cod_paisa, description, booked_at)
          values ${sql.join(values, sql`, `)}
          returning id, order_id, cn`,
    );
    made.push(...inserted.map((p) => ({ parcelId: p.id, orderId: p.order_id, cn: p.cn, codPaisa: 250000 })));
  }
  return made;
}

/** A CSV as a spreadsheet saves one: cells quoted where they need it, CRLF lines. */
export function csvOf(table: (string | number)[][]): Uint8Array {
  const cell = (value: string | number) => {
    const text = String(value);
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return new TextEncoder().encode(table.map((row) => row.map(cell).join(",")).join("\r\n") + "\r\n");
}

/** An XLSX workbook of one sheet. */
export async function xlsxOf(table: SheetData): Promise<Uint8Array> {
  return new Uint8Array(await writeExcelFile(table).toBuffer());
}

/** A multipart body as a browser's form sends it. */
export async function reportForm(fields: Record<string, string>, file?: { name: string; bytes: Uint8Array }) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append("file", new Blob([new Uint8Array(file.bytes)]), file.name);
  const request = new Request("http://store.test/", { method: "POST", body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { "content-type": request.headers.get("content-type")! },
  };
}

/** Uploads a report for a courier (PostEx unless named). */
export async function uploadReport(
  who: TestStaff,
  file: { name: string; bytes: Uint8Array },
  fields: { courier?: string; account_id?: string; mapping?: string } = {},
) {
  const body = await reportForm({ courier: "postex", ...fields }, file);
  return t.app.inject({
    method: "POST",
    url: "/api/admin/money/reports",
    headers: { ...who.auth, ...body.headers },
    payload: body.payload,
  });
}

export const applyReport = (who: TestStaff, id: number) =>
  staffCall(who, "POST", `/api/admin/money/reports/${id}/apply`);

export const showReport = (who: TestStaff, id: number, page = 1) =>
  staffCall(who, "GET", `/api/admin/money/reports/${id}?page=${page}`);

/** A parcel's money row as recorded. */
export async function moneyOf(parcelId: number) {
  const [row] = await rows<{
    collected_paisa: string | number | null;
    delivery_paisa: string | number;
    gst_paisa: string | number;
    net_paisa: string | number | null;
    source: string | null;
    report_import_id: number | null;
    version: number;
    reference: string | null;
    paid_on: string | null;
  }>(
    t,
    sql`select m.collected_paisa, m.delivery_paisa, m.gst_paisa, m.net_paisa, m.source, m.report_import_id, m.version,
          po.reference, m.paid_on::text as paid_on
        from parcel_money m left join courier_payouts po on po.id = m.payout_id where m.parcel_id = ${parcelId}`,
  );
  return row;
}

/** PostEx's own headings for a payment report, and a row of one for each parcel. */
export const POSTEX_HEADINGS = [
  "Tracking Number",
  "CPR Number",
  "Payment Date",
  "COD Amount",
  "Transaction Fee",
  "Transaction Tax",
  "Net Amount",
];

export const postexRow = (cn: string, cpr = "CPR-1001", fee = 150) => [
  cn,
  cpr,
  "20/11/2026",
  "2,500.00",
  String(fee),
  "24",
  (2500 - fee - 24).toLocaleString("en-US", { minimumFractionDigits: 2 }),
];
