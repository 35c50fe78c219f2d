// A courier's rate card and what it says a parcel's deductions should be (decision 0106), pure:
// the delivery charge by weight band and zone, cash handling on the cash collected, fuel on the
// delivery charge, GST on the charges, the return charge on a parcel that came back, and the
// income tax withheld on the cash collected at the rate in force. Every figure is whole paisa,
// each percentage rounded half up on its own line, as the couriers' invoices print them.
import { percentOf, noDeductions, totalOf, type Deductions } from "./money-rules";

/** How far a parcel travels, from the pickup address's city to the order's. */
export const ZONES = ["city", "province", "country"] as const;
export type Zone = (typeof ZONES)[number];

export const ZONE_LABELS: Readonly<Record<Zone, string>> = {
  city: "Within the city",
  province: "Within the province",
  country: "Across Pakistan",
};

export interface RateCard {
  /** the delivery charge for a parcel up to each weight, lightest band first */
  bands: { upToGrams: number; paisa: Record<Zone, number> }[];
  /** each 500 g, or part of it, above the heaviest band */
  extraPer500gPaisa: Record<Zone, number>;
  /** on the cash collected, in hundredths of a percent (250 is 2.5%) */
  cashHandlingBasisPoints: number;
  /** on the delivery charge */
  fuelBasisPoints: number;
  /** on every charge (delivery, fuel, cash handling, return) */
  gstBasisPoints: number;
  /** a parcel that came back */
  returnChargePaisa: number;
  /** whether a returned parcel is charged its delivery too (and fuel on it), as most couriers do */
  deliveryChargedOnReturn: boolean;
  /** a difference no larger than this is rounding, not a dispute */
  tolerancePaisa: number;
}

export interface ParcelForCard {
  outcome: "delivered" | "returned";
  /** the cash to collect (0 for a returned parcel) */
  duePaisa: number;
  weightGrams: number;
  zone: Zone;
}

/** The zone between two of the store's cities; a city not known on either side counts as across Pakistan. */
export function zoneOf(
  origin: { id: number; province: string | null } | null,
  destination: { id: number; province: string | null } | null,
): Zone {
  if (!origin || !destination) return "country";
  if (origin.id === destination.id) return "city";
  if (origin.province && origin.province === destination.province) return "province";
  return "country";
}

/** The delivery charge for a weight in a zone. */
export function deliveryCharge(card: RateCard, weightGrams: number, zone: Zone): number {
  for (const band of card.bands) if (weightGrams <= band.upToGrams) return band.paisa[zone];
  const heaviest = card.bands[card.bands.length - 1];
  if (!heaviest) return 0;
  const extraSteps = Math.ceil((weightGrams - heaviest.upToGrams) / 500);
  return heaviest.paisa[zone] + extraSteps * card.extraPer500gPaisa[zone];
}

/** What the card (and the withheld-tax rate, in basis points; null: none in force) says the parcel's deductions are. */
export function expectedDeductions(
  card: RateCard,
  withheldBasisPoints: number | null,
  parcel: ParcelForCard,
): Deductions {
  const expected = noDeductions();
  const delivered = parcel.outcome === "delivered";
  if (delivered || card.deliveryChargedOnReturn) {
    expected.delivery = deliveryCharge(card, parcel.weightGrams, parcel.zone);
    expected.fuel = percentOf(expected.delivery, card.fuelBasisPoints);
  }
  if (delivered) {
    expected.cash_handling = percentOf(parcel.duePaisa, card.cashHandlingBasisPoints);
    expected.withheld_tax = withheldBasisPoints === null ? 0 : percentOf(parcel.duePaisa, withheldBasisPoints);
  } else {
    expected.return_charge = card.returnChargePaisa;
  }
  expected.gst = percentOf(
    expected.delivery + expected.fuel + expected.cash_handling + expected.return_charge,
    card.gstBasisPoints,
  );
  return expected;
}

/** The expected deductions' total and their non-zero kinds, as parcel_money keeps them. */
export function expectedColumns(expected: Deductions): {
  expectedDeductionsPaisa: number;
  expectedDetail: Partial<Deductions>;
} {
  const detail: Partial<Deductions> = {};
  for (const [kind, paisa] of Object.entries(expected) as [keyof Deductions, number][]) if (paisa) detail[kind] = paisa;
  return { expectedDeductionsPaisa: totalOf(expected), expectedDetail: detail };
}
