// The home page layout's server side (decision 0097): ids in the forms, the products' order as
// typed in the position fields, the list's version, and how many products a section of the newest
// shows, each refused with the message the page shows beside the form.
import { CONTENT_LIMITS as L } from "../../core/content/content-limits";
import { AppError } from "../../core/shared/errors";

/** A whole number id as a form or the address sends it; anything else is null. */
export const whole = (value: string | null) => {
  const n = Number(value);
  return value && value.length <= 10 && Number.isSafeInteger(n) && n > 0 ? n : null;
};

/** A section's fields a refusal may name: all of them are on its form. */
export const SECTION_FIELDS = { known: ["name", "description", "kind", "newest_count"] } as const;

const POSITIONS_RULE = "Each position must be a whole number from 1 to the number of products.";

/** The product ids of the order form in the places typed beside them (ties keep the page's order). */
export function typedOrder(form: FormData): number[] {
  const ids = form.getAll("product").map((v) => whole(typeof v === "string" ? v : null));
  const places = form.getAll("position").map((v) => (typeof v === "string" && v.length <= 10 ? Number(v) : NaN));
  if (ids.length > L.sectionProducts || ids.length !== places.length || ids.some((id) => id === null)) {
    throw new AppError(422, "The list of products was not sent whole. Please load the page again.");
  }
  if (places.some((n) => !Number.isInteger(n) || n < 1 || n > ids.length)) throw new AppError(422, POSITIONS_RULE);
  return ids
    .map((id, i) => ({ id: id!, place: places[i]!, i }))
    .sort((a, b) => a.place - b.place || a.i - b.i)
    .map((row) => row.id);
}

export const versionOf = (value: string) => (/^\d{1,9}$/.test(value) ? Number(value) : -1);

const NEWEST_COUNT_FIELD = `How many products: a whole number from 1 to ${L.newestProducts}.`;
export function countOf(value: string): number {
  const n = /^\s*\d{1,2}\s*$/.test(value) ? Number(value) : Number.NaN;
  if (!(n >= 1 && n <= L.newestProducts)) throw new AppError(422, NEWEST_COUNT_FIELD, { field: "newest_count" });
  return n;
}
