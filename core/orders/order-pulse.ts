// What an open console asks while it waits for orders (decision 0094): how many orders wait for
// confirmation (the menu's count), and how many arrived since the orders list was loaded under
// its filters (its "N new orders" notice). Two counts on indexed columns: cheap enough for every
// open console to ask every 20 seconds.
import { and, count, eq, gt, sql } from "drizzle-orm";
import type { CoreContext } from "../context";
import { orders } from "../../db/schema";
import { requirePermission } from "../shared/staff-errors";
import type { StaffActor } from "../shared/permissions";
import { orderListConditions, type OrderFilters } from "./staff-orders";

export interface OrderPulse {
  /** orders waiting for confirmation */
  waiting: number;
  /** orders newer than `since` under the filters; null when not asked */
  newSince: number | null;
}

/** The newest order's id: where an orders list's "new since" starts counting. */
export async function newestOrderId(ctx: CoreContext, actor: StaffActor): Promise<number> {
  requirePermission(actor, "orders");
  const [row] = await ctx.db.select({ id: sql<number>`coalesce(max(${orders.id}), 0)`.mapWith(Number) }).from(orders);
  return row?.id ?? 0;
}

/** Orders waiting for confirmation, the count beside Orders in the menu. */
export async function waitingOrderCount(ctx: CoreContext, actor: StaffActor): Promise<number> {
  requirePermission(actor, "orders");
  const [row] = await ctx.db.select({ n: count() }).from(orders).where(eq(orders.status, "pending confirmation"));
  return Number(row?.n ?? 0);
}

export async function orderPulse(
  ctx: CoreContext,
  actor: StaffActor,
  query: { since?: number; filters?: OrderFilters },
): Promise<OrderPulse> {
  const waiting = await waitingOrderCount(ctx, actor);
  if (query.since === undefined) return { waiting, newSince: null };
  const [row] = await ctx.db
    .select({ n: count() })
    .from(orders)
    .where(and(gt(orders.id, query.since), ...orderListConditions(query.filters ?? {})));
  return { waiting, newSince: Number(row?.n ?? 0) };
}
