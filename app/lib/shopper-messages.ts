// The store's refusals (spec §8) in the page's language. Core and the API answer in English, and
// an English text is its own message id (decision 0110), so most answers translate as they are.
// A few carry a name or a number ("Only 2 left of Lawn Suit…"): those are matched against their
// English pattern here and translated with the values put back in.
import type { Translator } from "../i18n/t";

// each {name} is a value the server put in; {message} is itself a message, translated in turn
const PATTERNS = [
  "Order creation failed: {message}",
  "Sorry, we don't deliver to {city} yet. Please choose another city, or contact us to arrange delivery.",
  "Minimum order for this voucher is {amount}.",
  "You have already used this voucher {count} times, the most allowed per customer.",
  "Only {count} left of {name}. Please reduce the quantity and try again.",
  "{name} is out of stock. Please remove it from your cart.",
  "An option of {name} in your cart is no longer available. Please review your cart.",
  "You can order at most {count} of one item.",
  "This phone number has already placed {count} orders today. Please try again tomorrow or contact us.",
  "Only {count} item available in stock.",
  "Only {count} items available in stock.",
  "Only {count} item available in stock. You already have {inCart} in cart.",
  "Only {count} items available in stock. You already have {inCart} in cart.",
  "Your cart is full: it can hold up to {count} different items.",
  "{message}\n\nRemove the existing items and add this quantity instead?",
];

const escape = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, "\\$&");

const MATCHERS = PATTERNS.map((pattern) => {
  const names = [...pattern.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const source = escape(pattern).replace(/\{\w+\}/g, "(.+?)");
  return { pattern, names, regex: new RegExp(`^${source}$`, "s") };
});

/** A message from the store (or the page's own English words) in the page's language. */
export function shopperMessage(t: Translator, message: string): string {
  if (t.locale === "en") return message;
  const whole = t(message);
  if (whole !== message) return whole;
  for (const { pattern, names, regex } of MATCHERS) {
    const match = regex.exec(message);
    if (!match) continue;
    const values: Record<string, string> = {};
    names.forEach((name, n) => {
      const value = match[n + 1] ?? "";
      values[name] = name === "message" ? shopperMessage(t, value) : value;
    });
    return t(pattern, values);
  }
  return message;
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
