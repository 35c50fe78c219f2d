// Which column of a courier's payment report holds which of our figures (decision 0107): guessed
// from the headings the first time (each courier's usual words), confirmed or changed by staff,
// remembered per courier. Headings are matched without regard to case, spaces or punctuation, so
// "CPR Number", "CPR number" and "cpr_number." are one column. Also the reading of a report's
// money and days, as couriers write them.
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { courierReportMappings, DEDUCTION_KINDS, type CourierCode, type DeductionKind } from "../../db/schema";
import type { CoreContext } from "../context";
import { AppError } from "../shared/errors";
import { karachiToday } from "../shared/karachi-time";
import { parseRupees } from "../shared/money-input";
import type { StaffActor } from "../shared/permissions";
import { requirePermission } from "../shared/staff-errors";
import { staffWrite } from "../shared/staff-write";
import { deductionKindOf } from "./money-rules";
import { cellText, type Cell } from "./report-read";

/** Our fields, in the order the mapping step lists them. */
export const REPORT_FIELDS = ["cn", "reference", "paid_on", "collected", "paid", ...DEDUCTION_KINDS] as const;
export type ReportField = (typeof REPORT_FIELDS)[number];

/** our field → the report's heading; a field the report lacks is left out */
export type ReportMapping = Partial<Record<ReportField, string>>;

export const REPORT_FIELD_LABELS: Readonly<Record<ReportField, string>> = {
  cn: "CN (consignment number)",
  reference: "Payment batch (CPR, cheque, invoice or payment id)",
  paid_on: "Paid on",
  collected: "Cash collected",
  paid: "Net paid",
  delivery: "Delivery charge",
  cash_handling: "Cash handling charge",
  fuel: "Fuel surcharge",
  gst: "GST (sales tax)",
  return_charge: "Return charge",
  withheld_tax: "Income tax withheld",
  other: "Other charges",
};

/** A heading as matched: lower case, without spaces and punctuation. */
export const headingKey = (heading: string) => heading.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");

// each courier's usual words (PostEx, Leopards, Trax, TCS), and the common ones, as heading keys
const USUAL_WORDS: Readonly<Record<ReportField, readonly string[]>> = {
  cn: ["cn", "cnnumber", "cnno", "trackingnumber", "trackingno", "consignmentnumber", "consignmentno", "trackingid"],
  reference: ["cprnumber", "cprno", "cpr", "chequeno", "chequenumber", "invoiceno", "invoicenumber", "paymentid"],
  paid_on: ["paymentdate", "paidon", "paiddate", "cprdate", "chequedate", "invoicedate", "settlementdate", "date"],
  collected: ["codamount", "cod", "codcollected", "collectedamount", "amountcollected", "invoicepayment"],
  paid: ["netamount", "netpayable", "netpaid", "amountpaid", "paidamount", "payableamount", "netpayment"],
  delivery: ["transactionfee", "shipmentcharges", "weightcharges", "deliverycharges", "shippingcharges"],
  cash_handling: ["cashhandlingcharges", "cashhandling", "codcharges", "codfee"],
  fuel: ["fuelsurcharge", "fuelsurchargeamount", "fuelcharges", "fuel"],
  gst: ["gst", "gstamount", "transactiontax", "salestax", "tax"],
  return_charge: ["returncharges", "reversalfee", "returnfee", "rtocharges"],
  withheld_tax: ["withholdingtax", "withheldtax", "incometax", "wht"],
  other: ["othercharges", "insurancecharges", "other"],
};

const CHARGE_WORD = /charge|fee|tax|surcharge|deduction/;

/** Whether a row of headings holds a CN column: the row the report's headings are on. */
export const hasCnHeading = (cells: string[]) => cells.some((cell) => USUAL_WORDS.cn.includes(headingKey(cell)));

/** The mapping guessed from a report's headings: its courier's usual words, then any charge by its word. */
export function guessMapping(courier: CourierCode, headings: readonly string[]): ReportMapping {
  const mapping: ReportMapping = {};
  const taken = new Set<string>();
  for (const field of REPORT_FIELDS) {
    for (const word of USUAL_WORDS[field]) {
      const heading = headings.find((h) => headingKey(h) === word && !taken.has(h));
      if (heading) {
        mapping[field] = heading;
        taken.add(heading);
        break;
      }
    }
  }
  for (const heading of headings) {
    const key = headingKey(heading);
    if (taken.has(heading) || !CHARGE_WORD.test(key)) continue;
    const kind = deductionKindOf(courier, heading);
    if (!mapping[kind]) {
      mapping[kind] = heading;
      taken.add(heading);
    }
  }
  return mapping;
}

/** A mapping as staff send it: field → heading, each at most 100 characters. */
export const mappingInput = z.partialRecord(
  z.enum(REPORT_FIELDS, { error: `mapping: the fields are ${REPORT_FIELDS.join(", ")}` }),
  z.string({ error: "mapping: each field names a heading" }).max(100, "mapping: a heading is at most 100 characters"),
);

/** Reads a mapping sent as JSON text (the upload's form field); 422 naming what is wrong. */
export function parseMappingJson(text: string): ReportMapping {
  if (text.length > 10_000) throw new AppError(422, "mapping: at most 10,000 characters.");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError(422, 'mapping: send JSON such as {"cn": "Tracking Number", "paid": "Net Amount"}.');
  }
  const parsed = mappingInput.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    // zod names an unknown key in its own words; ours list the fields there are
    const fields = `mapping: the fields are ${REPORT_FIELDS.join(", ")}`;
    throw new AppError(
      422,
      issue.code === "unrecognized_keys" || issue.code === "invalid_key" ? fields : issue.message,
    );
  }
  return withoutBlanks(parsed.data);
}

function withoutBlanks(mapping: Record<string, string>): ReportMapping {
  const out: ReportMapping = {};
  for (const [field, heading] of Object.entries(mapping))
    if (heading.trim()) out[field as ReportField] = heading.trim();
  return out;
}

/**
 * The mapping put to this file's headings (each named heading found, whatever its case and
 * spacing), or a 422 that says what is missing: a CN, and cash collected or net paid.
 */
export function mappingForHeadings(
  mapping: ReportMapping,
  headings: readonly string[],
): Record<ReportField, number | null> {
  const columns = {} as Record<ReportField, number | null>;
  const used = new Map<number, ReportField>();
  for (const field of REPORT_FIELDS) {
    const named = mapping[field];
    if (!named) {
      columns[field] = null;
      continue;
    }
    const index = headings.findIndex((h) => headingKey(h) === headingKey(named));
    if (index < 0)
      throw new AppError(422, `The file has no column “${named}” (chosen for ${REPORT_FIELD_LABELS[field]}).`);
    const other = used.get(index);
    if (other)
      throw new AppError(
        422,
        `“${headings[index]}” is chosen for both ${REPORT_FIELD_LABELS[other]} and ${REPORT_FIELD_LABELS[field]}.`,
      );
    used.set(index, field);
    columns[field] = index;
  }
  if (columns.cn === null)
    throw new AppError(
      422,
      `Choose the column that holds the CN. The file's headings are: ${headings.slice(0, 30).join(", ")}.`,
    );
  if (columns.collected === null && columns.paid === null)
    throw new AppError(422, "Choose the column of the cash collected or of the net paid (or both).");
  return columns;
}

/** The mapping remembered for a courier, or null. */
export async function rememberedMapping(ctx: CoreContext, courier: CourierCode): Promise<ReportMapping | null> {
  const [row] = await ctx.db
    .select({ mapping: courierReportMappings.mapping })
    .from(courierReportMappings)
    .where(eq(courierReportMappings.courier, courier));
  return row ? (row.mapping as ReportMapping) : null;
}

/** The remembered mapping of a courier, for the staff API; null when none yet. */
export async function getReportMapping(ctx: CoreContext, actor: StaffActor, courier: CourierCode) {
  requirePermission(actor, "money");
  return rememberedMapping(ctx, courier);
}

/** Remembers a courier's mapping (a CN and an amount at least); audited with what changed. */
export async function saveReportMapping(
  ctx: CoreContext,
  actor: StaffActor,
  courier: CourierCode,
  mapping: ReportMapping,
): Promise<ReportMapping> {
  const clean = withoutBlanks(mapping);
  if (!clean.cn) throw new AppError(422, "mapping: the cn field is needed.");
  if (!clean.collected && !clean.paid) throw new AppError(422, "mapping: collected or paid (or both) is needed.");
  return staffWrite(ctx, actor, "money", async ({ tx, audit, keepCache }) => {
    keepCache();
    const [before] = await tx
      .select({ mapping: courierReportMappings.mapping })
      .from(courierReportMappings)
      .where(eq(courierReportMappings.courier, courier))
      .for("update");
    if (before && JSON.stringify(before.mapping) === JSON.stringify(clean)) return clean;
    await tx.execute(
      sql`insert into courier_report_mappings (courier, mapping, updated_by, updated_at)
          values (${courier}, ${JSON.stringify(clean)}::jsonb, ${actor.userId}, now())
          on conflict (courier) do update set mapping = excluded.mapping, updated_by = excluded.updated_by, updated_at = now()`,
    );
    await audit({
      action: "payment_report.mapping",
      entityType: "courier",
      entityId: courier,
      changes: { mapping: [before?.mapping ?? null, clean] },
    });
    return clean;
  });
}

// ---- a report's cells, as couriers write them ----

const MAX_PAISA = 1_000_000_000; // Rs. 10,000,000 for one parcel: anything larger is a misread cell

/** Paisa from a money cell: "1,234.50", "Rs. 1,234", "(120)" below zero; blank: null; else "bad". */
export function moneyCell(cell: Cell): number | null | "bad" {
  if (cell === null) return null;
  if (cell instanceof Date) return "bad";
  if (typeof cell === "number") {
    if (!Number.isFinite(cell) || Math.abs(cell) * 100 > MAX_PAISA) return "bad";
    return Math.round(cell * 100);
  }
  let text = cell.trim();
  if (text === "" || text === "-") return null;
  if (text.length > 40) return "bad";
  const bracketed = /^\((.*)\)$/.exec(text);
  if (bracketed) text = `-${bracketed[1]!.trim()}`;
  const paisa = parseRupees(text);
  if (paisa === null || Math.abs(paisa) > MAX_PAISA) return "bad";
  return paisa;
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const ISO_DAY = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T].*)?$/;
const NUMERIC_DAY = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})(?: .*)?$/;
const NAMED_DAY = /^(\d{1,2})[ -]([a-z]{3,9})[ ,-]+(\d{2}|\d{4})(?: .*)?$/i;

function day(year: number, month: number, date: number): string | null {
  const full = year < 100 ? 2000 + year : year;
  const at = new Date(Date.UTC(full, month - 1, date));
  if (at.getUTCFullYear() !== full || at.getUTCMonth() !== month - 1 || at.getUTCDate() !== date) return null;
  if (full < 2000 || full > 2100) return null;
  return at.toISOString().slice(0, 10);
}

/**
 * The day in a date cell: 2026-11-20, 20/11/2026 (day first, as in Pakistan; 11/20/2026 only
 * where it cannot be a day first), 20-Nov-2026, or an Excel date. Blank: null; else "bad". A
 * day after tomorrow is bad too: no one has been paid then.
 */
export function dayCell(cell: Cell, today = karachiToday()): string | null | "bad" {
  if (cell === null) return null;
  let found: string | null = null;
  if (cell instanceof Date) found = Number.isNaN(cell.getTime()) ? null : cell.toISOString().slice(0, 10);
  else if (typeof cell === "number") {
    // an Excel serial day the sheet did not style as a date (1 is 1900-01-01, with its leap-year slip)
    if (cell >= 36526 && cell <= 73051)
      found = new Date(Date.UTC(1899, 11, 30) + Math.floor(cell) * 86_400_000).toISOString().slice(0, 10);
  } else {
    const text = cell.trim();
    if (text === "") return null;
    if (text.length > 40) return "bad";
    let m: RegExpExecArray | null;
    if ((m = ISO_DAY.exec(text))) found = day(Number(m[1]), Number(m[2]), Number(m[3]));
    else if ((m = NUMERIC_DAY.exec(text))) {
      const [a, b] = [Number(m[2]), Number(m[1])];
      found = a > 12 && b <= 12 ? day(Number(m[3]), b, a) : day(Number(m[3]), a, b);
    } else if ((m = NAMED_DAY.exec(text))) {
      const month = MONTHS.indexOf(m[2]!.slice(0, 3).toLowerCase()) + 1;
      found = month > 0 ? day(Number(m[3]), month, Number(m[1])) : null;
    }
  }
  if (!found) return "bad";
  const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return found > tomorrow ? "bad" : found;
}

/** A CN as compared: trimmed, lower case. */
export const cnKey = (cell: Cell) => cellText(cell).toLowerCase();

/** The deduction kinds in the order of REPORT_FIELDS. */
export const DEDUCTION_FIELDS: readonly DeductionKind[] = DEDUCTION_KINDS;
