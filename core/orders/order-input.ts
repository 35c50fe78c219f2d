// The order payload of spec §3 ("Order payload") with the checkout rules of spec §5. One schema
// validates POST /api/orders and documents it; messages are the ones a shopper can act on.
import { z } from "zod";
import { parseRupees } from "../shared/money-input";
import { sessionIdSchema } from "../cart/cart";
import { parseVariantAttributes, VariantAttributesError } from "../cart/variant-attributes";
import { voucherCodeSchema } from "../vouchers/vouchers";
import { normalizePhone, phoneMessage } from "../shared/phone";

// the checkout page checks the same rules in the browser (checkout-form.ts holds them once)
import { COUNTRIES, INVALID_EMAIL } from "./checkout-form";
import { isEmailAddress } from "../shared/email";
import { localeInput } from "../shared/locale";

export { COUNTRIES, type Country } from "./checkout-form";
export const MAX_ORDER_LINES = 100;
export const MAX_ITEM_QUANTITY = 99; // spec §5, §9

// spec §5: "{Field} is required"
const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** A rupee amount sent as a number or text (2499, 2499.5, "2499.00"), as paisa. */
export const rupeesInput = (name: string) =>
  z
    .union([z.number(), z.string()], { error: `${name} must be an amount in rupees, such as 2499.00` })
    .transform((value, ctx) => {
      const paisa = parseRupees(value);
      if (paisa === null || paisa < 0) {
        ctx.addIssue({ code: "custom", message: `${name} must be an amount in rupees, such as 2499.00` });
        return z.NEVER;
      }
      return paisa;
    });

const wholeNumber = (name: string, min: number, max: number) =>
  z
    .number({ error: `${name} must be a whole number from ${min} to ${max}` })
    .int(`${name} must be a whole number from ${min} to ${max}`)
    .min(min, `${name} must be a whole number from ${min} to ${max}`)
    .max(max, `${name} must be a whole number from ${min} to ${max}`);

// spec §3: JSON text or null; an object is accepted too
const variantDetails = z
  .union([z.string(), z.record(z.string(), z.unknown()), z.null()])
  .optional()
  .transform((value, ctx) => {
    try {
      return parseVariantAttributes(value);
    } catch (error) {
      if (!(error instanceof VariantAttributesError)) throw error;
      ctx.addIssue({ code: "custom", message: `variant_details ${error.message}` });
      return z.NEVER;
    }
  });

export const orderItemInput = z.object({
  product_id: wholeNumber("product_id", 1, 2_147_483_647),
  combination_id: wholeNumber("combination_id", 1, 2_147_483_647)
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  quantity: wholeNumber("quantity", 1, MAX_ITEM_QUANTITY),
  price: rupeesInput("price"),
  variant_details: variantDetails,
});

export const orderInput = z
  .object({
    first_name: required("First name", 100),
    last_name: required("Last name", 100),
    email: z
      .string({ error: "Email is required" })
      .trim()
      .min(1, "Email is required")
      // the length first, and nothing else after it fails: a long value is never read further
      .max(254, { error: INVALID_EMAIL, abort: true })
      .refine(isEmailAddress, INVALID_EMAIL)
      // shoppers type the email in any case; limits and tracking compare it in lowercase
      .transform((email) => email.toLowerCase()),
    phone: required("Phone", 30),
    shipping_address: required("Address", 500),
    city: required("City", 100),
    postal_code: required("Postal code", 20),
    country: z.enum(COUNTRIES, { error: `Please choose a country from the list: ${COUNTRIES.join(", ")}` }),
    total_amount: rupeesInput("total_amount"),
    payment_method: z
      .literal("cod", { error: 'Only cash on delivery is available: payment_method must be "cod"' })
      .default("cod"),
    items: z
      .array(orderItemInput, { error: "items must be a list" })
      .min(1, "Your cart is empty")
      .max(MAX_ORDER_LINES, `An order can hold at most ${MAX_ORDER_LINES} lines`),
    voucher_code: z
      .union([voucherCodeSchema, z.literal(""), z.null()])
      .optional()
      .transform((code) => code || null),
    session_id: sessionIdSchema
      .nullable()
      .optional()
      .transform((id) => id ?? null),
    locale: localeInput.describe(
      'the storefront language the order is placed in: "ur" writes its WhatsApp texts and emails in Urdu; "en" by default',
    ),
  })
  .transform((order, ctx) => {
    const phoneNormalized = normalizePhone(order.phone, order.country);
    if (!phoneNormalized) {
      ctx.addIssue({ code: "custom", path: ["phone"], message: phoneMessage(order.country) });
      return z.NEVER;
    }
    return { ...order, phone_normalized: phoneNormalized };
  });

export type OrderInput = z.output<typeof orderInput>;
export type OrderItemInput = z.output<typeof orderItemInput>;
