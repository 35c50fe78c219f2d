// The store's refusals (spec §8) in the page's language. Core and the API answer in English, and
// an English text is its own message id (decision 0110), so most answers translate as they are.
// A few carry a name or a number ("Only 2 left of Lawn Suit…"): those are matched against their
// English pattern by the language's catalogue (app/i18n/ur/patterns.ts) and translated with the
// values put back in.
import { translateFilled } from "../i18n/messages";
import type { Translator } from "../i18n/t";

/** A message from the store (or the page's own English words) in the page's language. */
export function shopperMessage(t: Translator, message: string): string {
  if (t.locale === "en") return message;
  const whole = t(message);
  if (whole !== message) return whole;
  return translateFilled(t.locale, message) ?? message;
}

/**
 * The delivery promise as a sentence of its own (the owner's words as written, spec §9's default
 * translated), ended with the page's full stop when it has none.
 */
export function promiseSentence(t: Translator, promise: string): string {
  const text = t(promise);
  if (t.locale === "en") return /[.!?]$/.test(text) ? text : `${text}.`;
  return /[.!?۔؟]$/.test(text) ? text : `${text}۔`;
}
