// Words that state a setting are made from it (decision 0090): a text the owner writes (an
// announcement, the tagline, the default meta description, a product's highlights and answers)
// may hold a placeholder that the storefront fills from the settings as it shows the text, so
// "free delivery over Rs. 5,000" cannot outlive a change of the free-delivery amount. The demo
// store's texts use them too. Browser-safe: the console's hints name the placeholders.
import { shipsFree, type ShippingRule } from "../shared/pricing";
import { formatRupees } from "../shared/money";
import { DEFAULT_DELIVERY_PROMISE } from "./store-details-rules";

/** What the placeholders are filled from: the delivery rule and the owner's delivery promise. */
export interface SettingWordsSource extends ShippingRule {
  /** the owner's words, or null for spec §9's */
  deliveryPromise: string | null;
}

/** What the delivery rule promises, as a phrase that starts a sentence: the product badge's words. */
export function freeDeliveryWords(rule: ShippingRule): string {
  // the same rule the cart and the order use: free at or above the threshold, 0 means always
  if (rule.freeThresholdPaisa === null) return `Delivery ${formatRupees(rule.feePaisa)}`;
  if (shipsFree(0, rule)) return "Free delivery";
  return `Free delivery over ${formatRupees(rule.freeThresholdPaisa)}`;
}

/** The placeholders, as the owner types them, and what each becomes. */
export const SETTING_PLACEHOLDERS = {
  "{free_delivery}": "the delivery promise: “Free delivery over Rs. 5,000”, “Free delivery” or “Delivery Rs. 500”",
  "{delivery_fee}": "the delivery fee: “Rs. 500”",
  "{delivery_promise}": `the delivery promise: “${DEFAULT_DELIVERY_PROMISE}” or the owner's own`,
} as const;

// a fixed alternation between braces: linear time on any text
const PLACEHOLDER = /\{(free_delivery|delivery_fee|delivery_promise)\}/g;

/** The text with each placeholder replaced by the words of the current settings. */
export function fillSettingWords(text: string, source: SettingWordsSource): string {
  if (!text.includes("{")) return text;
  return text.replace(PLACEHOLDER, (_whole, name: string) => {
    if (name === "free_delivery") return freeDeliveryWords(source);
    if (name === "delivery_fee") return formatRupees(source.feePaisa);
    return source.deliveryPromise?.trim() || DEFAULT_DELIVERY_PROMISE;
  });
}
