// What the money pages show of a parcel's money, worked out in their loaders: amounts as
// "Rs. 1,234", a difference in words ("Paid short Rs. 450"), days in Pakistan. Browser-safe.
import type { MoneyLine } from "../../../../core/remittances/money-lines";
import { formatRupees } from "../../../../core/shared/money";
import { formatDay } from "../../../lib/dates";

export const DISPUTE_WORDS = {
  open: "Open",
  raised: "Raised with the courier",
  resolved: "Resolved",
} as const;
export type DisputeStateName = keyof typeof DISPUTE_WORDS;

/** "Paid short Rs. 450", "Charged Rs. 100 more than the rate card" */
export function differenceWords(kind: MoneyLine["differenceKind"], paisa: number | null): string | null {
  if (!kind || paisa === null) return null;
  return kind === "paid short"
    ? `Paid short ${formatRupees(paisa)}`
    : `Charged ${formatRupees(paisa)} more than the rate card`;
}

/** "9 days", "1 day", "today" */
export const daysText = (days: number | null) =>
  days === null ? "" : days === 0 ? "today" : `${days} ${days === 1 ? "day" : "days"}`;

const rupeesOrNull = (paisa: number | null) => (paisa === null ? null : formatRupees(paisa));

export interface LineView {
  parcelId: number;
  orderId: number;
  trackingId: string;
  customerName: string;
  city: string;
  courierName: string;
  cn: string;
  outcome: "delivered" | "returned";
  owedSince: string;
  age: string;
  due: string;
  expectedNet: string | null;
  collected: string | null;
  net: string | null;
  amounts: { label: string; value: string }[];
  payoutId: number | null;
  reference: string | null;
  paidOn: string | null;
  difference: string | null;
  disputeState: DisputeStateName | null;
  disputeNote: string;
  version: number;
}

const AMOUNTS: [string, keyof MoneyLine][] = [
  ["Delivery", "deliveryPaisa"],
  ["Cash handling", "cashHandlingPaisa"],
  ["Fuel", "fuelPaisa"],
  ["GST", "gstPaisa"],
  ["Return charge", "returnChargePaisa"],
  ["Withheld tax", "withheldTaxPaisa"],
  ["Other", "otherPaisa"],
];

export function lineView(line: MoneyLine): LineView {
  return {
    parcelId: line.parcelId,
    orderId: line.orderId,
    trackingId: line.trackingId,
    customerName: line.customerName,
    city: line.city,
    courierName: line.courierName,
    cn: line.cn ?? "",
    outcome: line.outcome,
    owedSince: formatDay(line.owedSince),
    age: daysText(line.ageDays),
    due: formatRupees(line.duePaisa),
    expectedNet: rupeesOrNull(line.expectedNetPaisa),
    collected: rupeesOrNull(line.collectedPaisa),
    net: rupeesOrNull(line.netPaisa),
    // the deductions the courier took, each on its own line; none until it has paid
    amounts:
      line.netPaisa === null
        ? []
        : AMOUNTS.map(([label, key]) => ({ label, value: formatRupees(line[key] as number) })),
    payoutId: line.payoutId,
    reference: line.reference,
    paidOn: line.paidOn ? formatDay(line.paidOn) : null,
    difference: differenceWords(line.differenceKind, line.differencePaisa),
    disputeState: line.disputeState,
    disputeNote: line.disputeNote,
    version: line.version,
  };
}
