// Staff change stock (decision 0064): the stock grid and the staff API (changeStock), the product
// editor and the product CSV import (applyStockChange, applyStockChanges). A screen that was open
// while an order came in must not lose that sale, so a change is sent either as a difference
// ("+5", applied to whatever the stock is now) or as a new total together with the total the
// screen showed, refused with 409 when the stock has moved since. The rows are locked first and
// checked, then moved by moveStock (stock-moves.ts), which writes the ledger rows.
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { CoreContext } from "../context";
import { AppError, notFound } from "../shared/errors";
import { staffWrite } from "../shared/staff-write";
import { requirePermission } from "../shared/staff-errors";
import type { StaffActor } from "../shared/permissions";
import { queryRows, type Db } from "../../db/client";
import type { StockReason } from "../../db/schema";

import { MAX_STOCK } from "./stock-rules";
import { byLockOrder, moveStock, stockKeyOf, type StockEntry, type StockKey } from "./stock-moves";

export { LOW_STOCK, MAX_STOCK, STOCK_FILTERS, STOCK_SEARCH_MAX, type StockFilter } from "./stock-rules";
export const STOCK_NOTE_MAX = 200;

export const stockMovedMessage = (now: number) =>
  `The stock changed while you were editing (it is now ${now}, perhaps a sale). Please check it and try again.`;
export const belowZeroMessage = (now: number) => `Stock cannot go below zero: there are ${now} now.`;

// ---- staff changes: a difference, or a total over the total the screen showed ----------------

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

const keyOfChange = (c: StockChangeInput): StockKey => ({ productId: c.product_id, combinationId: c.combination_id });
const changeKey = (c: StockChangeInput) => stockKeyOf(keyOfChange(c));

/**
 * Locks the rows of these changes (options, then products, each by id, as moveStock takes them)
 * and answers each one's stock now, by changeKey. A missing row, or an option of another
 * product, is a 404 for the first such change in the given order.
 */
async function lockStock(tx: Db, changes: readonly StockChangeInput[]): Promise<Map<string, number>> {
  const list = (ids: number[]) =>
    sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    );
  const combinationIds = changes.flatMap((c) => (c.combination_id === null ? [] : [c.combination_id]));
  const productIds = changes.flatMap((c) => (c.combination_id === null ? [c.product_id] : []));
  const [combinations, products] = [
    combinationIds.length === 0
      ? []
      : await queryRows<{ id: number; product_id: number; stock: number }>(
          tx,
          sql`select id, product_id, stock from variant_combinations
              where id in (${list(combinationIds)}) order by id for update`,
        ),
    productIds.length === 0
      ? []
      : await queryRows<{ id: number; product_id: number; stock: number }>(
          tx,
          sql`select id, id as product_id, stock from products where id in (${list(productIds)}) order by id for update`,
        ),
  ];
  const found = new Map<string, { productId: number; stock: number }>();
  for (const r of combinations) found.set(`c${r.id}`, { productId: Number(r.product_id), stock: Number(r.stock) });
  for (const r of products) found.set(`p${r.id}`, { productId: Number(r.product_id), stock: Number(r.stock) });
  const stock = new Map<string, number>();
  for (const change of changes) {
    const row = found.get(changeKey(change));
    if (!row || row.productId !== change.product_id)
      throw notFound(change.combination_id === null ? "No such product." : "No such option of this product.");
    stock.set(changeKey(change), row.stock);
  }
  return stock;
}

/** The stock a change leaves, or its refusal: never below zero, a total only over the one it was typed over. */
function stockAfter(change: StockChangeInput, before: number): number {
  if (change.delta !== undefined) {
    const after = before + change.delta;
    if (after < 0) throw new AppError(409, belowZeroMessage(before), { stock_quantity: before });
    if (after > MAX_STOCK) throw new AppError(422, `Stock must be at most ${MAX_STOCK.toLocaleString("en-US")}.`);
    return after;
  }
  // a total is only as good as the number it was typed over
  if (before !== change.expected) throw new AppError(409, stockMovedMessage(before), { stock_quantity: before });
  return change.set!;
}

/** Checks the locked changes in order and moves the stock of those that change it. */
async function applyLocked(
  tx: Db,
  changes: readonly StockChangeInput[],
  current: Map<string, number>,
  entry: StockEntry,
): Promise<StockChangeResult[]> {
  const results = changes.map((change) => {
    const before = current.get(changeKey(change))!;
    return {
      productId: change.product_id,
      combinationId: change.combination_id,
      before,
      after: stockAfter(change, before),
    };
  });
  await moveStock(
    tx,
    results.map((r) => ({ productId: r.productId, combinationId: r.combinationId, delta: r.after - r.before })),
    entry,
    "locked",
  );
  return results;
}

/**
 * Many changes in the caller's transaction (the product import's 10,000 rows, the product
 * editor's one): locked, checked and moved a thousand at a time, options before products.
 * reason says which door they came through.
 */
export async function applyStockChanges(
  tx: Db,
  changes: readonly StockChangeInput[],
  who: { actorId: number | null; reason: StockReason; note?: string | null },
): Promise<StockChangeResult[]> {
  const results: StockChangeResult[] = [];
  const CHUNK = 1000;
  for (const list of [
    changes.filter((c) => c.combination_id !== null),
    changes.filter((c) => c.combination_id === null),
  ]) {
    for (let i = 0; i < list.length; i += CHUNK) {
      const part = [...list.slice(i, i + CHUNK)].sort(
        (a, b) => (a.combination_id ?? a.product_id) - (b.combination_id ?? b.product_id),
      );
      results.push(...(await applyLocked(tx, part, await lockStock(tx, part), who)));
    }
  }
  return results;
}

/** One change in the caller's transaction; a change of 0 (or to the same total) writes nothing. */
export async function applyStockChange(
  tx: Db,
  change: StockChangeInput,
  who: { actorId: number | null; reason: StockReason; note?: string | null },
): Promise<StockChangeResult> {
  return (await applyStockChanges(tx, [change], who))[0]!;
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
  const ordered = [...changes].sort((a, b) => byLockOrder(keyOfChange(a), keyOfChange(b)));
  const seen = new Set<string>();
  for (const c of ordered) {
    if (seen.has(changeKey(c))) throw new AppError(422, "Each product or option may appear only once in one change.");
    seen.add(changeKey(c));
  }
  return staffWrite(ctx, actor, "stock", async ({ tx, audit, unchanged }) => {
    const current = await lockStock(tx, ordered);
    // a grid whose totals went stale hears of each row that moved (and its stock now), not
    // only the first
    const moved = ordered.flatMap((c) =>
      c.set !== undefined && current.get(changeKey(c)) !== c.expected
        ? [{ product_id: c.product_id, combination_id: c.combination_id, stock_quantity: current.get(changeKey(c))! }]
        : [],
    );
    if (moved.length === 1)
      throw new AppError(409, stockMovedMessage(moved[0]!.stock_quantity), { ...moved[0], moved });
    if (moved.length > 1)
      throw new AppError(
        409,
        `${moved.length} stocks changed while you were editing (perhaps sales). Please check them and try again.`,
        { moved },
      );
    const done = await applyLocked(tx, ordered, current, { actorId: actor.userId, reason: "manual", note });
    const stock = done.filter((r) => r.after !== r.before);
    if (stock.length === 0) return unchanged(done);
    await audit({
      action: "stock.change",
      entityType: "product",
      entityId: stock.length === 1 || new Set(stock.map((r) => r.productId)).size === 1 ? stock[0]!.productId : null,
      changes: {
        note: note || null,
        stock: stock.map((r) => ({
          product_id: r.productId,
          combination_id: r.combinationId,
          before: r.before,
          after: r.after,
        })),
      },
    });
    return done;
  });
}
