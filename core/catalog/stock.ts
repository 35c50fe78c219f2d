// Staff changes of stock (issue 14, point 3; design.md: "Every change of stock goes through one
// function that writes the new quantity and a ledger row"). A screen that was open while an order
// came in must not lose that sale, so a change is sent either as a difference ("+5", applied to
// whatever the stock is now) or as a new total together with the total the screen showed, which
// is refused with 409 when the stock has moved since. Each change is one conditional UPDATE and
// one stock_movements row (who, when, why, the quantity after; before = after - delta).
import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { CoreContext } from "../context";
import { AppError, notFound } from "../shared/errors";
import { recordAudit, whoIs } from "../shared/audit";
import { requirePermission } from "../shared/staff-errors";
import type { StaffActor } from "../shared/permissions";
import { queryRows, type Db } from "../../db/client";
import { stockMovements, type StockReason } from "../../db/schema";

import { LOW_STOCK, MAX_STOCK, STOCK_SEARCH_MAX, type StockFilter } from "./stock-rules";

export { LOW_STOCK, MAX_STOCK, STOCK_FILTERS, STOCK_SEARCH_MAX, type StockFilter } from "./stock-rules";
export const STOCK_NOTE_MAX = 200;

export const stockMovedMessage = (now: number) =>
  `The stock changed while you were editing (it is now ${now}, perhaps a sale). Please check it and try again.`;
export const belowZeroMessage = (now: number) => `Stock cannot go below zero: there are ${now} now.`;

const stockNumber = (label: string, min: number) =>
  z
    .number({ error: `${label} must be a whole number.` })
    .int(`${label} must be a whole number.`)
    .min(min, `${label} must be at least ${min}.`)
    .max(MAX_STOCK, `${label} must be at most ${MAX_STOCK.toLocaleString("en-US")}.`);

/** One change: to a combination (combination_id) or to a product sold without options. */
export const stockChangeInput = z
  .object({
    product_id: z.number().int().positive(),
    combination_id: z.number().int().positive().nullable().default(null),
    /** add or take away this many, whatever the stock is now */
    delta: z
      .number({ error: "The change must be a whole number." })
      .int("The change must be a whole number.")
      .min(-MAX_STOCK)
      .max(MAX_STOCK)
      .optional(),
    /** or: set the stock to this, if it is still `expected` */
    set: stockNumber("Stock", 0).optional(),
    expected: stockNumber("The stock you saw", 0).optional(),
  })
  .refine((c) => (c.delta !== undefined) !== (c.set !== undefined), {
    message: "Send either a change (delta) or a new stock (set) with the stock you saw (expected).",
  })
  .refine((c) => c.set === undefined || c.expected !== undefined, {
    message: "A new stock (set) needs the stock you saw (expected).",
    path: ["expected"],
  });
export type StockChangeInput = z.output<typeof stockChangeInput>;

export const changeStockInput = z.object({
  changes: z.array(stockChangeInput).min(1, "Nothing to change.").max(500, "At most 500 changes at once."),
  note: z
    .string()
    .max(STOCK_NOTE_MAX, `The reason must be at most ${STOCK_NOTE_MAX} characters.`)
    // eslint-disable-next-line no-control-regex -- a reason is one line of text
    .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), { message: "The reason must be one line of text.", path: [] })
    .transform((s) => s.trim())
    .optional(),
});

export interface StockChangeResult {
  productId: number;
  combinationId: number | null;
  before: number;
  after: number;
}

/**
 * Applies one change in the caller's transaction and writes its ledger row. A change of 0 (or a
 * total equal to the current one) writes nothing. The product import and the product editor call
 * this inside their own transactions; reason says which door it came through.
 */
export async function applyStockChange(
  tx: Db,
  change: StockChangeInput,
  who: { actorId: number | null; reason: StockReason; note?: string | null },
): Promise<StockChangeResult> {
  const { product_id: productId, combination_id: combinationId } = change;
  const target =
    combinationId === null
      ? sql`products where id = ${productId}`
      : sql`variant_combinations where id = ${combinationId} and product_id = ${productId}`;
  const [current] = await queryRows<{ stock: number }>(tx, sql`select stock from ${target} for update`);
  if (!current) throw notFound(combinationId === null ? "No such product." : "No such option of this product.");
  const before = Number(current.stock);
  let after: number;
  if (change.delta !== undefined) {
    after = before + change.delta;
    if (after < 0) throw new AppError(409, belowZeroMessage(before), { stock_quantity: before });
    if (after > MAX_STOCK) throw new AppError(422, `Stock must be at most ${MAX_STOCK.toLocaleString("en-US")}.`);
  } else {
    // a total is only as good as the number it was typed over
    if (before !== change.expected) throw new AppError(409, stockMovedMessage(before), { stock_quantity: before });
    after = change.set!;
  }
  if (after === before) return { productId, combinationId, before, after };
  const table = combinationId === null ? sql`products` : sql`variant_combinations`;
  await tx.execute(sql`update ${table} set stock = ${after}, updated_at = now()
                       where id = ${combinationId ?? productId}`);
  await tx.insert(stockMovements).values({
    productId,
    combinationId,
    delta: after - before,
    stockAfter: after,
    reason: who.reason,
    actorId: who.actorId,
    note: who.note || null,
  });
  return { productId, combinationId, before, after };
}

/**
 * Staff change one or many stocks at once (the stock grid, the staff API): all or nothing in one
 * transaction, rows locked in id order so two grids saved at once never deadlock.
 */
export async function changeStock(ctx: CoreContext, actor: StaffActor, raw: unknown): Promise<StockChangeResult[]> {
  requirePermission(actor, "stock");
  const parsed = changeStockInput.safeParse(raw);
  if (!parsed.success) throw new AppError(422, parsed.error.issues[0]?.message ?? "Invalid stock change.");
  const { changes, note } = parsed.data;
  const ordered = [...changes].sort((a, b) =>
    (a.combination_id === null) === (b.combination_id === null)
      ? (a.combination_id ?? a.product_id) - (b.combination_id ?? b.product_id)
      : a.combination_id === null
        ? 1
        : -1,
  );
  const seen = new Set<string>();
  for (const c of ordered) {
    const key = `${c.product_id}:${c.combination_id}`;
    if (seen.has(key)) throw new AppError(422, "Each product or option may appear only once in one change.");
    seen.add(key);
  }
  const results = await ctx.db.transaction(async (tx) => {
    // every row locked and read first, in the order above: a grid whose totals went stale hears
    // of each row that moved (and its stock now), not only the first
    const moved: { product_id: number; combination_id: number | null; stock_quantity: number }[] = [];
    for (const change of ordered) {
      const [row] = await queryRows<{ stock: number }>(
        tx,
        change.combination_id === null
          ? sql`select stock from products where id = ${change.product_id} for update`
          : sql`select stock from variant_combinations
                where id = ${change.combination_id} and product_id = ${change.product_id} for update`,
      );
      if (!row) throw notFound(change.combination_id === null ? "No such product." : "No such option of this product.");
      if (change.set !== undefined && Number(row.stock) !== change.expected)
        moved.push({
          product_id: change.product_id,
          combination_id: change.combination_id,
          stock_quantity: Number(row.stock),
        });
    }
    if (moved.length === 1)
      throw new AppError(409, stockMovedMessage(moved[0]!.stock_quantity), { ...moved[0], moved });
    if (moved.length > 1)
      throw new AppError(
        409,
        `${moved.length} stocks changed while you were editing (perhaps sales). Please check them and try again.`,
        { moved },
      );
    const done: StockChangeResult[] = [];
    for (const change of ordered) {
      done.push(await applyStockChange(tx, change, { actorId: actor.userId, reason: "manual", note }));
    }
    const changed = done.filter((r) => r.after !== r.before);
    if (changed.length > 0) {
      await recordAudit(tx, whoIs(actor), {
        action: "stock.change",
        entityType: "product",
        entityId:
          changed.length === 1 || new Set(changed.map((r) => r.productId)).size === 1 ? changed[0]!.productId : null,
        changes: {
          note: note || null,
          stock: changed.map((r) => ({
            product_id: r.productId,
            combination_id: r.combinationId,
            before: r.before,
            after: r.after,
          })),
        },
      });
    }
    return done;
  });
  if (results.some((r) => r.after !== r.before)) ctx.cache.clear();
  return results;
}

/**
 * Many changes in the caller's transaction at once, for the product import (10,000 rows): the
 * same rule and ledger as applyStockChange (a total only over the total it was checked against,
 * never below zero), in a few statements instead of three per row. Rows are locked in id order.
 */
export async function applyStockChanges(
  tx: Db,
  changes: readonly StockChangeInput[],
  who: { actorId: number | null; reason: StockReason; note?: string | null },
): Promise<StockChangeResult[]> {
  const results: StockChangeResult[] = [];
  const CHUNK = 1000;
  for (const [kind, list] of [
    ["combination", changes.filter((c) => c.combination_id !== null)],
    ["product", changes.filter((c) => c.combination_id === null)],
  ] as const) {
    for (let i = 0; i < list.length; i += CHUNK) {
      const part = [...list.slice(i, i + CHUNK)].sort(
        (a, b) => (a.combination_id ?? a.product_id) - (b.combination_id ?? b.product_id),
      );
      const ids = part.map((c) => c.combination_id ?? c.product_id);
      const current = await queryRows<{ id: number; product_id: number; stock: number }>(
        tx,
        kind === "combination"
          ? sql`select id, product_id, stock from variant_combinations
                where id in (${sql.join(
                  ids.map((id) => sql`${id}`),
                  sql`, `,
                )}) order by id for update`
          : sql`select id, id as product_id, stock from products
                where id in (${sql.join(
                  ids.map((id) => sql`${id}`),
                  sql`, `,
                )}) order by id for update`,
      );
      const byId = new Map(current.map((r) => [Number(r.id), r]));
      const moved: StockChangeResult[] = [];
      for (const change of part) {
        const row = byId.get(change.combination_id ?? change.product_id);
        if (!row || Number(row.product_id) !== change.product_id)
          throw notFound(kind === "product" ? "No such product." : "No such option of this product.");
        const before = Number(row.stock);
        let after: number;
        if (change.delta !== undefined) {
          after = before + change.delta;
          if (after < 0) throw new AppError(409, belowZeroMessage(before), { stock_quantity: before });
          if (after > MAX_STOCK) throw new AppError(422, `Stock must be at most ${MAX_STOCK.toLocaleString("en-US")}.`);
        } else {
          if (before !== change.expected)
            throw new AppError(409, stockMovedMessage(before), { stock_quantity: before });
          after = change.set!;
        }
        const result = { productId: change.product_id, combinationId: change.combination_id, before, after };
        results.push(result);
        if (after !== before) moved.push(result);
      }
      if (moved.length === 0) continue;
      const values = sql.join(
        moved.map((r) => sql`(${r.combinationId ?? r.productId}::int, ${r.after}::int)`),
        sql`, `,
      );
      const table = kind === "combination" ? sql`variant_combinations` : sql`products`;
      await tx.execute(sql`update ${table} t set stock = v.stock, updated_at = now()
                           from (values ${values}) as v(id, stock) where t.id = v.id`);
      await tx.insert(stockMovements).values(
        moved.map((r) => ({
          productId: r.productId,
          combinationId: r.combinationId,
          delta: r.after - r.before,
          stockAfter: r.after,
          reason: who.reason,
          actorId: who.actorId,
          note: who.note || null,
        })),
      );
    }
  }
  return results;
}

// ---- the stock grid and a product's stock history (issue 14, point 3; decision 0064) ----

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
