// A manual order as the staff API and the console send it (decision 0057): the fields, their
// limits and their words. Validation only, the manual order's counterpart of order-input.ts; the
// figures set by hand and the phone are turned into an order request in manual-order.ts.
import { z } from "zod";
import { isEmailAddress } from "../shared/email";
import { typedText as typed } from "../shared/input";
import { parseRupees } from "../shared/money-input";
import { normalizePhone, phoneMessage } from "../shared/phone";
import { voucherCodeSchema } from "../vouchers/vouchers";
import { COUNTRIES, INVALID_EMAIL } from "./checkout-form";
import { orderItemInput } from "./order-input";
import { MANUAL_ORDER_SOURCES } from "./order-sources";

/** Lines in one manual order: a phone call, not a warehouse's restock. */
export const MAX_MANUAL_ORDER_LINES = 50;
export const MANUAL_NOTE_MAX = 2000;
export const OVERRIDE_REASON_MAX = 500;
/** Rs. 1,000,000: more than any shipping fee or discount a cash-on-delivery parcel carries. */
export const MAX_OVERRIDE_PAISA = 100_000_000;
export const MANUAL_ORDER_STATUSES = ["pending confirmation", "confirmed"] as const;

export const OVERRIDE_REASON_REQUIRED =
  "override_reason is required when the shipping fee or the discount is set by hand: say why";

/** A rupee amount set by hand; "" or null is "not set". Kept as sent: core turns it into paisa. */
const override = (name: string) =>
  z
    .union([z.number(), z.string().max(20, `${name} must be an amount in rupees, such as 250`), z.null()], {
      error: `${name} must be an amount in rupees, such as 250`,
    })
    .optional()
    .transform((value) => (value === "" || value === null || value === undefined ? null : value))
    .refine(
      (value) => {
        if (value === null) return true;
        const paisa = parseRupees(value);
        return paisa !== null && paisa >= 0 && paisa <= MAX_OVERRIDE_PAISA;
      },
      { message: `${name} must be an amount from 0 to ${MAX_OVERRIDE_PAISA / 100} rupees` },
    );

/**
 * A manual order as the staff API and the console send it. Validation only, and idempotent (the
 * route validates the body, core validates it again): amounts stay in rupees, the phone as typed.
 */
export const manualOrderInput = z
  .object({
    first_name: typed("First name", 100, { required: true }),
    last_name: typed("Last name", 100, { required: true }),
    // a customer who orders by phone often has no email address, and none is made up for them
    email: z
      .string({ error: INVALID_EMAIL })
      .max(254, { error: INVALID_EMAIL, abort: true })
      .nullable()
      .optional()
      .transform((email) => (email ?? "").trim().toLowerCase())
      .refine((email) => email === "" || isEmailAddress(email), { message: INVALID_EMAIL }),
    phone: typed("Phone", 30, { required: true }),
    shipping_address: typed("Address", 500, { required: true, multiline: true }),
    city: typed("City", 100, { required: true }),
    postal_code: typed("Postal code", 20, { required: true }),
    country: z
      .enum(COUNTRIES, { error: `Please choose a country from the list: ${COUNTRIES.join(", ")}` })
      .default("Pakistan"),
    items: z
      .array(orderItemInput.pick({ product_id: true, combination_id: true, quantity: true }), {
        error: "items must be a list",
      })
      .min(1, "Add at least one item")
      .max(MAX_MANUAL_ORDER_LINES, `A manual order can hold at most ${MAX_MANUAL_ORDER_LINES} lines`),
    voucher_code: z
      .union([voucherCodeSchema, z.literal(""), z.null()])
      .optional()
      .transform((code) => code || null),
    source: z.enum(MANUAL_ORDER_SOURCES, {
      error: `source must be one of: ${MANUAL_ORDER_SOURCES.join(", ")}`,
    }),
    status: z
      .enum(MANUAL_ORDER_STATUSES, { error: `status must be one of: ${MANUAL_ORDER_STATUSES.join(", ")}` })
      .default("pending confirmation"),
    note: typed("note", MANUAL_NOTE_MAX, { multiline: true }).optional(),
    shipping_fee: override("shipping_fee"),
    discount: override("discount"),
    override_reason: typed("override_reason", OVERRIDE_REASON_MAX, { multiline: true }).optional(),
    // the total the member reviewed with the customer: a different figure now is a 409
    total_amount: z
      .union([z.number(), z.string().max(20, "total_amount must be an amount in rupees, such as 2499")], {
        error: "total_amount must be an amount in rupees, such as 2499",
      })
      .optional()
      .refine((value) => value === undefined || (parseRupees(value) ?? -1) >= 0, {
        message: "total_amount must be an amount in rupees, such as 2499",
      }),
  })
  .superRefine((order, ctx) => {
    // the checkout's phone rule, with its words (core/shared/phone.ts)
    if (!normalizePhone(order.phone, order.country)) {
      ctx.addIssue({ code: "custom", path: ["phone"], message: phoneMessage(order.country) });
    }
  });

export type ManualOrderInput = z.output<typeof manualOrderInput>;

// zod's own words ("Invalid input: expected string") do not say which field; ours do
const GENERIC_MESSAGE = /^(invalid|expected|too (small|big)|required|unrecognized)/i;

/** The first problem of a manual order, worded as the API's 422 words it. */
export function manualOrderProblem(issue: { path: PropertyKey[]; message: string }): string {
  const field = issue.path.map(String).join(".");
  return GENERIC_MESSAGE.test(issue.message) && field ? `${field}: ${issue.message}` : issue.message;
}
