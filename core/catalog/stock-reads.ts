// The stock screens' reads (decision 0064): the grid of every combination and every product sold
// without options, and a product's stock ledger, newest first. Changes are in stock.ts.
import { sql, type SQL } from "drizzle-orm";
import type { CoreContext } from "../context";
import { notFound } from "../shared/errors";
import { requirePermission } from "../shared/staff-errors";
import type { StaffActor } from "../shared/permissions";
import { queryRows } from "../../db/client";
import type { StockReason } from "../../db/schema";
import { LOW_STOCK, STOCK_SEARCH_MAX, type StockFilter } from "./stock-rules";

export interface StockGridQuery {
  search?: string;
  filter: StockFilter;
  productId?: number;
  limit: number;
  offset: number;
}

export interface StockGridRow {
  productId: number;
  productName: string;
  productActive: boolean;
  /** null: a product sold without options, whose stock is the product's own */
  combinationId: number | null;
  combinationName: string | null;
  sku: string | null;
  stock: number;
  available: boolean;
}

/**
 * Every combination, and every product sold without options, that is not archived: the stock
 * grid, by product name. search matches the product's name, the combination or its SKU.
 */
export async function listStockGrid(
  ctx: CoreContext,
  actor: StaffActor,
  query: StockGridQuery,
): Promise<{ items: StockGridRow[]; total: number }> {
  requirePermission(actor, "stock");
  const term = query.search?.trim().slice(0, STOCK_SEARCH_MAX);
  const pattern = term ? `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const conditions: SQL[] = [];
  if (pattern)
    conditions.push(
      sql`(g.product_name ilike ${pattern} or g.combination_name ilike ${pattern} or g.sku ilike ${pattern})`,
    );
  if (query.filter === "low") conditions.push(sql`g.stock <= ${LOW_STOCK}`);
  if (query.filter === "out") conditions.push(sql`g.stock = 0`);
  const own = query.productId !== undefined ? sql` and p.id = ${query.productId}` : sql``;
  const grid = sql`(
      select p.id as product_id, p.name as product_name, p.is_active as product_active, c.id as combination_id,
             c.combination_name, c.sku, c.stock, c.is_available as available
      from variant_combinations c join products p on p.id = c.product_id
      where p.archived_at is null${own}
      union all
      select p.id, p.name, p.is_active, null, null, null, p.stock, true
      from products p
      where p.archived_at is null${own}
        and not exists (select 1 from variant_combinations c where c.product_id = p.id)
    ) g`;
  const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const [rows, totals] = await Promise.all([
    queryRows<{
      product_id: number;
      product_name: string;
      product_active: boolean;
      combination_id: number | null;
      combination_name: string | null;
      sku: string | null;
      stock: number;
      available: boolean;
    }>(
      ctx.db,
      sql`select * from ${grid} ${where}
          order by g.product_name, g.product_id, g.combination_id nulls first
          limit ${query.limit} offset ${query.offset}`,
    ),
    queryRows<{ n: number }>(ctx.db, sql`select count(*)::int as n from ${grid} ${where}`),
  ]);
  return {
    items: rows.map((r) => ({
      productId: Number(r.product_id),
      productName: r.product_name,
      productActive: Boolean(r.product_active),
      combinationId: r.combination_id === null ? null : Number(r.combination_id),
      combinationName: r.combination_name,
      sku: r.sku,
      stock: Number(r.stock),
      available: Boolean(r.available),
    })),
    total: Number(totals[0]?.n ?? 0),
  };
}

export interface StockHistoryEntry {
  id: number;
  at: Date;
  combinationId: number | null;
  combinationName: string | null;
  reason: StockReason;
  note: string | null;
  delta: number;
  before: number;
  after: number;
  /** who changed it: a member of staff, or null (a shopper's order, a change made by the system) */
  actorName: string | null;
  actorEmail: string | null;
  orderId: number | null;
  trackingId: string | null;
}

/** A product's stock ledger, newest first: orders, cancellations, returns, exchanges, staff edits and imports. */
export async function stockHistory(
  ctx: CoreContext,
  actor: StaffActor,
  productId: number,
  page: { limit: number; offset: number },
): Promise<{ product: { id: number; name: string }; items: StockHistoryEntry[]; total: number }> {
  requirePermission(actor, "stock");
  const [product] = await queryRows<{ id: number; name: string }>(
    ctx.db,
    sql`select id, name from products where id = ${productId}`,
  );
  if (!product) throw notFound("No such product.");
  const [rows, totals] = await Promise.all([
    queryRows<{
      id: number;
      at: Date | string;
      combination_id: number | null;
      combination_name: string | null;
      reason: StockReason;
      note: string | null;
      delta: number;
      stock_after: number;
      first_name: string | null;
      last_name: string | null;
      email: string | null;
      order_id: number | null;
      tracking_id: string | null;
    }>(
      ctx.db,
      sql`select m.id, m.at, m.combination_id, c.combination_name, m.reason, m.note, m.delta, m.stock_after,
                 u.first_name, u.last_name, u.email, m.order_id, o.tracking_id
          from stock_movements m
          left join variant_combinations c on c.id = m.combination_id
          left join users u on u.id = m.actor_id
          left join orders o on o.id = m.order_id
          where m.product_id = ${productId}
          order by m.at desc, m.id desc
          limit ${page.limit} offset ${page.offset}`,
    ),
    queryRows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from stock_movements where product_id = ${productId}`,
    ),
  ]);
  return {
    product: { id: Number(product.id), name: product.name },
    items: rows.map((r) => ({
      id: Number(r.id),
      at: new Date(r.at),
      combinationId: r.combination_id === null ? null : Number(r.combination_id),
      combinationName: r.combination_name,
      reason: r.reason,
      note: r.note,
      delta: Number(r.delta),
      before: Number(r.stock_after) - Number(r.delta),
      after: Number(r.stock_after),
      actorName: r.first_name !== null ? `${r.first_name} ${r.last_name ?? ""}`.trim() : null,
      actorEmail: r.email,
      orderId: r.order_id === null ? null : Number(r.order_id),
      trackingId: r.tracking_id,
    })),
    total: Number(totals[0]?.n ?? 0),
  };
}
