// The store's messages that carry a value (spec §8: a city, a product's name, an amount, a
// count), read back into their English pattern so the Urdu page can say them with the value put
// back in. Here, not in app/lib, so only Urdu pages download the patterns (decision 0110).
import { addValuesReader, translate, translateCount } from "../messages";

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

// the values are matched lazily and the pattern is anchored: linear in the message's length
const MATCHERS = PATTERNS.map((pattern) => {
  const names = [...pattern.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const source = escape(pattern).replace(/\{\w+\}/g, "(.+?)");
  return { pattern, names, regex: new RegExp(`^${source}$`, "s") };
});

// core's refusals that say how long to wait (core/shared/refusals.ts tooMany, and the sign-in
// lock-out): the catalogue has each one's words and the sentence around them once
const WAIT = /^(.+?)\. Please try again in (\d+) minutes?(, or ask for a sign-in link by email)?\.$/;

function waitInUrdu(message: string): string | undefined {
  const wait = WAIT.exec(message);
  if (!wait) return undefined;
  const [, what = "", minutes = "", orLink] = wait;
  const values = {
    what: translate("ur", what),
    minutes: translateCount("ur", Number(minutes), "{count} minute", "{count} minutes"),
  };
  return orLink
    ? translate("ur", "{what}. Please try again in {minutes}, or ask for a sign-in link by email.", values)
    : translate("ur", "{what}. Please try again in {minutes}.", values);
}

/** The message in Urdu: as a whole when the catalogue has it, else through its pattern. */
function inUrdu(message: string): string | undefined {
  const whole = translate("ur", message);
  if (whole !== message) return whole;
  const wait = waitInUrdu(message);
  if (wait) return wait;
  for (const { pattern, names, regex } of MATCHERS) {
    const match = regex.exec(message);
    if (!match) continue;
    const values: Record<string, string> = {};
    names.forEach((name, n) => {
      const value = match[n + 1] ?? "";
      values[name] = name === "message" ? (inUrdu(value) ?? value) : value;
    });
    return translate("ur", pattern, values);
  }
  return undefined;
}

addValuesReader("ur", inUrdu);
