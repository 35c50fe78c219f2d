// The one place an order's figures are computed (decision 0008). Pure: no database, no clock.
// Every amount is integer paisa, so the figures are exact and comparisons with the client's
// figures are plain equality.
import { percentOf } from "./money";

export type DiscountType = "percentage" | "flat" | "shipping";

export interface PricingLine {
  unitPricePaisa: number;
  quantity: number;
}

export interface PricingVoucher {
  discountType: DiscountType;
  /** percentage: whole percent; flat: paisa; shipping: ignored */
  discountValue: number;
  /** a cap on the discount in paisa (percentage vouchers), or null */
  maxDiscountPaisa: number | null;
}

export interface ShippingRule {
  /** the fee charged below the threshold: already Rs. 500 when the setting is unset or 0 */
  feePaisa: number;
  /** shipping is free when the subtotal is at or above this; null = never free by amount */
  freeThresholdPaisa: number | null;
}

export interface OrderFigures {
  lineTotalsPaisa: number[];
  subtotalPaisa: number;
  /** the fee before any shipping voucher */
  shippingFeePaisa: number;
  /** what the shopper pays for delivery: 0 at or above the threshold or with a shipping voucher */
  shippingPaisa: number;
  /** taken off the goods (percentage and flat vouchers); a shipping voucher shows as shippingPaisa 0 */
  discountPaisa: number;
  totalPaisa: number;
}

/** Whether an amount of goods ships free by the threshold rule (spec §4, §9: "at or above"). */
export function shipsFree(subtotalPaisa: number, rule: ShippingRule): boolean {
  return rule.freeThresholdPaisa !== null && subtotalPaisa >= rule.freeThresholdPaisa;
}

/** The discount a voucher gives on an amount of goods; never more than the goods cost. */
export function voucherDiscountPaisa(voucher: PricingVoucher, subtotalPaisa: number): number {
  let discount: number;
  switch (voucher.discountType) {
    case "percentage":
      discount = percentOf(subtotalPaisa, Math.min(Math.max(voucher.discountValue, 0), 100));
      break;
    case "flat":
      discount = Math.max(voucher.discountValue, 0);
      break;
    case "shipping":
      return 0;
  }
  if (voucher.maxDiscountPaisa !== null && voucher.maxDiscountPaisa >= 0) {
    discount = Math.min(discount, voucher.maxDiscountPaisa);
  }
  return Math.min(discount, subtotalPaisa);
}

/** Prices an order: line totals, subtotal, shipping, voucher discount and total. */
export function priceOrder(input: {
  lines: PricingLine[];
  shipping: ShippingRule;
  voucher?: PricingVoucher | null;
}): OrderFigures {
  const lineTotalsPaisa = input.lines.map((line) => line.unitPricePaisa * line.quantity);
  const subtotalPaisa = lineTotalsPaisa.reduce((sum, amount) => sum + amount, 0);
  if (!Number.isSafeInteger(subtotalPaisa) || lineTotalsPaisa.some((a) => !Number.isSafeInteger(a) || a < 0)) {
    throw new RangeError("order amounts must be non-negative whole paisa");
  }
  // the threshold compares the goods before any discount (spec §4: "the subtotal")
  const shippingFeePaisa =
    input.lines.length === 0 || shipsFree(subtotalPaisa, input.shipping) ? 0 : input.shipping.feePaisa;
  const voucher = input.voucher ?? null;
  const shippingPaisa = voucher?.discountType === "shipping" ? 0 : shippingFeePaisa;
  const discountPaisa = voucher ? voucherDiscountPaisa(voucher, subtotalPaisa) : 0;
  return {
    lineTotalsPaisa,
    subtotalPaisa,
    shippingFeePaisa,
    shippingPaisa,
    discountPaisa,
    totalPaisa: subtotalPaisa - discountPaisa + shippingPaisa,
  };
}
