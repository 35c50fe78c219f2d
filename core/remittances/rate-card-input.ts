// What staff send for a courier's rate card and the withheld-tax rate (decision 0109), read and
// checked before anything is stored. One shape serves the staff API and the console's form, as
// every other amount of the store's API: rupees (a JSON number with at most 2 decimals, such as
// 150.50, or the same as text, "150.50", "Rs. 1,250") and percents (2.5, or "2.5" or "2.5%"),
// never paisa or basis points, which stay inside the program. Every length is checked before
// any pattern, every field's first problem is named by its path ("bands.2.up_to_grams"), so the
// console shows each message under its input (decision 0096).
import { z } from "zod";
import { invalidFields } from "../shared/field-errors";
import { typedText } from "../shared/input";
import { formatRupees, rupeesText } from "../shared/money";
import { parseRupees } from "../shared/money-input";
import { COURIER_CODES, type CourierCode } from "../couriers/courier";
import { DEFAULT_TOLERANCE_PAISA } from "./money-rules";
import { ZONES, type RateCard, type Zone } from "./rate-card";

export const BANDS_MAX = 20;
export const GRAMS_MAX = 100_000;
/** A charge above Rs. 100,000 for one parcel is a typing slip, not a rate. */
export const CHARGE_MAX_PAISA = 10_000_000;
export const TOLERANCE_MAX_PAISA = 100_000;
export const TAX_NOTE_MAX = 200;

/** How the form and the messages name each zone's charge. */
export const ZONE_FIELD_WORDS: Readonly<Record<Zone, string>> = {
  city: "within the city",
  province: "within the province",
  country: "across Pakistan",
};

// text longer than this is no amount, percent or weight: refused before any pattern reads it
const FIGURE_TEXT_MAX = 40;
const PERCENT = /^(\d{1,3})(?:\.(\d{1,2}))?\s*%?$/;
const GRAMS = /^(\d{1,6})\s*(?:g|grams?)?$/i;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A figure's problem when missing or of the wrong type: "is required" for what was left out. */
const figureError = (label: string, expected: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null || issue.input === ""
    ? `${label} is required`
    : `${label} must be ${expected}`;

/** Text as sent, or a number written as JSON writes it: "1e+300" is then simply not a figure. */
const asText = (value: string | number) => (typeof value === "number" ? String(value) : value.trim());

/** Rupees from 0 to `maxPaisa`, at most 2 decimals, as paisa. */
export const rupeesField = (label: string, maxPaisa = CHARGE_MAX_PAISA) => {
  const expected = "an amount in rupees, such as 150 or 150.50";
  return z.union([z.number(), z.string()], { error: figureError(label, expected) }).transform((value, ctx) => {
    const text = typeof value === "string" && value.length > FIGURE_TEXT_MAX ? null : asText(value);
    if (text === "") {
      ctx.addIssue({ code: "custom", message: `${label} is required` });
      return z.NEVER;
    }
    const paisa = text === null ? null : parseRupees(text);
    if (paisa === null) ctx.addIssue({ code: "custom", message: `${label} must be ${expected}` });
    else if (paisa < 0) ctx.addIssue({ code: "custom", message: `${label} cannot be below Rs. 0` });
    else if (paisa > maxPaisa)
      ctx.addIssue({ code: "custom", message: `${label} must be at most ${formatRupees(maxPaisa)}` });
    else return paisa;
    return z.NEVER;
  });
};

/** A percent from 0 to 100, at most 2 decimals, as basis points (2.5% is 250). */
export const percentField = (label: string) => {
  const expected = "a percent from 0 to 100, such as 2.5";
  return z.union([z.number(), z.string()], { error: figureError(label, expected) }).transform((value, ctx) => {
    const text = typeof value === "string" && value.length > FIGURE_TEXT_MAX ? null : asText(value);
    if (text === "") {
      ctx.addIssue({ code: "custom", message: `${label} is required` });
      return z.NEVER;
    }
    const match = text === null ? null : PERCENT.exec(text);
    const basisPoints = match ? Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0")) : NaN;
    if (!(basisPoints >= 0 && basisPoints <= 10_000)) {
      ctx.addIssue({ code: "custom", message: `${label} must be ${expected}` });
      return z.NEVER;
    }
    return basisPoints;
  });
};

const gramsField = z
  .union([z.number(), z.string()], { error: figureError("Up to", "a weight in whole grams, such as 500") })
  .transform((value, ctx) => {
    const message = `Up to must be whole grams from 1 to ${GRAMS_MAX.toLocaleString("en-US")}, such as 500`;
    const text = typeof value === "string" && value.length > FIGURE_TEXT_MAX ? null : asText(value);
    if (text === "") {
      ctx.addIssue({ code: "custom", message: "Up to is required: the heaviest parcel of this band, in grams" });
      return z.NEVER;
    }
    const match = text === null ? null : GRAMS.exec(text.replaceAll(",", ""));
    const grams = match ? Number(match[1]) : NaN;
    if (!(Number.isInteger(grams) && grams >= 1 && grams <= GRAMS_MAX)) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return grams;
  });

const zoneCharges = (what: string) =>
  z.object(
    {
      city: rupeesField(`${what} within the city`),
      province: rupeesField(`${what} within the province`),
      country: rupeesField(`${what} across Pakistan`),
    },
    { error: figureError(what, "the charge for each zone: city, province and country") },
  );

const band = z.object(
  {
    up_to_grams: gramsField,
    city: rupeesField("Charge within the city"),
    province: rupeesField("Charge within the province"),
    country: rupeesField("Charge across Pakistan"),
  },
  { error: "Each weight band must have up_to_grams and a charge for city, province and country" },
);

const bandsMessage = `A rate card has from 1 to ${BANDS_MAX} weight bands`;
// the count is checked before any band is read: 10,000 bands are refused in one step
const bands = z
  .array(z.unknown(), { error: figureError("Weight bands", "a list of bands, lightest first") })
  .min(1, { error: "Add at least one weight band" })
  .max(BANDS_MAX, { error: bandsMessage })
  .pipe(z.array(band))
  .superRefine((list, ctx) => {
    for (let i = 1; i < list.length; i++) {
      const before = list[i - 1]!.up_to_grams;
      if (list[i]!.up_to_grams <= before) {
        ctx.addIssue({
          code: "custom",
          path: [i, "up_to_grams"],
          message: `Each band must be heavier than the one above it (${before.toLocaleString("en-US")} g)`,
        });
      }
    }
  });

/** The body of PUT /api/admin/money/rate-cards/{courier}/{effective_from}, and the console's form. */
export const rateCardBody = z.object(
  {
    bands: bands.describe(
      "the delivery charge by weight, lightest band first: each band's up_to_grams (1 to 100,000, each heavier than the last) and its charge in rupees for city, province and country",
    ),
    extra_per_500g: zoneCharges("Extra per 500 g").describe(
      "rupees for each 500 g, or part of it, above the heaviest band, per zone",
    ),
    cash_handling_percent: percentField("Cash handling").describe("percent of the cash collected, such as 2.5"),
    fuel_percent: percentField("Fuel").describe("percent of the delivery charge"),
    gst_percent: percentField("GST").describe("percent of every charge (delivery, fuel, cash handling, return)"),
    return_charge: rupeesField("Return charge").describe("rupees for a parcel that came back"),
    delivery_charged_on_return: z
      .boolean({ error: "Charge delivery on returns too must be true or false" })
      .describe("whether a returned parcel is charged its delivery (and fuel on it) too"),
    tolerance: rupeesField("Tolerance", TOLERANCE_MAX_PAISA)
      .optional()
      .transform((paisa) => paisa ?? DEFAULT_TOLERANCE_PAISA)
      .describe("rupees (0 to 1,000): a difference no larger than this is rounding, not a dispute; 5.00 when left out"),
  },
  { error: "The rate card must be a JSON object" },
);

/** The same fields as the console's form sends them (text) or the API (numbers). */
export type RateCardBody = z.input<typeof rateCardBody>;

/** The card as the store keeps it, from its checked fields. */
function cardOf(v: z.output<typeof rateCardBody>): RateCard {
  return {
    bands: v.bands.map((b) => ({
      upToGrams: b.up_to_grams,
      paisa: { city: b.city, province: b.province, country: b.country },
    })),
    extraPer500gPaisa: { ...v.extra_per_500g },
    cashHandlingBasisPoints: v.cash_handling_percent,
    fuelBasisPoints: v.fuel_percent,
    gstBasisPoints: v.gst_percent,
    returnChargePaisa: v.return_charge,
    deliveryChargedOnReturn: v.delivery_charged_on_return,
    tolerancePaisa: v.tolerance,
  };
}

/** The card as the store keeps it, or a 422 naming every field refused. */
export function readRateCard(input: unknown): RateCard {
  const parsed = rateCardBody.safeParse(input ?? {});
  if (!parsed.success) throw invalidFields(parsed.error);
  return cardOf(parsed.data);
}

/** "2.5": basis points as the percent a person types, with no trailing zeros. */
export function percentText(basisPoints: number): string {
  const whole = Math.floor(basisPoints / 100);
  const fraction = String(basisPoints % 100)
    .padStart(2, "0")
    .replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/** "150" or "150.50": paisa as the rupees a person types. */
export const rupeesTyped = (paisa: number) => rupeesText(paisa).replace(/\.00$/, "");

/** A kept card as the form's fields hold it (and as the body that would save it again). */
export function cardAsBody(card: RateCard) {
  const zones = (paisa: Record<Zone, number>) =>
    Object.fromEntries(ZONES.map((zone) => [zone, rupeesTyped(paisa[zone])])) as Record<Zone, string>;
  return {
    bands: card.bands.map((b) => ({ up_to_grams: String(b.upToGrams), ...zones(b.paisa) })),
    extra_per_500g: zones(card.extraPer500gPaisa),
    cash_handling_percent: percentText(card.cashHandlingBasisPoints),
    fuel_percent: percentText(card.fuelBasisPoints),
    gst_percent: percentText(card.gstBasisPoints),
    return_charge: rupeesTyped(card.returnChargePaisa),
    delivery_charged_on_return: card.deliveryChargedOnReturn,
    tolerance: rupeesTyped(card.tolerancePaisa),
  };
}

export type RateCardFormValues = ReturnType<typeof cardAsBody>;

const DAY_MESSAGE = "must be a date from 2000 to 2099 as YYYY-MM-DD, such as 2025-07-01";

/** A day as YYYY-MM-DD that is on the calendar ("2026-02-30" is not), or null. */
export function calendarDay(value: unknown): string | null {
  if (typeof value !== "string" || value.length > 10) return null;
  const match = DAY.exec(value);
  if (!match) return null;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const at = new Date(Date.UTC(y, m - 1, d));
  const same = at.getUTCFullYear() === y && at.getUTCMonth() === m - 1 && at.getUTCDate() === d;
  return same && y >= 2000 && y <= 2099 ? value : null;
}

const effectiveFrom = z
  .string({ error: figureError("Effective from", "a date as YYYY-MM-DD") })
  .max(10, { error: `Effective from ${DAY_MESSAGE}`, abort: true })
  .transform((value, ctx) => {
    const day = calendarDay(value.trim());
    if (day) return day;
    ctx.addIssue({
      code: "custom",
      message: value.trim() ? `Effective from ${DAY_MESSAGE}` : "Effective from is required",
    });
    return z.NEVER;
  })
  .describe("the day, in Pakistan, from which parcels delivered or returned are held to it (YYYY-MM-DD)");

const courier = z.enum(COURIER_CODES, { error: `Courier must be one of: ${COURIER_CODES.join(", ")}` });

/** The courier named in the address or form, or a 422 naming the field. */
export function readCourier(value: unknown): CourierCode {
  const parsed = z.object({ courier }).safeParse({ courier: value });
  if (!parsed.success) throw invalidFields(parsed.error);
  return parsed.data.courier;
}

const datedCard = rateCardBody.extend({ courier, effective_from: effectiveFrom });

/**
 * A card with the courier and day it is saved under (from the API's address, or the form's
 * fields), every refused field of the three named at once.
 */
export function readDatedCard(
  courierCode: unknown,
  day: unknown,
  input: unknown,
): { courier: CourierCode; effectiveFrom: string; card: RateCard } {
  if (input !== undefined && input !== null && (typeof input !== "object" || Array.isArray(input))) {
    throw invalidFields(rateCardBody.safeParse(input).error!);
  }
  const parsed = datedCard.safeParse({ ...(input as object | null), courier: courierCode, effective_from: day });
  if (!parsed.success) throw invalidFields(parsed.error);
  return { courier: parsed.data.courier, effectiveFrom: parsed.data.effective_from, card: cardOf(parsed.data) };
}

/** The body of POST /api/admin/money/withheld-tax-rates, and the console's form. */
export const withheldTaxBody = z.object(
  {
    effective_from: effectiveFrom,
    rate_percent: percentField("Rate").describe("percent of the cash collected that the courier withholds, such as 2"),
    note: typedText("Note", TAX_NOTE_MAX)
      .optional()
      .transform((note) => note ?? "")
      .describe("where the rate comes from, such as Finance Act 2025, section 6A"),
  },
  { error: "The withheld-tax rate must be a JSON object" },
);

export interface WithheldTaxInput {
  effectiveFrom: string;
  rateBasisPoints: number;
  note: string;
}

/** A withheld-tax rate's fields, or a 422 naming every field refused. */
export function readWithheldTax(input: unknown): WithheldTaxInput {
  const parsed = withheldTaxBody.safeParse(input ?? {});
  if (!parsed.success) throw invalidFields(parsed.error);
  return {
    effectiveFrom: parsed.data.effective_from,
    rateBasisPoints: parsed.data.rate_percent,
    note: parsed.data.note,
  };
}
