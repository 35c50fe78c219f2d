// Staff changes of stock (issue 14, point 3; design.md: "Every change of stock goes through one
// function that writes the new quantity and a ledger row"). A screen that was open while an order
// came in must not lose that sale, so a change is sent either as a difference ("+5", applied to
// whatever the stock is now) or as a new total together with the total the screen showed, which
// is refused with 409 when the stock has moved since. Each change is one conditional UPDATE and
// one stock_movements row (who, when, why, the quantity after; before = after - delta).
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { CoreContext } from "../context";
import { AppError, notFound } from "../shared/errors";
import { recordAudit, whoIs } from "../staff/audit";
import { requirePermission } from "../staff/errors";
import type { StaffActor } from "../staff/permissions";
import { queryRows, type Db } from "../../db/client";
import { stockMovements, type StockReason } from "../../db/schema";

/** The largest stock one combination or product may hold: far above any shop's shelf. */
export const MAX_STOCK = 1_000_000;
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
