// The Rate cards page's form as the staff API's body (decision 0109): the bands the member kept
// (rows left empty are dropped), and each refusal's path mapped back to the row it came from; the
// worked example under the form; a card's lines in words for the list.
import { COURIER_NAMES, type CourierCode } from "../../../../core/couriers/courier";
import { totalOf, type Deductions } from "../../../../core/remittances/money-rules";
import { expectedDeductions, type RateCard } from "../../../../core/remittances/rate-card";
import { BANDS_MAX, percentText, type RateCardFormValues } from "../../../../core/remittances/rate-card-input";
import { formatRupees } from "../../../../core/shared/money";
import { formText } from "../../../lib/console";

export type CardFormValues = RateCardFormValues & { effective_from: string };

const ZONE_KEYS = ["city", "province", "country"] as const;

/** The form's fields as the body core reads, what was typed (to show again) and where each refusal belongs. */
export function cardFormBody(form: FormData) {
  const kept: { row: CardFormValues["bands"][number]; at: number }[] = [];
  // a few rows past the most a card takes: a form with more is refused by the count, not cut short
  for (let at = 0; at < BANDS_MAX + 5; at++) {
    const text = (field: string) => formText(form, `bands.${at}.${field}`).slice(0, 60);
    const row = {
      up_to_grams: text("up_to_grams"),
      city: text("city"),
      province: text("province"),
      country: text("country"),
    };
    if (Object.values(row).some((v) => v.trim() !== "")) kept.push({ row, at });
  }
  const zones = (prefix: string) =>
    Object.fromEntries(ZONE_KEYS.map((zone) => [zone, formText(form, `${prefix}.${zone}`).slice(0, 60)])) as Record<
      (typeof ZONE_KEYS)[number],
      string
    >;
  const values: CardFormValues = {
    effective_from: formText(form, "effective_from").slice(0, 20),
    bands: kept.map((k) => k.row),
    extra_per_500g: zones("extra_per_500g"),
    cash_handling_percent: formText(form, "cash_handling_percent").slice(0, 60),
    fuel_percent: formText(form, "fuel_percent").slice(0, 60),
    gst_percent: formText(form, "gst_percent").slice(0, 60),
    return_charge: formText(form, "return_charge").slice(0, 60),
    delivery_charged_on_return: form.get("delivery_charged_on_return") === "on",
    tolerance: formText(form, "tolerance").slice(0, 60),
  };
  const { effective_from: effectiveFrom, ...body } = values;
  // core names the kept band's place; the form shows it under the row it was typed in
  const inputOf = (path: string): string | null => {
    const band = /^bands\.(\d{1,2})\.(\w+)$/.exec(path);
    if (!band) return path;
    const at = kept[Number(band[1])]?.at;
    return at === undefined ? "bands" : `bands.${at}.${band[2]}`;
  };
  // the rows as shown again after a refusal keep their places, so each message sits under its row
  const shown: CardFormValues = { ...values, bands: [] };
  const last = kept.at(-1)?.at ?? -1;
  for (let at = 0; at <= last; at++) {
    shown.bands.push(kept.find((k) => k.at === at)?.row ?? { up_to_grams: "", city: "", province: "", country: "" });
  }
  return { effectiveFrom, body, values: shown, inputOf };
}

type DeductionKind = keyof Deductions;

// in the order the invoices list them
const KIND_WORDS: Record<DeductionKind, string> = {
  delivery: "delivery",
  cash_handling: "cash handling",
  fuel: "fuel",
  gst: "GST",
  return_charge: "return charge",
  withheld_tax: "withheld tax",
  other: "other",
};

const linesOf = (expected: Record<DeductionKind, number>, taxBasisPoints: number | null) =>
  (Object.keys(KIND_WORDS) as DeductionKind[])
    .filter((kind) => expected[kind] !== 0)
    .map((kind) => {
      const words =
        kind === "withheld_tax" && taxBasisPoints !== null
          ? `withheld tax (${percentText(taxBasisPoints)}%)`
          : KIND_WORDS[kind];
      return `${words} ${formatRupees(expected[kind])}`;
    })
    .join(", ");

/** What the card means for a 500 g parcel of Rs. 3,000 across Pakistan, delivered and returned. */
export function workedExample(card: RateCard, taxBasisPoints: number | null): string[] {
  const parcel = { duePaisa: 300_000, weightGrams: 500, zone: "country" as const };
  const delivered = expectedDeductions(card, taxBasisPoints, { ...parcel, outcome: "delivered" });
  const returned = expectedDeductions(card, taxBasisPoints, { ...parcel, duePaisa: 0, outcome: "returned" });
  const total = totalOf(delivered);
  return [
    `A 500 g parcel of Rs. 3,000 across Pakistan: ${linesOf(delivered, taxBasisPoints) || "nothing deducted"}; ${formatRupees(total)} deducted in all, expected net ${formatRupees(300_000 - total)}.`,
    `The same parcel returned: ${linesOf(returned, null) || "nothing charged"}; the shop pays ${formatRupees(totalOf(returned))}.`,
    `A difference of up to ${formatRupees(card.tolerancePaisa)} is taken as rounding.`,
  ];
}

/** A card's lines as the list shows them. */
export function cardLines(card: RateCard): string[] {
  const zones = (paisa: RateCard["extraPer500gPaisa"]) => ZONE_KEYS.map((z) => formatRupees(paisa[z])).join(" / ");
  return [
    ...card.bands.map((b) => `Up to ${b.upToGrams.toLocaleString("en-US")} g: ${zones(b.paisa)}`),
    `Each 500 g more: ${zones(card.extraPer500gPaisa)}`,
    `Cash handling ${percentText(card.cashHandlingBasisPoints)}%, fuel ${percentText(card.fuelBasisPoints)}%, GST ${percentText(card.gstBasisPoints)}%`,
    `Return charge ${formatRupees(card.returnChargePaisa)}${card.deliveryChargedOnReturn ? ", delivery charged on returns too" : ""}; tolerance ${formatRupees(card.tolerancePaisa)}`,
  ];
}

export const courierName = (courier: CourierCode) => COURIER_NAMES[courier];
