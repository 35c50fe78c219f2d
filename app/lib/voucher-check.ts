// The voucher box's check (spec §5, §8): POST /validate-voucher for the goods in the cart, and
// whether its answer is a verdict on the voucher or no answer at all.
import type { PricingVoucher } from "../../core/shared/pricing";
import { ApiError, api } from "./api";
import { toPaisa } from "./cart-store";
import { rupeesText } from "../../core/shared/money";

export interface AppliedVoucher {
  code: string;
  message: string;
  pricing: PricingVoucher;
  freeShipping: boolean;
  /** the goods amount it was checked against; a different subtotal is checked again */
  checkedAtPaisa: number;
}

interface VoucherAnswer {
  valid: boolean;
  message: string;
  discount_amount: number;
  free_shipping?: boolean;
  voucher: {
    code: string;
    description: string;
    discount_type: PricingVoucher["discountType"];
    discount_value: number;
    max_discount: number | null;
    message: string | null;
  } | null;
}

/**
 * invalid: the store answered that this voucher cannot be used (unknown, expired, under its
 * minimum…); only that answer may take a kept voucher away. Otherwise no verdict came: the request
 * was cut off (a reload, a dropped connection), refused for too many tries, or the server failed.
 */
export type VoucherCheck = { ok: true; voucher: AppliedVoucher } | { ok: false; invalid: boolean; message: string };

/** Answers that say nothing of the voucher itself: try again later. */
const NO_VERDICT_STATUSES = new Set([408, 425, 429]);

// spec §8
export const VOUCHER_CHECK_FAILED = "Failed to validate voucher. Please try again.";

/** POST /validate-voucher for the goods in the cart; with the contact, the per-customer limit too. */
export async function checkVoucher(
  code: string,
  subtotalPaisa: number,
  contact: { email?: string; phone?: string; country?: string } = {},
): Promise<VoucherCheck> {
  try {
    const answer = await api<VoucherAnswer>("/validate-voucher", {
      method: "POST",
      body: {
        code,
        order_amount: rupeesText(subtotalPaisa),
        email: contact.email?.trim() || null,
        phone: contact.phone?.trim() || null,
        country: contact.country || null,
      },
    });
    if (answer?.valid === false || (answer?.valid && !answer.voucher))
      return { ok: false, invalid: true, message: answer.message || "Invalid voucher code" };
    // an answer cut off before its end reads as no JSON at all: no verdict
    if (!answer?.voucher) return { ok: false, invalid: false, message: VOUCHER_CHECK_FAILED };
    const v = answer.voucher;
    return {
      ok: true,
      voucher: {
        code: v.code,
        message: v.message || v.description || answer.message,
        freeShipping: v.discount_type === "shipping",
        checkedAtPaisa: subtotalPaisa,
        pricing: {
          discountType: v.discount_type,
          // percentage: whole percent; flat: rupees
          discountValue: v.discount_type === "flat" ? toPaisa(v.discount_value) : v.discount_value,
          maxDiscountPaisa: v.max_discount === null ? null : toPaisa(v.max_discount),
        },
      },
    };
  } catch (error) {
    if (error instanceof ApiError && error.status < 500 && error.detail)
      return { ok: false, invalid: !NO_VERDICT_STATUSES.has(error.status), message: error.detail };
    return { ok: false, invalid: false, message: VOUCHER_CHECK_FAILED };
  }
}
