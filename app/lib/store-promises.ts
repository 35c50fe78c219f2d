// The promises shown beside every product (spec §2's trust badges), worded from what the store
// actually does: delivery from the site settings and core's shipping rule, exchange from the
// return policy, payment from checkout (cash on delivery is the only method).
import type { ShippingRule } from "../../core/shared/pricing";
import { freeDeliveryWords } from "../../core/settings/setting-words";
import { DEFAULT_DELIVERY_PROMISE } from "../../core/settings/store-details-rules";
import { type Translator, translatorIn } from "../i18n/t";

export interface StorePromise {
  key: "delivery" | "exchange" | "payment";
  text: string;
  /** where the shopper reads the details */
  href: string;
}

// core words the delivery promise with its amount in it ("Free delivery over Rs. 5,000"): the
// amount is lifted out, so the sentence is translated around it and core keeps the rule alone
const RUPEES = /Rs\. [\d,]+(?:\.\d+)?/;

function deliveryWords(rule: ShippingRule, t: Translator): string {
  const english = freeDeliveryWords(rule);
  const amount = RUPEES.exec(english)?.[0];
  return amount ? t(english.replace(amount, "{amount}"), { amount }) : t(english);
}

/** The promises in the page's language (English unless a translator says otherwise); links are bare addresses. */
export function storePromises(rule: ShippingRule, t: Translator = translatorIn("en")): StorePromise[] {
  return [
    { key: "delivery", text: deliveryWords(rule, t), href: "/terms" },
    // spec §2 return policy: exchange only, within 7 days of delivery, some lingerie excluded
    { key: "exchange", text: t("7-day exchange"), href: "/refund-policy" },
    { key: "payment", text: t("Cash on delivery"), href: "/terms" },
  ];
}

/** The delivery promise the owner wrote in the settings (decision 0068), or spec §9's. */
export function deliveryPromiseText(setting: string | null | undefined): string {
  return setting?.trim() || DEFAULT_DELIVERY_PROMISE;
}

/** The promise as a sentence of its own, to go before another: a full stop added when it has none. */
export function asSentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}
