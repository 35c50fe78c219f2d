// The arithmetic of a parcel's cash (decision 0106), pure so property tests can hold it to the
// paisa: the courier's own deduction words sorted into the store's seven kinds, a payment's
// figures made whole (net = collected − deductions, whatever the courier left out), and whether
// what came home is short of what was due or of what the rate card says.
import { DEDUCTION_KINDS, type CourierCode, type DeductionKind, type DifferenceKind } from "../../db/schema";

export type Deductions = Record<DeductionKind, number>;

/** A difference no larger than this (Rs. 5) is the couriers' rounding, where no rate card names another. */
export const DEFAULT_TOLERANCE_PAISA = 500;

export function noDeductions(): Deductions {
  return { delivery: 0, cash_handling: 0, fuel: 0, gst: 0, return_charge: 0, withheld_tax: 0, other: 0 };
}

export function totalOf(deductions: Deductions): number {
  let total = 0;
  for (const kind of DEDUCTION_KINDS) total += deductions[kind];
  return total;
}

// each courier's documented words for its charges (../couriers/<courier>.ts reads them as given)
const COURIER_WORDS: Readonly<Record<CourierCode, Readonly<Record<string, DeductionKind>>>> = {
  postex: { transactionFee: "delivery", transactionTax: "gst", reversalFee: "return_charge", reversalTax: "gst" },
  leopards: {
    shipment_charges: "delivery",
    cash_handling_charges: "cash_handling",
    return_charges: "return_charge",
    insurance_charges: "other",
    fuel_surcharge_amount: "fuel",
    gst_amount: "gst",
  },
  trax: {
    weight_charges: "delivery",
    cash_handling_charges: "cash_handling",
    insurance_charges: "other",
    return_charges: "return_charge",
    fuel_surcharge: "fuel",
    replacement_charges: "other",
    try_and_buy_charges: "other",
    intercept_charges: "other",
    osa_charges: "other",
    adjustment_charges: "other",
    gst: "gst",
  },
  tcs: { "delivery charges": "delivery" },
};

// a report's or an unknown field's words, tried in this order (tax first: "GST on return" is GST)
const WORD_PATTERNS: readonly [RegExp, DeductionKind][] = [
  [/withh|income.?tax|\bwht\b|\b6a\b/i, "withheld_tax"],
  [/\bgst\b|sales.?tax|\btax\b/i, "gst"],
  [/fuel/i, "fuel"],
  [/cash.?handl|\bcod.?(fee|charge)|collection/i, "cash_handling"],
  [/return|\brto\b|reversal/i, "return_charge"],
  [/deliver|shipping|shipment|weight|freight|courier.?charge/i, "delivery"],
];

/** The kind of one of the courier's charges, by its own word; a word the store does not know is "other". */
export function deductionKindOf(courier: CourierCode, word: string): DeductionKind {
  // own words only: "constructor" or "toString" in a report would otherwise find Object's own
  const words = COURIER_WORDS[courier];
  if (Object.hasOwn(words, word)) return words[word]!;
  const short = word.slice(0, 100);
  for (const [pattern, kind] of WORD_PATTERNS) if (pattern.test(short)) return kind;
  return "other";
}

/** What a courier said of one parcel's money, in paisa, before it is made whole. */
export interface ReportedMoney {
  /** the cash it says it collected; null: it did not say */
  collectedPaisa: number | null;
  /** what it says it paid the shop for the parcel; null: it did not say */
  paidPaisa: number | null;
  /** each charge by the courier's own word */
  charges: readonly { kind: string; paisa: number }[];
}

/** A parcel's paid figures, whole: net = collected − every deduction, exactly. */
export interface PaidFigures {
  collectedPaisa: number;
  deductions: Deductions;
  netPaisa: number;
  /** true where the courier named no collected amount and none could be worked out: the due amount was taken */
  collectedAssumed: boolean;
}

/**
 * Makes a courier's figures whole. Where it names both what it collected and what it paid, the
 * gap its charges do not explain is a deduction too: the income tax withheld where it matches the
 * tax expected (within the tolerance), else "other". Where it names only what it paid, collected
 * is paid plus its charges; where it names neither, the due amount is taken as collected.
 */
export function makeWhole(
  courier: CourierCode,
  reported: ReportedMoney,
  context: { duePaisa: number; expectedWithheldPaisa: number | null; tolerancePaisa: number },
): PaidFigures {
  const deductions = noDeductions();
  for (const charge of reported.charges) deductions[deductionKindOf(courier, charge.kind)] += charge.paisa;
  const charged = totalOf(deductions);
  let collected = reported.collectedPaisa;
  let collectedAssumed = false;
  if (collected === null) {
    if (reported.paidPaisa !== null) collected = reported.paidPaisa + charged;
    else {
      collected = context.duePaisa;
      collectedAssumed = true;
    }
  }
  if (reported.paidPaisa !== null) {
    const unexplained = collected - charged - reported.paidPaisa;
    if (unexplained !== 0) {
      const expected = context.expectedWithheldPaisa;
      const isTax = expected !== null && expected > 0 && Math.abs(unexplained - expected) <= context.tolerancePaisa;
      deductions[isTax ? "withheld_tax" : "other"] += unexplained;
    }
  }
  return { collectedPaisa: collected, deductions, netPaisa: collected - totalOf(deductions), collectedAssumed };
}

/** A parcel's paid figures set against what was due and what the rate card expected. */
export interface DifferenceInput {
  duePaisa: number;
  collectedPaisa: number;
  netPaisa: number;
  /** the rate card's deductions for the parcel; null: no card in force */
  expectedDeductionsPaisa: number | null;
  tolerancePaisa: number;
}

/**
 * How much less the shop got than it should have, beyond the tolerance, and why: "paid short"
 * where the courier collected less than was due (or there is no card to hold its charges to),
 * "charged more than the rate card" where it collected what was due but took more than the card
 * says. Null: nothing to take up (being paid more is not a dispute).
 */
export function differenceOf(input: DifferenceInput): { kind: DifferenceKind; paisa: number } | null {
  const collectedShort = input.duePaisa - input.collectedPaisa;
  if (input.expectedDeductionsPaisa === null) {
    return collectedShort > input.tolerancePaisa ? { kind: "paid short", paisa: collectedShort } : null;
  }
  const short = input.duePaisa - input.expectedDeductionsPaisa - input.netPaisa;
  if (short <= input.tolerancePaisa) return null;
  return {
    kind: collectedShort > input.tolerancePaisa ? "paid short" : "charged more than the rate card",
    paisa: short,
  };
}

/** x × basisPoints / 10,000, rounded half up to the paisa, in whole numbers (x ≥ 0). */
export function percentOf(paisa: number, basisPoints: number): number {
  return Math.floor((paisa * basisPoints + 5000) / 10000);
}
