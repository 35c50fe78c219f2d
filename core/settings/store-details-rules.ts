// The rules of the store's details (decision 0068): what the owner may type into each field,
// checked length first, then a linear-time pattern or the URL parser, each refusal naming its
// field. Browser-safe (no database): the console's form takes its limits from here.
import { normalizePakistaniMobile } from "../shared/phone";
import { isEmailAddress } from "../shared/email";
import { parseRupees } from "../shared/money-input";

export const STORE_DETAILS_LIMITS = {
  store_name: 60,
  phone: 30,
  email: 254,
  address: 300,
  business_hours: 100,
  whatsapp_number: 30,
  delivery_promise: 80,
  /** the line under the store's name in the footer */
  tagline: 160,
  /** search engines show about 155 characters of a page's description */
  meta_description: 160,
  url: 300,
  /** rupees */
  shipping_fee: 100_000,
  /** rupees */
  free_shipping_threshold: 10_000_000,
} as const;

/** spec §9: what the checkout says when the owner has not written a delivery promise */
export const DEFAULT_DELIVERY_PROMISE = "Delivery in 3-5 business days";

export const SOCIAL_FIELDS = ["facebook_url", "instagram_url", "twitter_url", "tiktok_url", "youtube_url"] as const;
export type SocialField = (typeof SOCIAL_FIELDS)[number];

// the hosts each link may point at: a link to anywhere else is a mistake or a trap
export const SOCIAL_HOSTS: Record<SocialField, { label: string; hosts: readonly string[] }> = {
  facebook_url: { label: "Facebook", hosts: ["facebook.com", "www.facebook.com", "m.facebook.com", "fb.com"] },
  instagram_url: { label: "Instagram", hosts: ["instagram.com", "www.instagram.com"] },
  twitter_url: { label: "X (Twitter)", hosts: ["x.com", "www.x.com", "twitter.com", "www.twitter.com"] },
  tiktok_url: { label: "TikTok", hosts: ["tiktok.com", "www.tiktok.com"] },
  youtube_url: { label: "YouTube", hosts: ["youtube.com", "www.youtube.com", "m.youtube.com", "youtu.be"] },
};

/** The store's details as the owner edits them; null is "not set" (the storefront's default). */
export interface StoreDetailsValues {
  store_name: string | null;
  phone: string | null;
  email: string | null;
  address: string | null;
  business_hours: string | null;
  /** digits, 923XXXXXXXXX: what the chat button's wa.me link needs */
  whatsapp_number: string | null;
  /** paisa; null or 0: the default Rs. 500 (spec §9) */
  shipping_fee_paisa: number | null;
  /** paisa; null: never free by amount; 0: every order ships free (core/shared/pricing.ts) */
  free_shipping_threshold_paisa: number | null;
  delivery_promise: string | null;
  /** may hold the placeholders of texts that state a setting ({free_delivery}: decision 0090) */
  tagline: string | null;
  /** the default meta description; empty: the store's built-in one */
  meta_description: string | null;
  facebook_url: string | null;
  instagram_url: string | null;
  twitter_url: string | null;
  tiktok_url: string | null;
  youtube_url: string | null;
}

export type StoreDetailsField = keyof StoreDetailsValues;

export const STORE_DETAILS_FIELDS: readonly StoreDetailsField[] = [
  "store_name",
  "phone",
  "email",
  "address",
  "business_hours",
  "whatsapp_number",
  "shipping_fee_paisa",
  "free_shipping_threshold_paisa",
  "delivery_promise",
  "tagline",
  "meta_description",
  ...SOCIAL_FIELDS,
];

export class StoreDetailsError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

const fail = (field: string, message: string): never => {
  throw new StoreDetailsError(field, message);
};

// one line of plain text: no line breaks, tabs or other control characters (nor NUL, which
// PostgreSQL text cannot hold), nor the bidirectional overrides that reorder what is shown
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** Text for a field: absent (undefined: unchanged), null when empty, or the trimmed line. */
function line(field: string, value: unknown, max: number): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  if (typeof value !== "string") return fail(field, `${field} must be text`);
  if (value.length > max * 2) return fail(field, `${field} must be at most ${max} characters`);
  if (CONTROL.test(value)) return fail(field, `${field} must be one line of plain text`);
  const text = value.trim().replace(/ {2,}/g, " ");
  if (text === "") return null;
  if (text.length > max) return fail(field, `${field} must be at most ${max} characters`);
  return text;
}

// what people type between the digits of a phone number
const PHONE_SEPARATORS = /[\s\-.()]/g;
// a Pakistani number after its 0 or +92, not starting with 0: a mobile (3XXXXXXXXX), a landline
// (area code and number, 9 or 10 digits), a UAN (021-111-222-333) or toll-free (0800-12345)
const PAKISTANI_NUMBER = /^(?:\+92|0092|92|0)([1-9]\d{7,11})$/;

/** A Pakistani phone number (mobile, landline or UAN) as typed, or a 422 naming the field. */
function contactPhone(value: unknown): string | null | undefined {
  const text = line("phone", value, STORE_DETAILS_LIMITS.phone);
  if (!text) return text;
  // digits, separators and one leading +, before the number's own rule
  if (!/^\+?[\d\s\-.()]+$/.test(text))
    return fail("phone", "phone must be a Pakistani phone number, e.g. 042-35761234");
  if (!PAKISTANI_NUMBER.test(text.replace(PHONE_SEPARATORS, "")))
    return fail("phone", "phone must be a Pakistani phone number, e.g. 042-35761234 or 0300-1234567");
  return text;
}

/** A Pakistani mobile for WhatsApp, stored as 923XXXXXXXXX (the form wa.me links take). */
function whatsappNumber(value: unknown): string | null | undefined {
  const text = line("whatsapp_number", value, STORE_DETAILS_LIMITS.whatsapp_number);
  if (!text) return text;
  const mobile = normalizePakistaniMobile(text);
  if (!mobile) return fail("whatsapp_number", "whatsapp_number must be a Pakistani mobile number, e.g. 0300-1234567");
  return mobile;
}

function email(value: unknown): string | null | undefined {
  const text = line("email", value, STORE_DETAILS_LIMITS.email);
  if (!text) return text;
  if (!isEmailAddress(text)) return fail("email", "email must be an email address, e.g. care@example.pk");
  return text.toLowerCase();
}

/** Rupees (number or text, at most 2 decimals) as paisa; empty is null. */
function rupees(field: string, value: unknown, maxRupees: number): number | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || value === "") return null;
  if (typeof value === "string" && value.length > 20) return fail(field, `${field} must be an amount in rupees`);
  if (typeof value !== "string" && typeof value !== "number")
    return fail(field, `${field} must be an amount in rupees`);
  const paisa = parseRupees(value);
  if (paisa === null || !Number.isSafeInteger(paisa)) return fail(field, `${field} must be an amount in rupees`);
  if (paisa < 0) return fail(field, `${field} must not be negative`);
  if (paisa > maxRupees * 100) return fail(field, `${field} must be at most Rs. ${maxRupees.toLocaleString("en-US")}`);
  return paisa;
}

/** An https link to the social network's own site, or a 422 naming the field. */
function socialUrl(field: SocialField, value: unknown): string | null | undefined {
  const text = line(field, value, STORE_DETAILS_LIMITS.url);
  if (!text) return text;
  const { label, hosts } = SOCIAL_HOSTS[field];
  const wrong = `${field} must be an https link to ${label} (${hosts[0]})`;
  if (/\s/.test(text)) return fail(field, wrong);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return fail(field, wrong);
  }
  if (url.protocol !== "https:" || url.username || url.password || url.port) return fail(field, wrong);
  if (!hosts.includes(url.hostname)) return fail(field, wrong);
  return url.href;
}

/**
 * The owner's input checked field by field: each present field's stored value (null for empty),
 * absent fields left out. Throws StoreDetailsError naming the first bad field.
 */
export function checkStoreDetails(input: Record<string, unknown>): Partial<StoreDetailsValues> {
  const out: Partial<StoreDetailsValues> = {};
  const set = <K extends StoreDetailsField>(key: K, value: StoreDetailsValues[K] | undefined) => {
    if (value !== undefined) out[key] = value;
  };
  set("store_name", line("store_name", input.store_name, STORE_DETAILS_LIMITS.store_name));
  set("phone", contactPhone(input.phone));
  set("email", email(input.email));
  set("address", line("address", input.address, STORE_DETAILS_LIMITS.address));
  set("business_hours", line("business_hours", input.business_hours, STORE_DETAILS_LIMITS.business_hours));
  set("whatsapp_number", whatsappNumber(input.whatsapp_number));
  set("shipping_fee_paisa", rupees("shipping_fee", input.shipping_fee, STORE_DETAILS_LIMITS.shipping_fee));
  set(
    "free_shipping_threshold_paisa",
    rupees("free_shipping_threshold", input.free_shipping_threshold, STORE_DETAILS_LIMITS.free_shipping_threshold),
  );
  set("delivery_promise", line("delivery_promise", input.delivery_promise, STORE_DETAILS_LIMITS.delivery_promise));
  set("tagline", line("tagline", input.tagline, STORE_DETAILS_LIMITS.tagline));
  set("meta_description", line("meta_description", input.meta_description, STORE_DETAILS_LIMITS.meta_description));
  for (const field of SOCIAL_FIELDS) set(field, socialUrl(field, input[field]));
  return out;
}

/** The names the console form sends: the API's, money in rupees (shipping_fee, not shipping_fee_paisa). */
export const STORE_DETAILS_FORM_FIELDS = STORE_DETAILS_FIELDS.map((field) => field.replace(/_paisa$/, ""));
