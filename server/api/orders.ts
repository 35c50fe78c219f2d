// Orders (spec §7 POST /orders) and guest order tracking. Cash on delivery only; the server
// prices every order and the page's figures are only compared (decision 0008).
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { orderInput } from "../../core/orders/order-input";
import { findOrderReplay, idempotencyScope, placeOrder } from "../../core/orders/place-order";
import { PricesChangedError, type ServerFigures } from "../../core/orders/quote-order";
import type { PlacedOrder } from "../../core/orders/write-order";
import { trackOrder, type TrackedOrder } from "../../core/orders/track-order";
import type { CoreContext } from "../../core/context";
import { AppError } from "../../core/shared/errors";
import { userIdOrGuest } from "../plugins/auth";
import { money } from "../serialize";
import { answerOf, answers, moment, orderTotalsFields, rupees, shopperExchangeAnswer, shopperParcelEventAnswer } from "./answers";
import { presentOrderTotals, variantDetailsText } from "./presenters";
import { limitByClient } from "./rate-limits";

export const IDEMPOTENCY_KEY_MAX = 200;

const orderHeaders = z.object({
  "idempotency-key": z
    .string()
    .trim()
    .min(1, "Idempotency-Key must not be empty")
    .max(IDEMPOTENCY_KEY_MAX, `Idempotency-Key must be at most ${IDEMPOTENCY_KEY_MAX} characters`)
    .optional(),
});

const trackQuery = z.object({
  phone: z.string().trim().max(30).optional(),
  email: z.string().trim().max(254).optional(),
});

/**
 * How the shop will get this order confirmed, as the shopper is told on the confirmation page:
 * "whatsapp" only when a WhatsApp question was written and the store has a WhatsApp account to
 * send it with; otherwise the order waits on the call list for the shop's call (decision 0089).
 */
export function confirmationBy(order: PlacedOrder, whatsappSends: boolean): "whatsapp" | "call" {
  // an answer stored for a replay before whatsappQuestion existed: a question was written when
  // the order has its confirm link and is not held
  const asked = order.whatsappQuestion ?? (order.confirmPath !== null && !order.heldForCall);
  return asked && whatsappSends && !order.heldForCall ? "whatsapp" : "call";
}

export function presentOrder(order: PlacedOrder, whatsappSends: boolean) {
  return {
    id: order.id,
    order_id: order.id,
    tracking_id: order.trackingId,
    status: order.status,
    payment_method: order.paymentMethod,
    items: order.items.map((item) => ({
      product_id: item.productId,
      combination_id: item.combinationId,
      name: item.name,
      variant: item.variant,
      variant_details: variantDetailsText(item.variantDetails),
      quantity: item.quantity,
      price: money(item.unitPricePaisa),
      line_total: money(item.lineTotalPaisa),
    })),
    ...presentOrderTotals(order),
    total_amount: money(order.totalPaisa),
    voucher_code: order.voucherCode,
    free_shipping_by_voucher: order.freeShippingByVoucher,
    created_at: order.createdAt,
    // the shopper's confirm/cancel page, shown on the confirmation screen (only this
    // answer, to the browser that placed the order, carries it)
    confirm_url: order.confirmPath,
    // held by a fake-order signal (decision 0073): the shop will call to confirm this order (no
    // WhatsApp question, no link)
    held_for_call: order.heldForCall ?? false,
    // a WhatsApp question will reach the shopper, or the shop calls (no WhatsApp account, held,
    // confirmations off): the confirmation page says which, so it never promises a message
    // nobody sends
    confirmation_by: confirmationBy(order, whatsappSends),
    message: "Order placed successfully",
  };
}

function presentFigures(figures: ServerFigures) {
  return {
    items: figures.items.map((item) => ({
      product_id: item.productId,
      combination_id: item.combinationId,
      quantity: item.quantity,
      price: money(item.unitPricePaisa),
      line_total: money(item.lineTotalPaisa),
    })),
    ...presentOrderTotals(figures),
  };
}

export function presentTrackedOrder(order: TrackedOrder) {
  return {
    tracking_id: order.trackingId,
    status: order.status,
    payment_method: order.paymentMethod,
    created_at: order.createdAt,
    updated_at: order.updatedAt,
    timeline: order.timeline.map((e) => ({
      status: e.status,
      note: e.note,
      created_at: e.createdAt,
      ...(e.courier ? { courier: e.courier, tracking_number: e.trackingNumber } : {}),
    })),
    // exchanges (decision 0056): the replacement arranged, or the order this one replaces
    exchanges: order.exchanges.map((e) => ({ role: e.role, tracking_id: e.trackingId, created_at: e.createdAt })),
    // what the courier reported of the parcel (decision 0104)
    parcel_events: order.parcelEvents.map((e) => ({
      at: e.at,
      status: e.status,
      reason: e.reason,
      location: e.location,
      courier: e.courierName,
    })),
    courier: order.courier,
    tracking_number: order.trackingNumber,
    items: order.items.map((item) => ({
      product_id: item.productId,
      name: item.name,
      variant: item.variant,
      variant_details: variantDetailsText(item.variantDetails),
      image_url: item.imageUrl,
      quantity: item.quantity,
      price: money(item.unitPricePaisa),
      line_total: money(item.lineTotalPaisa),
    })),
    ...presentOrderTotals(order),
    voucher_code: order.voucherCode,
  };
}

const lineFields = {
  product_id: z.int(),
  quantity: z.int(),
  price: rupees,
  line_total: rupees,
};

const placedOrderAnswer = answerOf<ReturnType<typeof presentOrder>>()(
  z.object({
    id: z.int(),
    order_id: z.int(),
    tracking_id: z.string(),
    status: z.string(),
    payment_method: z.literal("cod"),
    items: z.array(
      z.object({
        ...lineFields,
        combination_id: z.int().nullable(),
        name: z.string(),
        variant: z.string().nullable(),
        variant_details: z.string().nullable().describe("the chosen options as JSON text"),
      }),
    ),
    ...orderTotalsFields,
    total_amount: rupees,
    voucher_code: z.string().nullable(),
    free_shipping_by_voucher: z.boolean(),
    created_at: moment,
    confirm_url: z.string().nullable(),
    held_for_call: z.boolean(),
    confirmation_by: z.enum(["whatsapp", "call"]),
    message: z.string(),
  }),
);

// spec §7: a conflict says what changed, so the page can show it and put the cart right
const orderConflictAnswer = z
  .object({
    detail: z.string(),
    items: z
      .array(z.object({ ...lineFields, combination_id: z.int().nullable() }))
      .optional()
      .describe("the server's prices, when prices changed"),
    ...Object.fromEntries(Object.entries(orderTotalsFields).map(([name, schema]) => [name, schema.optional()])),
    product_id: z.int().optional().describe("the item short of stock or no longer sold"),
    combination_id: z.int().nullable().optional(),
    stock_quantity: z.int().optional(),
    requested: z.int().optional(),
    voucher_code: z.string().optional().describe("the voucher that can no longer be used"),
  })
  .describe("Prices, stock or the voucher changed: detail says what, and the fields beside it which");

const trackedOrderAnswer = answerOf<ReturnType<typeof presentTrackedOrder>>()(
  z.object({
    tracking_id: z.string(),
    status: z.string(),
    payment_method: z.string(),
    created_at: moment,
    updated_at: moment,
    timeline: z.array(
      z.object({
        status: z.string(),
        note: z.string().nullable(),
        created_at: moment,
        courier: z.string().nullable().optional(),
        tracking_number: z.string().nullable().optional(),
      }),
    ),
    exchanges: z.array(shopperExchangeAnswer),
    parcel_events: z.array(shopperParcelEventAnswer),
    courier: z.string().nullable(),
    tracking_number: z.string().nullable(),
    items: z.array(
      z.object({
        ...lineFields,
        product_id: z.int().nullable(),
        name: z.string(),
        variant: z.string().nullable(),
        variant_details: z.string().nullable(),
        image_url: z.string().nullable(),
      }),
    ),
    ...orderTotalsFields,
    voucher_code: z.string().nullable(),
  }),
);

export async function orderRoutes(
  app: FastifyInstance,
  { core, whatsappSends }: { core: CoreContext; whatsappSends: boolean },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    "/orders",
    {
      schema: {
        tags: ["orders"],
        summary:
          "Places a cash-on-delivery order (201 with tracking_id). 409 when prices, stock or the voucher changed; the same Idempotency-Key returns the first answer.",
        operationId: "placeOrder",
        headers: orderHeaders,
        body: orderInput,
        response: answers({ 201: placedOrderAnswer, 409: orderConflictAnswer }, 429),
      },
    },
    async (request, reply) => {
      // spec §6: checkout is for guests; a signed-in shopper's order is linked to the account, and
      // a stale token must not block the order, so it counts as a guest
      const userId = await userIdOrGuest(core, request);
      const key = request.headers["idempotency-key"] ?? null;
      const scope = idempotencyScope({ userId, sessionId: request.body.session_id, ip: request.ip });
      reply.header("cache-control", "no-store");
      // a retry of a placed order answers it and counts nothing against the limit
      const replay = key
        ? await findOrderReplay(core, request.body, { idempotencyKey: key, idempotencyScope: scope })
        : null;
      if (replay)
        return reply
          .code(replay.status)
          .header("idempotent-replayed", "true")
          .send(presentOrder(replay.order, whatsappSends));

      await limitByClient(core, "orders", request);
      let outcome;
      try {
        outcome = await placeOrder(core, request.body, { idempotencyKey: key, idempotencyScope: scope, userId });
      } catch (error) {
        if (error instanceof PricesChangedError) throw new AppError(409, error.message, presentFigures(error.figures));
        throw error;
      }
      if (outcome.replayed) reply.header("idempotent-replayed", "true");
      return reply.code(outcome.status).send(presentOrder(outcome.order, whatsappSends));
    },
  );

  api.get(
    "/orders/track/:tracking_id",
    {
      schema: {
        tags: ["orders"],
        summary:
          "An order's status, timeline, items and totals, by tracking ID (any case, dashes and spaces ignored) with the order's phone or email; every contact given must match.",
        operationId: "trackOrder",
        params: z.object({ tracking_id: z.string().max(40) }),
        querystring: trackQuery,
        response: answers({ 200: trackedOrderAnswer }, 404, 429),
      },
    },
    async (request, reply) => {
      await limitByClient(core, "tracking", request);
      const order = await trackOrder(core, {
        trackingId: request.params.tracking_id,
        phone: request.query.phone || null,
        email: request.query.email || null,
      });
      reply.header("cache-control", "no-store");
      return presentTrackedOrder(order);
    },
  );
}
