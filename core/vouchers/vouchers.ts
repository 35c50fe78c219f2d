// Vouchers: percentage, flat and free-shipping codes with dates, a minimum order and limits in
// total and per customer. Checking a code never counts a use; a use is counted only inside the
// order's transaction (decision 0019), by the conditional statement in redeemVoucher.
import { and, eq, inArray, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { CoreContext } from "../context";
import { queryRows, type Db } from "../../db/client";
import { voucherRedemptions, vouchers } from "../../db/schema";
import { AppError } from "../shared/errors";
import { formatRupees } from "../shared/money";
import { mailboxKey, samePhoneForms } from "../shared/customer-keys";
import { voucherDiscountPaisa, type DiscountType, type PricingVoucher } from "../shared/pricing";

/** The rows a raw statement answered (node-postgres and PGlite both answer { rows }). */

export const INVALID_CODE = "Invalid voucher code"; // spec §8
export const CODE_REQUIRED = "Please enter a voucher code"; // spec §5

// spec §5: the voucher box forces uppercase
export const voucherCodeSchema = z
  .string({ error: CODE_REQUIRED })
  .trim()
  .min(1, CODE_REQUIRED)
  .max(50, "A voucher code has at most 50 characters")
  .transform((code) => code.toUpperCase());

export interface Voucher extends PricingVoucher {
  id: number;
  code: string;
  description: string;
  message: string | null;
  discountType: DiscountType;
  minOrderPaisa: number;
  startsAt: Date | null;
  endsAt: Date | null;
  isActive: boolean;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  usedCount: number;
}

export interface Customer {
  email?: string | null;
  /** normalised (core/shared/phone.ts) */
  phoneNormalized?: string | null;
}

/** A voucher as the checkout reads it; the console reads the same plus when it was made. */
export const voucherColumns = {
  id: vouchers.id,
  code: vouchers.code,
  description: vouchers.description,
  message: vouchers.message,
  discountType: sql<DiscountType>`${vouchers.discountType}`,
  discountValue: vouchers.discountValue,
  maxDiscountPaisa: vouchers.maxDiscountPaisa,
  minOrderPaisa: vouchers.minOrderPaisa,
  startsAt: vouchers.startsAt,
  endsAt: vouchers.endsAt,
  isActive: vouchers.isActive,
  usageLimit: vouchers.usageLimit,
  perCustomerLimit: vouchers.perCustomerLimit,
  usedCount: vouchers.usedCount,
};

/** The voucher with this code in any case, or null. */
export async function findVoucher(db: Db, code: string): Promise<Voucher | null> {
  const [row] = await db
    .select(voucherColumns)
    .from(vouchers)
    .where(sql`upper(${vouchers.code}) = ${code.trim().toUpperCase()}`);
  return row ?? null;
}

/**
 * Why this voucher cannot be used now on this amount of goods, in words a shopper understands;
 * null when it can. Pass subtotalPaisa null to skip the minimum-order rule.
 */
export function voucherProblem(voucher: Voucher, now: Date, subtotalPaisa: number | null): string | null {
  if (!voucher.isActive) return "This voucher is no longer active.";
  if (voucher.startsAt && voucher.startsAt.getTime() > now.getTime()) return "This voucher is not active yet.";
  if (voucher.endsAt && voucher.endsAt.getTime() < now.getTime()) return "This voucher has expired.";
  if (voucher.usageLimit !== null && voucher.usedCount >= voucher.usageLimit) {
    return "This voucher has reached its usage limit.";
  }
  if (subtotalPaisa !== null && subtotalPaisa < voucher.minOrderPaisa) {
    return `Minimum order for this voucher is ${formatRupees(voucher.minOrderPaisa)}.`;
  }
  return null;
}

/**
 * Uses of this voucher by this customer, matched by mailbox or by phone in any of its forms
 * (core/shared/customer-keys.ts). Uses are stored by mailbox key; the address as typed is
 * matched too, for uses stored before keys were.
 */
async function customerUses(db: Db, voucherId: number, customer: Customer): Promise<number> {
  const matches = [];
  if (customer.email) {
    const emails = [...new Set([customer.email.trim().toLowerCase(), mailboxKey(customer.email)])];
    matches.push(inArray(voucherRedemptions.email, emails));
  }
  if (customer.phoneNormalized) {
    matches.push(inArray(voucherRedemptions.phoneNormalized, samePhoneForms(customer.phoneNormalized)));
  }
  if (matches.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(voucherRedemptions)
    .where(and(eq(voucherRedemptions.voucherId, voucherId), or(...matches)));
  return row?.n ?? 0;
}

function perCustomerMessage(limit: number): string {
  return limit === 1
    ? "You have already used this voucher."
    : `You have already used this voucher ${limit} times, the most allowed per customer.`;
}

/** The per-customer rule; null when this customer may use the voucher once more. */
export async function customerProblem(db: Db, voucher: Voucher, customer: Customer): Promise<string | null> {
  if (voucher.perCustomerLimit === null) return null;
  const used = await customerUses(db, voucher.id, customer);
  return used >= voucher.perCustomerLimit ? perCustomerMessage(voucher.perCustomerLimit) : null;
}

export interface VoucherCheck {
  valid: boolean;
  message: string;
  discountPaisa: number;
  /** a shipping voucher: the page shows shipping as "FREE (Voucher Applied)" (spec §2) */
  freeShipping: boolean;
  voucher: Voucher | null;
}

/** Whether a code can be used on an order of this amount (POST /validate-voucher); counts nothing. */
export async function validateVoucher(
  ctx: CoreContext,
  input: { code: string; orderAmountPaisa: number; customer?: Customer; now?: Date },
): Promise<VoucherCheck> {
  const voucher = await findVoucher(ctx.db, input.code);
  if (!voucher) return { valid: false, message: INVALID_CODE, discountPaisa: 0, freeShipping: false, voucher: null };
  const problem =
    voucherProblem(voucher, input.now ?? new Date(), input.orderAmountPaisa) ??
    (input.customer ? await customerProblem(ctx.db, voucher, input.customer) : null);
  if (problem) return { valid: false, message: problem, discountPaisa: 0, freeShipping: false, voucher };
  return {
    valid: true,
    message: voucher.message || voucher.description || "Voucher applied.",
    discountPaisa: voucherDiscountPaisa(voucher, input.orderAmountPaisa),
    freeShipping: voucher.discountType === "shipping",
    voucher,
  };
}

/**
 * Counts one use of the voucher for an order, inside the order's transaction: one conditional
 * UPDATE against the usage limit (decision 0007), then the per-customer rule, read after that
 * UPDATE has locked the voucher's row so two orders of one customer cannot both pass it.
 */
export async function redeemVoucher(
  tx: Db,
  voucher: Voucher,
  redemption: { orderId: number; email: string; phoneNormalized: string },
): Promise<void> {
  const counted = await queryRows(
    tx,
    sql`update vouchers set used_count = used_count + 1
        where id = ${voucher.id} and is_active and (usage_limit is null or used_count < usage_limit)
        returning id`,
  );
  if (counted.length === 0) {
    throw new AppError(409, "This voucher has reached its usage limit.", { voucher_code: voucher.code });
  }
  const problem = await customerProblem(tx, voucher, redemption);
  if (problem) throw new AppError(409, problem, { voucher_code: voucher.code });
  await tx
    .insert(voucherRedemptions)
    .values({ voucherId: voucher.id, ...redemption, email: mailboxKey(redemption.email) });
}

/** A known code's state for POST /apply-voucher/{code}; null for an unknown code. Counts nothing. */
export async function voucherStatus(
  ctx: CoreContext,
  code: string,
  now = new Date(),
): Promise<{ voucher: Voucher; valid: boolean; message: string } | null> {
  const voucher = await findVoucher(ctx.db, code);
  if (!voucher) return null;
  const problem = voucherProblem(voucher, now, null);
  return {
    voucher,
    valid: problem === null,
    message: problem ?? (voucher.message || voucher.description || "Voucher applied."),
  };
}
