// Orders through the staff API: the same core use-cases the console's orders
// screen will call, each needing the orders permission (owners, managers, fulfilment).
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { CoreContext } from "../../../core/context";
import {
  countOrders,
  getOrderForStaff,
  listOrders,
  type OrderSummary,
  type StaffOrder,
} from "../../../core/orders/staff-orders";
import { addOrderNote, addOrderNoteInput, moveOrder, moveOrderInput } from "../../../core/orders/workflow";
import type { OrderEventRecord } from "../../../core/orders/order-timeline";
import { ORDER_EVENT_KINDS, ORDER_SOURCES, ORDER_STATUSES, RISK_SIGNALS } from "../../../core/orders/vocabulary";
import { money } from "../../serialize";
import { idParams, momentSchema, pageQuery } from "../http";
import { variantDetailsText } from "../presenters";
import { answerOf, answers, moment, orderLineFields, pageOf, rupees } from "../answers";
import { sendPage, staffRoutes } from "./staff-routes";

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
const text = (name: string, max: number) =>
  z
    .string()
    .max(max, `${name} must be at most ${max} characters`)
    .refine((value) => !CONTROL.test(value), { message: `${name} must not contain control characters` })
    .optional();

const filterQuery = z.object({
  search: text("search", 100),
  from: momentSchema("from"),
  to: momentSchema("to"),
  city: text("city", 100),
  // only the orders a fake-order signal holds for a call (decision 0073)
  held: z
    .enum(["true", "false"], { error: "held must be true or false" })
    .optional()
    .describe("true: only orders held for a call by a fake-order signal"),
});
export const listQuery = pageQuery(200, 50)
  .extend(filterQuery.shape)
  .extend({
    status: z.enum(ORDER_STATUSES, { error: `status must be one of: ${ORDER_STATUSES.join(", ")}` }).optional(),
  });

export function presentOrderSummary(order: OrderSummary) {
  return {
    id: order.id,
    tracking_id: order.trackingId,
    status: order.status,
    first_name: order.firstName,
    last_name: order.lastName,
    email: order.email,
    phone: order.phone,
    city: order.city,
    city_unmatched: order.cityUnmatched,
    total_amount: money(order.totalPaisa),
    item_count: order.itemCount,
    source: order.source,
    created_at: order.createdAt,
    updated_at: order.updatedAt,
    ...presentRisk(order),
  };
}

/** The fake-order signals found when the order was placed (decision 0073). */
export function presentRisk(order: Pick<OrderSummary, "risk" | "heldForCall">) {
  return {
    held_for_call: order.heldForCall,
    // null: placed before signals were found
    risk_history: order.risk?.history ?? null,
    risk_signals: order.risk?.signals ?? null,
  };
}

export function presentOrderEvent(event: OrderEventRecord) {
  return {
    id: event.id,
    at: event.at,
    kind: event.kind,
    from_status: event.fromStatus,
    to_status: event.toStatus,
    note: event.note,
    courier: event.courier,
    tracking_number: event.trackingNumber,
    visible_to_shopper: event.visibleToShopper,
    actor_id: event.actorId,
    actor_name: event.actorName,
    related_order_id: event.relatedOrderId,
    related_tracking_id: event.relatedTrackingId,
  };
}

export function presentStaffOrder(order: StaffOrder) {
  return {
    id: order.id,
    tracking_id: order.trackingId,
    status: order.status,
    next_statuses: order.nextStatuses,
    source: order.source,
    first_name: order.firstName,
    last_name: order.lastName,
    email: order.email,
    phone: order.phone,
    phone_normalized: order.phoneNormalized,
    shipping_address: order.shippingAddress,
    city: order.city,
    city_unmatched: order.cityUnmatched,
    postal_code: order.postalCode,
    country: order.country,
    payment_method: order.paymentMethod,
    subtotal: money(order.subtotalPaisa),
    shipping: money(order.shippingPaisa),
    discount: money(order.discountPaisa),
    total_amount: money(order.totalPaisa),
    voucher_code: order.voucherCode,
    price_override_reason: order.priceOverrideReason,
    courier: order.courier,
    tracking_number: order.trackingNumber,
    cash_collected: money(order.cashCollectedPaisa),
    created_at: order.createdAt,
    updated_at: order.updatedAt,
    items: order.items.map((item) => ({
      id: item.id,
      product_id: item.productId,
      combination_id: item.combinationId,
      name: item.name,
      variant: item.variant,
      variant_details: variantDetailsText(item.variantDetails),
      image_url: item.imageUrl,
      quantity: item.quantity,
      price: money(item.unitPricePaisa),
      line_total: money(item.lineTotalPaisa),
      replaces_item_id: item.replacesItemId,
      return_resellable: item.returnResellable,
    })),
    timeline: order.timeline.map(presentOrderEvent),
    // exchanges (decision 0056)
    delivered_at: order.deliveredAt,
    exchange_of: order.exchangeOf && { id: order.exchangeOf.id, tracking_id: order.exchangeOf.trackingId },
    exchange_reason: order.exchangeReason,
    replacements: order.replacements.map((r) => ({
      id: r.id,
      tracking_id: r.trackingId,
      status: r.status,
      created_at: r.createdAt,
    })),
    ...presentRisk(order),
  };
}

const status = z.enum(ORDER_STATUSES);

const riskFields = {
  held_for_call: z.boolean(),
  risk_history: z
    .object({ delivered: z.int(), refused: z.int(), cancelled: z.int() })
    .nullable()
    .describe("the phone's earlier orders; null: placed before signals were looked for"),
  risk_signals: z.array(z.object({ code: z.enum(RISK_SIGNALS), reason: z.string(), holds: z.boolean() })).nullable(),
};

const orderSummaryAnswer = answerOf<ReturnType<typeof presentOrderSummary>>()(
  z.object({
    id: z.int(),
    tracking_id: z.string(),
    status,
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    phone: z.string(),
    city: z.string(),
    city_unmatched: z.boolean().describe("the city the shopper typed matched none of the store's cities: check it before booking"),
    total_amount: rupees,
    item_count: z.int(),
    source: z.enum(ORDER_SOURCES),
    created_at: moment,
    updated_at: moment,
    ...riskFields,
  }),
);

export const orderEventAnswer = answerOf<ReturnType<typeof presentOrderEvent>>()(
  z.object({
    id: z.int(),
    at: moment,
    // "parcel": what the courier reported (decision 0104); its id is the parcel event's
    kind: z.enum([...ORDER_EVENT_KINDS, "parcel"]),
    from_status: status.nullable(),
    to_status: status.nullable(),
    note: z.string().nullable(),
    courier: z.string().nullable(),
    tracking_number: z.string().nullable(),
    visible_to_shopper: z.boolean(),
    actor_id: z.int().nullable(),
    actor_name: z.string().nullable(),
    related_order_id: z.int().nullable(),
    related_tracking_id: z.string().nullable(),
  }),
);

export const staffOrderAnswer = answerOf<ReturnType<typeof presentStaffOrder>>()(
  z.object({
    id: z.int(),
    tracking_id: z.string(),
    status,
    next_statuses: z.array(status),
    source: z.enum(ORDER_SOURCES),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    phone: z.string(),
    phone_normalized: z.string(),
    shipping_address: z.string(),
    city: z.string(),
    city_unmatched: z.boolean().describe("the city the shopper typed matched none of the store's cities: check it before booking"),
    postal_code: z.string(),
    country: z.string(),
    payment_method: z.string(),
    subtotal: rupees,
    shipping: rupees,
    discount: rupees,
    total_amount: rupees,
    voucher_code: z.string().nullable(),
    price_override_reason: z.string().nullable(),
    courier: z.string().nullable(),
    tracking_number: z.string().nullable(),
    cash_collected: rupees.nullable(),
    created_at: moment,
    updated_at: moment,
    items: z.array(
      z.object({
        id: z.int(),
        ...orderLineFields,
        replaces_item_id: z.int().nullable(),
        return_resellable: z.boolean().nullable(),
      }),
    ),
    timeline: z.array(orderEventAnswer),
    delivered_at: moment.nullable(),
    exchange_of: z.object({ id: z.int(), tracking_id: z.string() }).nullable(),
    exchange_reason: z.string().nullable(),
    replacements: z.array(z.object({ id: z.int(), tracking_id: z.string(), status, created_at: moment })),
    ...riskFields,
  }),
);

export async function adminOrderRoutes(app: FastifyInstance, { core }: { core: CoreContext }) {
  const staff = staffRoutes(app, core, "orders");

  staff.get(
    "/admin/orders",
    {
      operationId: "listOrders",
      summary:
        "Orders, newest first; search matches a tracking ID, phone, name or email; from/to are the time placed; the total is in X-Total-Count",
      querystring: listQuery,
      response: answers({ 200: pageOf(orderSummaryAnswer) }),
    },
    async (actor, request, reply) => {
      const q = request.query;
      const page = await listOrders(core, actor, {
        status: q.status,
        search: q.search || undefined,
        from: q.from,
        to: q.to,
        city: q.city || undefined,
        held: q.held === "true" || undefined,
        limit: q.limit,
        offset: q.offset,
      });
      return sendPage(reply, page, presentOrderSummary);
    },
  );

  staff.get(
    "/admin/orders/counts",
    {
      operationId: "countOrders",
      summary: "The number of orders in each status under the same filters as the list",
      querystring: filterQuery,
      response: answers({
        200: z.object(Object.fromEntries(ORDER_STATUSES.map((name) => [name, z.int()]))),
      }),
    },
    async (actor, request) => {
      const q = request.query;
      const counts = await countOrders(core, actor, {
        search: q.search || undefined,
        from: q.from,
        to: q.to,
        city: q.city || undefined,
      });
      return counts;
    },
  );

  staff.get(
    "/admin/orders/:id",
    {
      operationId: "getOrder",
      summary: "One order with its items and its timeline (status moves and staff notes)",
      params: idParams,
      response: answers({ 200: staffOrderAnswer }, 404),
    },
    async (actor, request) => {
      return presentStaffOrder(await getOrderForStaff(core, actor, request.params.id));
    },
  );

  staff.post(
    "/admin/orders/:id/status",
    {
      operationId: "moveOrder",
      summary:
        "Moves an order: pending confirmation → confirmed → packed → shipped → delivered; cancelled before shipped; returned after. shipped needs courier and tracking_number, delivered needs cash_collected (rupees). Cancelled or returned puts the units back (unless restock is false) and gives the voucher use back, once. 409 for a move the table refuses or when the order is no longer in expected_status; answers the order.",
      params: idParams,
      body: moveOrderInput,
      response: answers({ 200: staffOrderAnswer }, 404, 409),
    },
    async (actor, request) => {
      await moveOrder(core, actor, request.params.id, request.body);
      return presentStaffOrder(await getOrderForStaff(core, actor, request.params.id));
    },
  );

  staff.post(
    "/admin/orders/:id/notes",
    {
      operationId: "addOrderNote",
      summary: "Adds a staff note to the order's timeline (201); the shopper never sees it",
      params: idParams,
      body: addOrderNoteInput,
      response: answers({ 201: orderEventAnswer }, 404),
    },
    async (actor, request, reply) => {
      const event = await addOrderNote(core, actor, request.params.id, request.body);
      return reply.code(201).send(presentOrderEvent(event));
    },
  );
}
