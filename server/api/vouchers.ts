// Voucher calls of spec §7. validate-voucher answers 200 for any code, valid or not, with a
// message for the shopper; apply-voucher (sent after a successful order) counts nothing, because
// the use was already counted inside the order's transaction (decision 0019).
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { COUNTRIES, rupeesInput } from "../../core/orders/order-input";
import { normalizeInternationalPhone, normalizePhone } from "../../core/shared/phone";
import type { CoreContext } from "../../core/context";
import { notFound } from "../../core/shared/errors";
import {
  INVALID_CODE,
  validateVoucher,
  voucherCodeSchema,
  voucherStatus,
  type Voucher,
} from "../../core/vouchers/vouchers";
import { money } from "../serialize";
import { answerOf, answers, rupees } from "./answers";
import { acceptEmptyJson } from "./body-parsers";
import { limitByClient } from "./rate-limits";

const validateBody = z.object({
  code: voucherCodeSchema,
  // the goods in the cart (the subtotal); the minimum order and percentages apply to it
  order_amount: rupeesInput("order_amount"),
  // optional: with them the answer also applies the voucher's per-customer limit
  email: z.string().trim().max(254).optional().nullable(),
  phone: z.string().trim().max(30).optional().nullable(),
  country: z.enum(COUNTRIES).optional().nullable(),
});

export function presentVoucher(voucher: Voucher) {
  return {
    code: voucher.code,
    description: voucher.description,
    discount_type: voucher.discountType,
    // percentage: whole percent; flat: rupees; shipping: 0 (shipping becomes free)
    discount_value:
      voucher.discountType === "percentage"
        ? voucher.discountValue
        : voucher.discountType === "flat"
          ? money(voucher.discountValue)
          : 0,
    max_discount: money(voucher.maxDiscountPaisa),
    min_order_amount: money(voucher.minOrderPaisa),
    message: voucher.message,
  };
}

const voucherAnswer = answerOf<ReturnType<typeof presentVoucher>>()(
  z.object({
    code: z.string(),
    description: z.string().nullable(),
    discount_type: z.string().describe("percentage, flat or shipping"),
    discount_value: z.number().describe("percentage: whole percent; flat: rupees; shipping: 0"),
    max_discount: rupees.nullable(),
    min_order_amount: rupees.nullable(),
    message: z.string().nullable(),
  }),
);

export async function voucherRoutes(app: FastifyInstance, { core }: { core: CoreContext }) {
  acceptEmptyJson(app);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    "/validate-voucher",
    {
      schema: {
        tags: ["vouchers"],
        summary:
          "Whether a code can be used on an order of this amount. Always 200 for a well-formed request: valid false with the reason as message.",
        operationId: "validateVoucher",
        body: validateBody,
        response: answers(
          {
            200: z.object({
              valid: z.boolean(),
              message: z.string(),
              discount_amount: rupees,
              free_shipping: z.boolean(),
              voucher: voucherAnswer.nullable(),
            }),
          },
          429,
        ),
      },
    },
    async (request, reply) => {
      await limitByClient(core, "vouchers", request);
      const { code, order_amount, email, phone, country } = request.body;
      const phoneNormalized = phone
        ? (normalizePhone(phone, country ?? "Pakistan") ?? normalizeInternationalPhone(phone))
        : null;
      const check = await validateVoucher(core, {
        code,
        orderAmountPaisa: order_amount,
        customer: email || phoneNormalized ? { email: email || null, phoneNormalized } : undefined,
      });
      reply.header("cache-control", "no-store");
      return {
        valid: check.valid,
        message: check.message,
        discount_amount: money(check.discountPaisa),
        free_shipping: check.freeShipping,
        voucher: check.valid && check.voucher ? presentVoucher(check.voucher) : null,
      };
    },
  );

  api.post(
    "/apply-voucher/:code",
    {
      schema: {
        tags: ["vouchers"],
        summary:
          "Acknowledges a voucher after an order. Idempotent: the use was counted when the order was placed, so this never counts again. 404 for an unknown code.",
        operationId: "applyVoucher",
        params: z.object({ code: voucherCodeSchema }),
        response: answers(
          { 200: z.object({ success: z.literal(true), code: z.string(), valid: z.boolean(), message: z.string() }) },
          404,
          429,
        ),
      },
    },
    async (request) => {
      await limitByClient(core, "vouchers", request);
      const status = await voucherStatus(core, request.params.code);
      if (!status) throw notFound(INVALID_CODE);
      return {
        success: true,
        code: status.voucher.code,
        valid: status.valid,
        message: status.message,
      };
    },
  );
}
