// Whether Trax has paid the shop for its parcels, per the guide's three payment calls:
// "Payment Details of a Shipment [Multiple]" (`/api/payments`, many CNs: paid or not, the
// payment id and date), "[Invoice]" (`/api/invoice`, by payment id: each CN's charges) and
// "Payment Details of a Shipment" (`/api/shipment/payments`, one CN: the cash collected).
import { unpaidPayment, type CourierConnection, type CourierPayment } from "./courier";
import { asRecord, asText, traxCall, traxNeeds, traxPaisa, unexpected, type Json } from "./trax-answer";
import { parseTraxDate } from "./trax-status";

/** CNs per `/api/payments` call: the guide names no limit, so the query string stays short. */
const PAYMENTS_BATCH = 50;
/** the invoice call's type for a payment id (1 is an invoice number) */
const BY_PAYMENT = 2;

/** Each charge the invoice names, by Trax's own word; totals and the invoice amount are not deductions. */
const CHARGE_FIELDS = [
  "weight_charges",
  "cash_handling_charges",
  "insurance_charges",
  "return_charges",
  "fuel_surcharge",
  "replacement_charges",
  "try_and_buy_charges",
  "intercept_charges",
  "osa_charges",
  "adjustment_charges",
  "gst",
] as const;

interface PaidRow {
  paid: boolean;
  paymentId: string | null;
  paidOn: Date | null;
}

/** The latest row Trax lists for a CN; "Processed" is paid. */
function paymentRow(rows: unknown): PaidRow {
  const list = Array.isArray(rows) ? rows : [];
  const last = asRecord(list[list.length - 1]);
  if (!last) return { paid: false, paymentId: null, paidOn: null };
  const status = asText(last.payment_status) ?? "";
  const paymentId = asText(last.payment_id, 30);
  return {
    paid: /processed|paid/i.test(status),
    paymentId: paymentId && /^\d{1,20}$/.test(paymentId) ? paymentId : null,
    paidOn: typeof last.payment_date === "string" ? parseTraxDate(last.payment_date) : null,
  };
}

async function paidRows(connection: CourierConnection, cns: readonly string[]): Promise<Map<string, PaidRow>> {
  const rows = new Map<string, PaidRow>();
  for (let start = 0; start < cns.length; start += PAYMENTS_BATCH) {
    const batch = cns.slice(start, start + PAYMENTS_BATCH);
    // the guide's `tracking_number[]`, once per CN: the query's keys repeat, so it is written here
    const query = new URLSearchParams(batch.map((cn) => ["tracking_number[]", cn]));
    const body = await traxCall(connection, { method: "GET", path: `/api/payments?${query.toString()}` });
    const payments = asRecord(body.payments) ?? {};
    for (const cn of batch) rows.set(cn, paymentRow(payments[cn]));
  }
  return rows;
}

/** Each CN's charges on one payment, from the invoice Trax made for it. */
async function invoiceCharges(connection: CourierConnection, paymentId: string): Promise<Map<string, Json>> {
  const body = await traxCall(connection, {
    method: "GET",
    path: "/api/invoice",
    query: { id: paymentId, type: BY_PAYMENT },
  });
  const shipments = asRecord(body.payments)?.shipments;
  const charges = new Map<string, Json>();
  if (!Array.isArray(shipments)) throw unexpected("the invoice has no list of shipments");
  // each entry is `{ "<tracking number>": { …charges } }`
  for (const entry of shipments) {
    for (const [cn, row] of Object.entries(asRecord(entry) ?? {})) {
      const record = asRecord(row);
      if (record) charges.set(cn, record);
    }
  }
  return charges;
}

function deductions(charges: Json | undefined): CourierPayment["deductions"] {
  if (!charges) return [];
  const list: CourierPayment["deductions"] = [];
  for (const kind of CHARGE_FIELDS) {
    const paisa = traxPaisa(charges[kind]);
    if (paisa !== null && paisa !== 0) list.push({ kind, paisa });
  }
  return list;
}

/** The cash Trax collected for one CN and what it paid for it: the sums of its payment rows' `amount` and `payable`. */
async function paidFigures(
  connection: CourierConnection,
  cn: string,
): Promise<{ collected: number | null; paid: number | null }> {
  const body = await traxCall(connection, {
    method: "GET",
    path: "/api/shipment/payments",
    query: { tracking_number: cn },
  });
  const figures: { collected: number | null; paid: number | null } = { collected: null, paid: null };
  if (!Array.isArray(body.payments)) return figures;
  for (const row of body.payments) {
    const amount = traxPaisa(asRecord(row)?.amount);
    if (amount !== null) figures.collected = (figures.collected ?? 0) + amount;
    const payable = traxPaisa(asRecord(row)?.payable);
    if (payable !== null) figures.paid = (figures.paid ?? 0) + payable;
  }
  return figures;
}

export async function traxPayments(connection: CourierConnection, cns: readonly string[]): Promise<CourierPayment[]> {
  for (const cn of cns)
    if (!/^\d{6,20}$/.test(cn)) throw traxNeeds(`"${cn.slice(0, 30)}" is not a Trax tracking number.`);
  const rows = await paidRows(connection, cns);
  const invoices = new Map<string, Map<string, Json>>();
  const answer: CourierPayment[] = [];
  for (const cn of cns) {
    const row = rows.get(cn) as PaidRow;
    if (!row.paid) {
      answer.push(unpaidPayment(cn));
      continue;
    }
    let charges: Json | undefined;
    if (row.paymentId) {
      if (!invoices.has(row.paymentId)) invoices.set(row.paymentId, await invoiceCharges(connection, row.paymentId));
      charges = invoices.get(row.paymentId)?.get(cn);
    }
    const figures = await paidFigures(connection, cn);
    answer.push({
      cn,
      paid: true,
      reference: row.paymentId,
      secondReference: null,
      paidOn: row.paidOn,
      collectedPaisa: figures.collected,
      paidPaisa: figures.paid,
      deductions: deductions(charges),
    });
  }
  return answer;
}
