// The store's messages that carry a value (spec §8: a city, a product's name, an amount, a
// count), read back into their English pattern so the Urdu page can say them with the value put
// back in. Here, not in app/lib, so only Urdu pages download the patterns (decision 0110).
import { addValuesReader, translate } from "../messages";

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

/** The message in Urdu: as a whole when the catalogue has it, else through its pattern. */
function inUrdu(message: string): string | undefined {
  const whole = translate("ur", message);
  if (whole !== message) return whole;
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
