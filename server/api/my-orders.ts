// The signed-in shopper's orders (GET /users/me/orders), newest first, each with its lines,
// totals, exchanges and timeline. Registered by userRoutes, under its no-store hook.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { listMyOrders, type MyOrder } from "../../core/orders/my-orders";
import type { CoreContext } from "../../core/context";
import { requireUser, signedInUser } from "../plugins/auth";
import { money } from "../serialize";
import { pageQuery } from "./http";
import {
  answerOf,
  answers,
  moment,
  orderLineFields,
  orderTotalsFields,
  rupees,
  shopperExchangeAnswer,
  shopperParcelEventAnswer,
} from "./answers";
import { presentOrderTotals, variantDetailsText } from "./presenters";
import { SHOPPER_SECURITY } from "./user-answers";

export function presentMyOrder(order: MyOrder) {
  return {
    id: order.id,
    order_id: order.id,
    tracking_id: order.trackingId,
    status: order.status,
    payment_method: order.paymentMethod,
    first_name: order.firstName,
    last_name: order.lastName,
    email: order.email,
    phone: order.phone,
    shipping_address: order.shippingAddress,
    city: order.city,
    postal_code: order.postalCode,
    country: order.country,
    items: order.items.map((item) => ({
      product_id: item.productId,
      combination_id: item.combinationId,
      name: item.productName,
      variant: item.combinationName,
      variant_details: variantDetailsText(item.variantDetails),
      image_url: item.imageUrl,
      quantity: item.quantity,
      price: money(item.unitPricePaisa),
      line_total: money(item.lineTotalPaisa),
    })),
    ...presentOrderTotals(order),
    total_amount: money(order.totalPaisa),
    voucher_code: order.voucherCode,
    courier: order.courier,
    tracking_number: order.trackingNumber,
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
    timeline: order.timeline.map((step) => ({
      status: step.status,
      created_at: step.createdAt,
      ...(step.courier ? { courier: step.courier, tracking_number: step.trackingNumber } : {}),
    })),
    created_at: order.createdAt,
    updated_at: order.updatedAt,
  };
}

const myOrderAnswer = answerOf<ReturnType<typeof presentMyOrder>>()(
  z.object({
    id: z.int(),
    order_id: z.int(),
    tracking_id: z.string(),
    status: z.string(),
    payment_method: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    phone: z.string(),
    shipping_address: z.string(),
    city: z.string(),
    postal_code: z.string(),
    country: z.string(),
    items: z.array(z.object(orderLineFields)),
    ...orderTotalsFields,
    total_amount: rupees,
    voucher_code: z.string().nullable(),
    courier: z.string().nullable(),
    tracking_number: z.string().nullable(),
    exchanges: z.array(shopperExchangeAnswer),
    parcel_events: z.array(shopperParcelEventAnswer),
    timeline: z.array(
      z.object({
        status: z.string(),
        created_at: moment,
        courier: z.string().nullable().optional(),
        tracking_number: z.string().nullable().optional(),
      }),
    ),
    created_at: moment,
    updated_at: moment,
  }),
);

export function myOrderRoutes(app: FastifyInstance, core: CoreContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    "/users/me/orders",
    {
      schema: {
        tags: ["users"],
        summary: "The account's orders, newest first",
        querystring: pageQuery(100, 50),
        security: SHOPPER_SECURITY,
        operationId: "listMyOrders",
        response: answers({ 200: z.array(myOrderAnswer) }),
      },
      preHandler: requireUser(core),
    },
    async (request) => (await listMyOrders(core, signedInUser(request), request.query)).map(presentMyOrder),
  );
}
