// What orders do to stock, all of it through core/catalog's one stock function, moveStock
// (decision 0100): a sale takes its units with one conditional UPDATE per option or product
// (decision 0007) and is refused in the shopper's words when one is short; a cancel or a return
// puts an order's units back; an exchange's delivered replacement brings back the units the
// courier took from the shopper. Each change writes its ledger row, naming the order.
import { and, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { orderItems, type StockReason } from "../../db/schema";
import { AppError } from "../shared/errors";
import {
  inLockOrder,
  moveStock,
  StockShortError,
  stockForSale,
  stockKeyOf,
  type StockEntry,
  type StockMove,
} from "../catalog/stock-moves";
import type { PricedItem } from "./quote-order";

/** What taking stock needs of a line: the checkout's priced items, and an exchange's replacements. */
export type StockItem = Pick<PricedItem, "productId" | "combinationId" | "name" | "combinationName" | "quantity">;

/** Units put back into stock, per product or option. */
export type ReturnedUnits = { productId: number; combinationId: number | null; quantity: number }[];

const saleOf = (items: readonly StockItem[]): StockMove[] =>
  items.map((i) => ({ productId: i.productId, combinationId: i.combinationId, delta: -i.quantity }));

/** The checkout's refusal, naming the line (its first line when several share the stock). */
function notEnoughStock(items: readonly StockItem[], move: StockMove, stock: number): AppError {
  const item = items.find((i) => stockKeyOf(i) === stockKeyOf(move))!;
  const name = item.combinationName ? `${item.name} (${item.combinationName})` : item.name;
  return new AppError(
    409,
    stock > 0
      ? `Only ${stock} left of ${name}. Please reduce the quantity and try again.`
      : `${name} is out of stock. Please remove it from your cart.`,
    { product_id: item.productId, combination_id: item.combinationId, stock_quantity: stock, requested: -move.delta },
  );
}

/**
 * Whether the stock covers the items now, read only (a staff member's review of an order): the
 * same refusal that taking it would give. Placing the order decides again, in takeStock.
 */
export async function checkStock(tx: Db, items: readonly StockItem[]): Promise<void> {
  for (const move of inLockOrder(saleOf(items))) {
    const stock = await stockForSale(tx, move);
    if (stock < -move.delta) throw notEnoughStock(items, move, stock);
  }
}

/** Takes the items' units for an order (its ledger rows name it), or refuses in the checkout's words. */
export async function takeStock(tx: Db, items: readonly StockItem[], entry: StockEntry): Promise<void> {
  try {
    await moveStock(tx, saleOf(items), entry, "sale");
  } catch (error) {
    if (error instanceof StockShortError) throw notEnoughStock(items, error.move, error.left);
    throw error;
  }
}

/** Adds these units back to stock, one ledger row per product or option; a product deleted since gets nothing. */
async function returnUnits(
  tx: Db,
  lines: { productId: number | null; combinationId: number | null; quantity: number }[],
  entry: StockEntry,
): Promise<ReturnedUnits> {
  const moves = lines.flatMap((l) =>
    l.productId === null ? [] : [{ productId: l.productId, combinationId: l.combinationId, delta: l.quantity }],
  );
  const moved = await moveStock(tx, moves, entry, "return");
  return moved.map((m) => ({ productId: m.productId, combinationId: m.combinationId, quantity: m.delta }));
}

/**
 * Puts each line's units back. Called only under the order's row lock, after its status moved to
 * cancelled or returned, which no later move can repeat.
 */
export async function putStockBack(
  tx: Db,
  orderId: number,
  reason: StockReason,
  actorId: number | null,
): Promise<ReturnedUnits> {
  const lines = await tx
    .select({ productId: orderItems.productId, combinationId: orderItems.combinationId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  return returnUnits(tx, lines, { reason, orderId, actorId });
}

/**
 * The units a delivered replacement order's courier took back from the shopper: for each of its
 * lines marked resellable, the replaced line's product and option, in the replacement's quantity.
 */
export async function takeBackExchangedUnits(tx: Db, orderId: number, actorId: number | null): Promise<ReturnedUnits> {
  const replaced = alias(orderItems, "replaced_item");
  const lines = await tx
    .select({ productId: replaced.productId, combinationId: replaced.combinationId, quantity: orderItems.quantity })
    .from(orderItems)
    .innerJoin(replaced, eq(replaced.id, orderItems.replacesItemId))
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.returnResellable, true)));
  return returnUnits(tx, lines, { reason: "exchange", orderId, actorId });
}
