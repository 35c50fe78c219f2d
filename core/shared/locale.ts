// The language a shopper used on the storefront (decision 0110), as the API takes it and the
// messages are written in: "en" (the default) or "ur". An order keeps it, and an account keeps
// the one she last registered or signed in from, so her emails and WhatsApp texts match her pages.
import { z } from "zod";
import { SHOPPER_LOCALES, type ShopperLocale } from "../../db/schema";

export { SHOPPER_LOCALES, type ShopperLocale };

export const LOCALE_MESSAGE = 'locale must be "en" or "ur"';

/** An optional `locale` field: absent stays absent, so a payload without it reads as before. */
export const localeInput = z.enum(SHOPPER_LOCALES, { error: LOCALE_MESSAGE }).optional();

/** The storefront page of a path in a language: "/track" → "/ur/track" in Urdu. */
export const pagePath = (path: string, locale: ShopperLocale): string => (locale === "ur" ? `/ur${path}` : path);

const LRI = "\u2066";
const PDI = "\u2069";

/**
 * A value that reads left to right (an amount, a tracking ID, a phone number, a link) kept whole
 * inside Urdu text: the Unicode isolates stop the right-to-left text around it from reordering it.
 */
export const ltr = (value: string): string => `${LRI}${value}${PDI}`;

/** Everything between isolates, for the HTML email that shows them as <bdi dir="ltr">. */
export const ISOLATED = /\u2066([^\u2066\u2069]*)\u2069/g;
