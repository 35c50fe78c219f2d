// An exchange's lines (decision 0056): which units of a delivered order are still open to
// exchange, and each line's replacement priced from the catalogue as a sale is, in the same
// product. createExchange (exchange.ts) checks and prices with these; the console's exchange form
// (exchangeChoices) counts with alreadyExchanged too.
import { and, inArray, notInArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { orderItems, orders, type OrderStatus } from "../../db/schema";
import { AppError, invalid } from "../shared/errors";
import type { OrderLine } from "./order";
import type { StockItem } from "./order-stock";
import { loadCatalogueRows, pricedLine } from "./quote-order";

/** Statuses of a replacement that no longer replaces anything: the shopper kept the original units. */
const VOID_STATUSES: OrderStatus[] = ["cancelled", "returned"];

/** A line of the delivered order, as an exchange reads it. */
export type OriginalItem = Pick<
  OrderLine,
  "id" | "productId" | "combinationId" | "productName" | "combinationName" | "unitPricePaisa" | "quantity"
>;

const itemName = (item: { productName: string; combinationName: string | null }) =>
  item.combinationName ? `${item.productName} (${item.combinationName})` : item.productName;

/** Units of each item already on replacement orders that still stand (not cancelled or returned). */
export async function alreadyExchanged(tx: Db, itemIds: number[]): Promise<Map<number, number>> {
  const replacementOrders = tx.select({ id: orders.id }).from(orders).where(notInArray(orders.status, VOID_STATUSES));
  const rows = await tx
    .select({
      itemId: orderItems.replacesItemId,
      units: sql<number>`coalesce(sum(${orderItems.quantity}), 0)`.mapWith(Number),
    })
    .from(orderItems)
    .where(and(inArray(orderItems.replacesItemId, itemIds), inArray(orderItems.orderId, replacementOrders)))
    .groupBy(orderItems.replacesItemId);
  return new Map(rows.map((r) => [r.itemId!, r.units]));
}

/**
 * Refuses more units of a line than it holds (422), or than are left once the replacements that
 * still stand are counted (409). Called under the original order's row lock, so two exchanges of
 * one order count one after the other.
 */
export async function checkExchangeable(tx: Db, lines: { item: OriginalItem; quantity: number }[]): Promise<void> {
  // units per item: this exchange's, and those of earlier replacements that still stand
  const wanted = new Map<number, { item: OriginalItem; units: number }>();
  for (const line of lines) {
    const entry = wanted.get(line.item.id);
    if (entry) entry.units += line.quantity;
    else wanted.set(line.item.id, { item: line.item, units: line.quantity });
  }
  const earlier = await alreadyExchanged(tx, [...wanted.keys()]);
  for (const [itemId, { item, units }] of wanted) {
    const done = earlier.get(itemId) ?? 0;
    if (units > item.quantity) {
      throw new AppError(
        422,
        `${itemName(item)}: the order has ${item.quantity}, so at most ${item.quantity} can be exchanged.`,
        { item_id: itemId, quantity: item.quantity, exchanged: done },
      );
    }
    if (units + done > item.quantity) {
      const left = item.quantity - done;
      throw new AppError(
        409,
        left > 0
          ? `${itemName(item)}: ${done} of ${item.quantity} already exchanged, so at most ${left} more can be.`
          : `${itemName(item)}: all ${item.quantity} already exchanged.`,
        { item_id: itemId, quantity: item.quantity, exchanged: done },
      );
    }
  }
}

export interface Replacement extends StockItem {
  variantDetails: Record<string, string> | null;
  imageUrl: string | null;
  unitPricePaisa: number;
}

/** Each line's replacement, priced from the catalogue as a sale is: the option's price today. */
export async function priceReplacements(
  tx: Db,
  lines: { item: OriginalItem; combination_id: number | null; quantity: number }[],
): Promise<Replacement[]> {
  const productIds = [...new Set(lines.flatMap((l) => (l.item.productId === null ? [] : [l.item.productId])))];
  const combinationIds = [...new Set(lines.flatMap((l) => (l.combination_id === null ? [] : [l.combination_id])))];
  const { productById, combinationById } = await loadCatalogueRows(tx, productIds, combinationIds);

  return lines.map(({ item, combination_id, quantity }) => {
    const product = item.productId === null ? undefined : productById.get(item.productId);
    if (!product) {
      throw new AppError(409, `${item.productName} is no longer in the catalogue, so it cannot be exchanged.`, {
        item_id: item.id,
      });
    }
    if (!product.isActive) {
      throw new AppError(409, `${product.name} is no longer sold, so it cannot be exchanged.`, { item_id: item.id });
    }
    if (combination_id === null) {
      if (product.combinationCount > 0) {
        throw invalid(`combination_id: choose the replacement size or colour of ${product.name}.`);
      }
      return pricedLine(product, null, quantity);
    }
    const combination = combinationById.get(combination_id);
    // another product's option: an exchange stays within the product (decision 0056)
    if (!combination || combination.productId !== product.id) {
      throw invalid(`combination_id ${combination_id} is not a size or colour of ${product.name}.`);
    }
    return pricedLine(product, combination, quantity);
  });
}

/** The checkout's stock refusal worded for staff choosing a replacement (it speaks of a cart). */
export function staffStockMessage(error: unknown, replacements: Replacement[]): unknown {
  if (!(error instanceof AppError) || error.status !== 409 || !error.extra) return error;
  const { product_id, combination_id, stock_quantity } = error.extra as {
    product_id?: number;
    combination_id?: number | null;
    stock_quantity?: number;
  };
  const line = replacements.find((r) => r.productId === product_id && r.combinationId === (combination_id ?? null));
  if (!line) return error;
  const name = line.combinationName ? `${line.name} (${line.combinationName})` : line.name;
  return new AppError(
    409,
    stock_quantity && stock_quantity > 0
      ? `Only ${stock_quantity} left of ${name}: exchange fewer units or choose another size or colour.`
      : `${name} is out of stock: choose another size or colour.`,
    error.extra,
  );
}
