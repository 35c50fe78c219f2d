// Orders as staff see them (decision 0055): the list with its filters and counts
// per status, and one order with its items and timeline. Reads only; moves are in workflow.ts.
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import type { CoreContext } from "../context";
import { ORDER_STATUSES, orderItems, orders, type OrderStatus } from "../../db/schema";
import { notFound } from "../shared/errors";
import { requirePermission } from "../shared/staff-errors";
import type { StaffActor } from "../shared/permissions";
import { normalizePakistaniMobile } from "../shared/phone";
import { parseTrackingId } from "./tracking-id";
import {
  detailedLine,
  orderRecipient,
  orderTotals,
  type DetailedLine,
  type Order,
  type OrderLine,
  type OrderRecipient,
  type OrderShipment,
  type OrderTotals,
} from "./order";
import { orderTimeline, type OrderEventRecord } from "./order-timeline";
import { ORDER_MOVES, ORDER_NOT_FOUND_FOR_STAFF } from "./workflow";

export interface OrderQuery {
  status?: OrderStatus;
  /** a tracking ID, phone number, name or email, or part of one */
  search?: string;
  /** placed at or after this moment */
  from?: Date;
  /** placed before this moment */
  to?: Date;
  city?: string;
  /** only orders held for a call by a fake-order signal (decision 0073) */
  held?: boolean;
  limit: number;
  offset: number;
}

/** A row of the orders list. */
export interface OrderSummary extends Pick<
  Order,
  | "id"
  | "trackingId"
  | "status"
  | "firstName"
  | "lastName"
  | "email"
  | "phone"
  | "city"
  | "totalPaisa"
  | "source"
  | "createdAt"
  | "updatedAt"
  | "heldForCall"
  /** the city typed matched none of the store's cities (decision 0105) */
  | "cityUnmatched"
> {
  itemCount: number;
  /** the fake-order signals found when it was placed (null: placed before they existed) */
  risk: Order["riskSignals"];
}

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Every filter but the status: the counts per status are counted under these. */
function filters(query: Omit<OrderQuery, "status" | "limit" | "offset">): SQL[] {
  const conditions: SQL[] = [];
  const term = query.search?.trim();
  if (term) {
    const pattern = `%${escapeLike(term)}%`;
    const anyOf: SQL[] = [
      ilike(orders.email, pattern),
      ilike(sql`${orders.firstName} || ' ' || ${orders.lastName}`, pattern),
    ];
    const trackingId = parseTrackingId(term);
    if (trackingId) anyOf.push(eq(orders.trackingId, trackingId));
    const mobile = normalizePakistaniMobile(term);
    const digits = term.replace(/[\s()+-]/g, "");
    if (mobile) anyOf.push(eq(orders.phoneNormalized, mobile));
    else if (/^\d{4,15}$/.test(digits)) anyOf.push(sql`${orders.phoneNormalized} like ${`%${digits}%`}`);
    conditions.push(or(...anyOf)!);
  }
  if (query.from) conditions.push(gte(orders.createdAt, query.from));
  if (query.to) conditions.push(lt(orders.createdAt, query.to));
  if (query.city?.trim()) conditions.push(sql`lower(${orders.city}) = lower(${query.city.trim()})`);
  if (query.held) conditions.push(eq(orders.heldForCall, true));
  return conditions;
}

export type OrderFilters = Omit<OrderQuery, "limit" | "offset">;

/** The list's WHERE: every filter and the status tab (the CSV export reads exactly these orders). */
export function orderListConditions(query: OrderFilters): SQL[] {
  const shared = filters(query);
  return query.status ? [...shared, eq(orders.status, query.status)] : shared;
}

/** Orders, newest first, filtered, with the total and the number in each status under the same filters. */
export async function listOrders(
  ctx: CoreContext,
  actor: StaffActor,
  query: OrderQuery,
): Promise<{ items: OrderSummary[]; total: number; counts: Record<OrderStatus, number> }> {
  requirePermission(actor, "orders");
  const conditions = orderListConditions(query);
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  // the total is the chosen tab's count (or all tabs'), so the filtered orders are counted once;
  // the item counts are read for the page's rows alone, not for every row OFFSET skips
  const [rows, counts] = await Promise.all([
    ctx.db
      .select({
        id: orders.id,
        trackingId: orders.trackingId,
        status: orders.status,
        firstName: orders.firstName,
        lastName: orders.lastName,
        email: orders.email,
        phone: orders.phone,
        city: orders.city,
        totalPaisa: orders.totalPaisa,
        source: orders.source,
        createdAt: orders.createdAt,
        updatedAt: orders.updatedAt,
        risk: orders.riskSignals,
        heldForCall: orders.heldForCall,
        cityUnmatched: orders.cityUnmatched,
      })
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(query.limit)
      .offset(query.offset),
    countByStatus(ctx, filters(query)),
  ]);
  const units =
    rows.length === 0
      ? []
      : await ctx.db
          .select({ orderId: orderItems.orderId, n: sql<number>`sum(${orderItems.quantity})`.mapWith(Number) })
          .from(orderItems)
          .where(
            inArray(
              orderItems.orderId,
              rows.map((r) => r.id),
            ),
          )
          .groupBy(orderItems.orderId);
  const unitsOf = new Map(units.map((u) => [u.orderId, u.n]));
  const total = query.status ? counts[query.status] : Object.values(counts).reduce((a, b) => a + b, 0);
  return { items: rows.map((r) => ({ ...r, itemCount: unitsOf.get(r.id) ?? 0 })), total, counts };
}

async function countByStatus(ctx: CoreContext, conditions: SQL[]): Promise<Record<OrderStatus, number>> {
  const rows = await ctx.db
    .select({ status: orders.status, n: count() })
    .from(orders)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .groupBy(orders.status);
  const counts = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>;
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}

/** The number of orders in each status under the list's filters (the tabs of the orders screen). */
export async function countOrders(
  ctx: CoreContext,
  actor: StaffActor,
  query: Omit<OrderQuery, "status" | "limit" | "offset">,
): Promise<Record<OrderStatus, number>> {
  requirePermission(actor, "orders");
  return countByStatus(ctx, filters(query));
}

/** One order as staff see it: all of it, its lines, its whole timeline and its exchanges. */
export interface StaffOrder
  extends
    Pick<
      Order,
      | "id"
      | "trackingId"
      | "status"
      | "source"
      | "phoneNormalized"
      | "paymentMethod"
      /** a manual order whose shipping fee or discount staff set by hand: why */
      | "priceOverrideReason"
      | "cashCollectedPaisa"
      | "createdAt"
      | "updatedAt"
      | "deliveredAt"
      /** exchanges (decision 0056): the reason given outside 7 days */
      | "exchangeReason"
      | "heldForCall"
      /** the delivery address in the block list's normal form */
      | "addressKey"
      /** the city typed matched none of the store's cities (decision 0105) */
      | "cityUnmatched"
    >,
    OrderRecipient,
    OrderTotals,
    OrderShipment {
  /** the statuses this order may move to now */
  nextStatuses: readonly OrderStatus[];
  items: (DetailedLine &
    Pick<
      OrderLine,
      | "id"
      | "combinationId"
      /** on a replacement order: the exchanged line it replaces, and whether that unit can be resold */
      | "replacesItemId"
      | "returnResellable"
    >)[];
  timeline: OrderEventRecord[];
  /** the order this one replaces */
  exchangeOf: Pick<Order, "id" | "trackingId"> | null;
  /** the replacement orders made for this one, oldest first */
  replacements: Pick<Order, "id" | "trackingId" | "status" | "createdAt">[];
  /** the fake-order signals found when it was placed (null: placed before they existed) */
  risk: Order["riskSignals"];
}

/** One order with its items and its whole timeline, staff notes included. */
export async function getOrderForStaff(ctx: CoreContext, actor: StaffActor, orderId: number): Promise<StaffOrder> {
  requirePermission(actor, "orders");
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound(ORDER_NOT_FOUND_FOR_STAFF);
  const [items, timeline, exchangeOf, replacements] = await Promise.all([
    ctx.db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id)),
    orderTimeline(ctx.db, orderId),
    order.exchangeOfOrderId === null
      ? []
      : ctx.db
          .select({ id: orders.id, trackingId: orders.trackingId })
          .from(orders)
          .where(eq(orders.id, order.exchangeOfOrderId)),
    ctx.db
      .select({ id: orders.id, trackingId: orders.trackingId, status: orders.status, createdAt: orders.createdAt })
      .from(orders)
      .where(eq(orders.exchangeOfOrderId, orderId))
      .orderBy(asc(orders.createdAt), asc(orders.id)),
  ]);
  return {
    id: order.id,
    trackingId: order.trackingId,
    status: order.status,
    nextStatuses: ORDER_MOVES[order.status],
    source: order.source,
    ...orderRecipient(order),
    cityUnmatched: order.cityUnmatched,
    phoneNormalized: order.phoneNormalized,
    paymentMethod: order.paymentMethod,
    ...orderTotals(order),
    priceOverrideReason: order.priceOverrideReason,
    courier: order.courier,
    trackingNumber: order.trackingNumber,
    cashCollectedPaisa: order.cashCollectedPaisa,
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
    items: items.map((i) => ({
      id: i.id,
      ...detailedLine(i),
      combinationId: i.combinationId,
      replacesItemId: i.replacesItemId,
      returnResellable: i.returnResellable,
    })),
    timeline,
    deliveredAt: order.deliveredAt,
    exchangeOf: exchangeOf[0] ?? null,
    exchangeReason: order.exchangeReason,
    replacements,
    risk: order.riskSignals,
    heldForCall: order.heldForCall,
    addressKey: order.addressKey,
  };
}
