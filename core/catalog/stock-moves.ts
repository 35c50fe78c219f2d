// Every change of stock, whoever makes it, goes through moveStock (design.md: "Every change of
// stock goes through one function that writes the new quantity and a ledger row"; decision 0100):
// an order taking its units, a cancel or a return putting them back, an exchange, staff on the
// stock grid or the product editor, the product CSV import. It writes the new stock and one
// stock_movements row per product or option (who, why, the order, the quantity after; before =
// after - delta) in the caller's transaction. How a change is guarded is the caller's to say: a
// sale is one conditional UPDATE per stock (design.md: no read-then-write); a staff change or an
// import locks its rows first and checks them (stock.ts), then moves them in one UPDATE.
import { sql } from "drizzle-orm";
import { AppError } from "../shared/errors";
import { queryRows, type Db } from "../../db/client";
import { stockMovements, type StockReason } from "../../db/schema";

/** Whose stock: an option's (a combination), or a product's own (a product sold without options). */
export interface StockKey {
  productId: number;
  combinationId: number | null;
}

/** Units added to one stock; negative: taken. */
export interface StockMove extends StockKey {
  delta: number;
}

export interface StockMoved extends StockMove {
  stockAfter: number;
}

/** The ledger row's words: why, who (null: the shopper or the store), and the order or note. */
export interface StockEntry {
  reason: StockReason;
  actorId: number | null;
  orderId?: number | null;
  note?: string | null;
}

/**
 * How moveStock guards each change:
 * - "sale": taken only while the option (or the product without options) is on sale and holds
 *   the units, by one conditional UPDATE each; the first that cannot throws StockShortError.
 * - "return": units coming back; a product's own stock only while it has no options (a line whose
 *   option was deleted since: which one to restock is unknown, so none is); a row gone is skipped.
 * - "locked": rows the caller locked (lockStock) and checked: one UPDATE per table for all.
 */
export type StockGuard = "sale" | "return" | "locked";

/** A sale's refusal: the first stock short of the units, and what it holds for sale now. */
export class StockShortError extends AppError {
  constructor(
    readonly move: StockMove,
    readonly left: number,
  ) {
    super(409, `Only ${left} left.`, {
      product_id: move.productId,
      combination_id: move.combinationId,
      stock_quantity: left,
      requested: -move.delta,
    });
  }
}

/** "c12" for option 12, "p7" for product 7 sold without options: one stock, one key. */
export const stockKeyOf = (k: StockKey) => (k.combinationId === null ? `p${k.productId}` : `c${k.combinationId}`);

/**
 * The moves with those of one stock summed, options before products, each by id: the order
 * every writer takes its rows in, so two of them never wait on each other in opposite orders.
 */
export function inLockOrder(moves: readonly StockMove[]): StockMove[] {
  const wanted = new Map<string, StockMove>();
  for (const move of moves) {
    const entry = wanted.get(stockKeyOf(move));
    if (entry) entry.delta += move.delta;
    else
      wanted.set(stockKeyOf(move), { productId: move.productId, combinationId: move.combinationId, delta: move.delta });
  }
  return [...wanted.values()].filter((m) => m.delta !== 0).sort(byLockOrder);
}

/** Options before products, each by id: the order in which every writer locks stock rows. */
export const byLockOrder = (a: StockKey, b: StockKey): number =>
  (a.combinationId === null) === (b.combinationId === null)
    ? (a.combinationId ?? a.productId) - (b.combinationId ?? b.productId)
    : a.combinationId === null
      ? 1
      : -1;

/** What is left of a stock for sale now: 0 for an option or product no longer offered. */
export async function stockForSale(tx: Db, key: StockKey): Promise<number> {
  const [left] = await queryRows<{ stock: number }>(
    tx,
    key.combinationId !== null
      ? sql`select case when is_available then stock else 0 end as stock from variant_combinations where id = ${key.combinationId}`
      : sql`select case when is_active then stock else 0 end as stock from products where id = ${key.productId}`,
  );
  return Number(left?.stock ?? 0);
}

/** One conditional UPDATE of one stock: its stock after, or null when the guard refused it. */
async function moveOne(tx: Db, move: StockMove, guard: "sale" | "return"): Promise<number | null> {
  const { productId, combinationId, delta } = move;
  const rows = await queryRows<{ stock: number }>(
    tx,
    guard === "sale"
      ? combinationId !== null
        ? sql`update variant_combinations set stock = stock + ${delta}, updated_at = now()
              where id = ${combinationId} and stock >= ${-delta} and is_available returning stock`
        : sql`update products set stock = stock + ${delta}, updated_at = now()
              where id = ${productId} and stock >= ${-delta} and is_active returning stock`
      : combinationId !== null
        ? sql`update variant_combinations set stock = stock + ${delta}, updated_at = now()
              where id = ${combinationId} returning stock`
        : sql`update products set stock = stock + ${delta}, updated_at = now()
              where id = ${productId}
                and not exists (select 1 from variant_combinations vc where vc.product_id = ${productId})
              returning stock`,
  );
  return rows.length === 0 ? null : Number(rows[0]!.stock);
}

/** One UPDATE for all the locked rows of one table. */
async function moveLocked(tx: Db, moves: StockMove[], table: "combination" | "product"): Promise<StockMoved[]> {
  if (moves.length === 0) return [];
  const idOf = (m: StockMove) => (table === "combination" ? m.combinationId! : m.productId);
  const values = sql.join(
    moves.map((m) => sql`(${idOf(m)}::int, ${m.delta}::int)`),
    sql`, `,
  );
  const rows = await queryRows<{ id: number; stock: number }>(
    tx,
    sql`update ${table === "combination" ? sql`variant_combinations` : sql`products`} t
        set stock = t.stock + v.delta, updated_at = now()
        from (values ${values}) as v(id, delta) where t.id = v.id returning t.id, t.stock`,
  );
  const after = new Map(rows.map((r) => [Number(r.id), Number(r.stock)]));
  return moves.map((m) => ({ ...m, stockAfter: after.get(idOf(m))! }));
}

/**
 * Changes stock and writes its ledger rows, in the caller's transaction (see StockGuard). Moves
 * of one stock are summed and a total of 0 changes nothing. Answers each stock moved with its
 * quantity after, in the order taken. A sale short of units throws StockShortError, and the
 * caller's transaction rolls back.
 */
export async function moveStock(
  tx: Db,
  moves: readonly StockMove[],
  entry: StockEntry,
  guard: StockGuard,
): Promise<StockMoved[]> {
  const ordered = inLockOrder(moves);
  let moved: StockMoved[];
  if (guard === "locked") {
    moved = [
      ...(await moveLocked(
        tx,
        ordered.filter((m) => m.combinationId !== null),
        "combination",
      )),
      ...(await moveLocked(
        tx,
        ordered.filter((m) => m.combinationId === null),
        "product",
      )),
    ];
  } else {
    moved = [];
    for (const move of ordered) {
      const stockAfter = await moveOne(tx, move, guard);
      // only to word the refusal; the UPDATE above was the decision
      if (stockAfter === null && guard === "sale") throw new StockShortError(move, await stockForSale(tx, move));
      if (stockAfter !== null) moved.push({ ...move, stockAfter });
    }
  }
  if (moved.length > 0) {
    await tx.insert(stockMovements).values(
      moved.map((m) => ({
        productId: m.productId,
        combinationId: m.combinationId,
        delta: m.delta,
        stockAfter: m.stockAfter,
        reason: entry.reason,
        orderId: entry.orderId ?? null,
        actorId: entry.actorId,
        note: entry.note || null,
      })),
    );
  }
  return moved;
}
