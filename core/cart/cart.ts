// The server cart of a browser session (spec §3 "Cart line (server)", §4 "Cart", §7). Stock
// checks here are advice for the page: stock only ever changes when an order is placed
// (decision 0007), so nothing in this file decrements it.
import { randomUUID } from "node:crypto";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { CoreContext } from "../context";
import { AppError, invalid, notFound } from "../shared/errors";
import { queryRows } from "../../db/client";
import { carts, cartLines, products, variantCombinations } from "../../db/schema";
import { getSiteSettings } from "../settings/site-settings";
import { matchesCombination, variantKey, type VariantAttributes } from "./variant-attributes";
import { mainPhotoUrl } from "../media/product-photos";

/** The most of one item a line can ever hold: the order payload allows 1 to 99 (spec §5, §9); the store's setting may allow fewer. */
export const MAX_LINE_QUANTITY = 99;
/** The refusal beyond the store's units-per-item cap, in the cart and in orders (decision 0050). */
export const maxUnitsMessage = (max: number) => `You can order at most ${max} of one item.`;
/** Lines in one cart; more is a script, not a shopper. */
export const MAX_CART_LINES = 100;

// spec §3: the browser makes "session_" + timestamp + random; anything else that is plain is fine
export const sessionIdSchema = z
  .string({ error: "session_id is required" })
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,100}$/, "session_id must be 1 to 100 letters, digits, _ or -");

/** The rows a raw statement answered (node-postgres and PGlite both answer { rows }). */

export const SELECT_ALL_OPTIONS = "Please select all variant options"; // spec §5

export interface CartLine {
  id: number;
  productId: number;
  /** the product's English name: the shop's record */
  productName: string;
  /** its Urdu name when staff wrote one, else null (Urdu pages show the English) */
  productNameUr: string | null;
  imageUrl: string | null;
  darazLink: string | null;
  /** today's catalogue price, the one an order will be charged */
  pricePaisa: number;
  variantAttributes: VariantAttributes | null;
  quantity: number;
  combinationId: number | null;
  combinationName: string | null;
  /** units in stock for this line's combination, or the product's own stock without one */
  stock: number;
}

export interface StockCheck {
  available: boolean;
  stock: number;
  inCart: number;
  requested: number;
  /** the most units of this item one cart or order may hold (the store's setting) */
  maxUnits: number;
  /** the page's message when not available (spec §5, §8) */
  message: string | null;
}

/** A session id as the browser makes it (spec §3): "session_" + timestamp + random. */
export function newSessionId(): string {
  // 122 random bits: the id is the only key to a guest's cart (decision 0051)
  return `session_${Date.now()}_${randomUUID().replace(/-/g, "")}`;
}

/** spec §5 and §8 wording ("1 item", not "1 items"); the page shows it as it is. */
export function stockMessage(stock: number, inCart: number): string {
  if (stock <= 0) return "Insufficient stock";
  const available = `Only ${stock} ${stock === 1 ? "item" : "items"} available in stock.`;
  return inCart > 0 ? `${available} You already have ${inCart} in cart.` : available;
}

/** Whether inCart + quantity units fit the stock and the store's cap, and the words when not. */
function judge(stock: number, inCart: number, quantity: number, maxUnits: number): StockCheck {
  const wanted = inCart + quantity;
  const message = wanted > maxUnits ? maxUnitsMessage(maxUnits) : wanted > stock ? stockMessage(stock, inCart) : null;
  return { available: message === null, stock, inCart, requested: quantity, maxUnits, message };
}

function stockConflict(check: StockCheck): AppError {
  return new AppError(409, check.message ?? "Insufficient stock", {
    available: false,
    stock_quantity: check.stock,
    in_cart: check.inCart,
    requested: check.requested,
    max_quantity: Math.max(0, Math.min(check.stock, check.maxUnits) - check.inCart),
  });
}

/** The lines of a session's cart, oldest first, at today's prices; [] for an unknown session. */
export async function getCart(ctx: CoreContext, sessionId: string): Promise<CartLine[]> {
  const rows = await ctx.db
    .select({
      id: cartLines.id,
      productId: cartLines.productId,
      productName: products.name,
      productNameUr: products.nameUr,
      imageUrl: mainPhotoUrl,
      darazLink: products.darazLink,
      pricePaisa: sql<number>`coalesce(${variantCombinations.pricePaisa}, ${products.pricePaisa})`.mapWith(Number),
      variantAttributes: cartLines.variantAttributes,
      quantity: cartLines.quantity,
      combinationId: cartLines.combinationId,
      combinationName: variantCombinations.combinationName,
      stock: sql<number>`case when ${cartLines.combinationId} is null then ${products.stock}
        when ${variantCombinations.isAvailable} then ${variantCombinations.stock} else 0 end`.mapWith(Number),
    })
    .from(cartLines)
    .innerJoin(products, eq(products.id, cartLines.productId))
    .leftJoin(variantCombinations, eq(variantCombinations.id, cartLines.combinationId))
    .where(eq(cartLines.sessionId, sessionId))
    .orderBy(asc(cartLines.createdAt), asc(cartLines.id));
  return rows;
}

interface ResolvedItem {
  productId: number;
  productName: string;
  combinationId: number | null;
  attributes: VariantAttributes | null;
  pricePaisa: number;
  stock: number;
}

/**
 * The product and combination a shopper means: an explicit combination_id (which must belong
 * to the product), or the combination whose attributes the chosen options name.
 */
async function resolveItem(
  ctx: CoreContext,
  productId: number | null,
  combinationId: number | null,
  chosen: VariantAttributes | null,
): Promise<ResolvedItem> {
  if (combinationId !== null) {
    const [row] = await ctx.db
      .select({
        id: variantCombinations.id,
        productId: variantCombinations.productId,
        attributes: variantCombinations.variantAttributes,
        pricePaisa: variantCombinations.pricePaisa,
        stock: variantCombinations.stock,
        isAvailable: variantCombinations.isAvailable,
        productName: products.name,
      })
      .from(variantCombinations)
      .innerJoin(products, and(eq(products.id, variantCombinations.productId), eq(products.isActive, true)))
      .where(eq(variantCombinations.id, combinationId));
    if (!row) throw notFound("Variant combination not found");
    if (productId !== null && row.productId !== productId) {
      throw invalid("combination_id: this option does not belong to the product");
    }
    return {
      productId: row.productId,
      productName: row.productName,
      combinationId: row.id,
      // the combination's own attributes: one spelling per combination, so one line
      attributes: row.attributes,
      pricePaisa: row.pricePaisa,
      stock: row.isAvailable ? row.stock : 0,
    };
  }
  if (productId === null) throw invalid("product_id or combination_id is required");
  const [product] = await ctx.db
    .select({ id: products.id, name: products.name, pricePaisa: products.pricePaisa, stock: products.stock })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.isActive, true)));
  if (!product) throw notFound("Product not found");
  const combinations = await ctx.db
    .select({
      id: variantCombinations.id,
      attributes: variantCombinations.variantAttributes,
      pricePaisa: variantCombinations.pricePaisa,
      stock: variantCombinations.stock,
      isAvailable: variantCombinations.isAvailable,
    })
    .from(variantCombinations)
    .where(eq(variantCombinations.productId, productId))
    .orderBy(asc(variantCombinations.id));
  if (combinations.length === 0) {
    return {
      productId,
      productName: product.name,
      combinationId: null,
      attributes: chosen,
      pricePaisa: product.pricePaisa,
      stock: product.stock,
    };
  }
  const match = chosen ? combinations.find((c) => matchesCombination(chosen, c.attributes)) : undefined;
  if (!match) throw invalid(SELECT_ALL_OPTIONS);
  return {
    productId,
    productName: product.name,
    combinationId: match.id,
    attributes: match.attributes,
    pricePaisa: match.pricePaisa,
    stock: match.isAvailable ? match.stock : 0,
  };
}

/** Units of this combination (or of this product without one) already in the session's cart. */
async function quantityInCart(
  ctx: CoreContext,
  sessionId: string | null,
  productId: number,
  combinationId: number | null,
): Promise<number> {
  if (!sessionId) return 0;
  const [row] = await ctx.db
    .select({ n: sql<number>`coalesce(sum(${cartLines.quantity}), 0)`.mapWith(Number) })
    .from(cartLines)
    .where(
      and(
        eq(cartLines.sessionId, sessionId),
        eq(cartLines.productId, productId),
        combinationId === null ? isNull(cartLines.combinationId) : eq(cartLines.combinationId, combinationId),
      ),
    );
  return row?.n ?? 0;
}

/** Whether the session can add `quantity` more of a combination or a simple product (POST /check-stock). */
export async function checkStock(
  ctx: CoreContext,
  input: { productId: number | null; combinationId: number | null; quantity: number; sessionId: string | null },
): Promise<StockCheck> {
  const item = await resolveItem(ctx, input.productId, input.combinationId, null);
  const inCart = await quantityInCart(ctx, input.sessionId, item.productId, item.combinationId);
  const { effectiveMaxUnitsPerLine } = await getSiteSettings(ctx);
  return judge(item.stock, inCart, input.quantity, effectiveMaxUnitsPerLine);
}

export interface AddToCartInput {
  sessionId: string;
  productId: number;
  combinationId: number | null;
  quantity: number;
  /** the options the shopper chose; for products with combinations they pick the combination */
  attributes: VariantAttributes | null;
}

/** Adds an item; the same product, combination and options again adds to that line's quantity. */
export async function addToCart(ctx: CoreContext, input: AddToCartInput): Promise<CartLine> {
  const item = await resolveItem(ctx, input.productId, input.combinationId, input.attributes);
  const inCart = await quantityInCart(ctx, input.sessionId, item.productId, item.combinationId);
  const { effectiveMaxUnitsPerLine: maxUnits } = await getSiteSettings(ctx);
  const check = judge(item.stock, inCart, input.quantity, maxUnits);
  if (!check.available) throw stockConflict(check);
  const key = variantKey(item.attributes);
  const lineId = await ctx.db.transaction(async (tx) => {
    await tx
      .insert(carts)
      .values({ sessionId: input.sessionId })
      .onConflictDoUpdate({ target: carts.sessionId, set: { updatedAt: sql`now()` } });
    const [{ n } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(cartLines)
      .where(eq(cartLines.sessionId, input.sessionId));
    // one conditional statement: a new line, or more of an existing one up to the line maximum
    const [row] = await queryRows<{ id: number; inserted: boolean }>(
      tx,
      sql`
      insert into cart_lines (session_id, product_id, combination_id, variant_key, variant_attributes, quantity, price_paisa)
      values (${input.sessionId}, ${item.productId}, ${item.combinationId}, ${key},
              ${item.attributes ? JSON.stringify(item.attributes) : null}::jsonb, ${input.quantity}, ${item.pricePaisa})
      on conflict on constraint cart_lines_identity_key do update
        set quantity = cart_lines.quantity + excluded.quantity, price_paisa = excluded.price_paisa, updated_at = now()
        where cart_lines.quantity + excluded.quantity <= ${maxUnits}
      returning id, (xmax = 0) as inserted`,
    );
    // another add of the same item got in first
    if (!row) throw stockConflict({ ...check, available: false, message: maxUnitsMessage(maxUnits) });
    if (row.inserted && n >= MAX_CART_LINES) {
      throw new AppError(409, `Your cart is full: it can hold up to ${MAX_CART_LINES} different items.`);
    }
    return Number(row.id);
  });
  const line = (await getCart(ctx, input.sessionId)).find((l) => l.id === lineId);
  if (!line) throw new Error(`cart line ${lineId} vanished`);
  return line;
}

/** Removes the session's lines of one combination (DELETE /cart/session/{s}/combination/{c}). */
export async function removeCombinationLine(
  ctx: CoreContext,
  sessionId: string,
  combinationId: number,
): Promise<number> {
  const removed = await ctx.db
    .delete(cartLines)
    .where(and(eq(cartLines.sessionId, sessionId), eq(cartLines.combinationId, combinationId)))
    .returning({ id: cartLines.id });
  return removed.length;
}

/**
 * Removes the session's lines of a product with these options (DELETE /cart/session/{s}/product/{p},
 * body variant_details); without options, every line of the product.
 */
export async function removeProductLine(
  ctx: CoreContext,
  sessionId: string,
  productId: number,
  attributes: VariantAttributes | null | undefined,
): Promise<number> {
  const conditions = [eq(cartLines.sessionId, sessionId), eq(cartLines.productId, productId)];
  if (attributes !== undefined) conditions.push(eq(cartLines.variantKey, variantKey(attributes)));
  const removed = await ctx.db
    .delete(cartLines)
    .where(and(...conditions))
    .returning({ id: cartLines.id });
  return removed.length;
}

/** Empties the session's cart (DELETE /cart/{sessionId}); answers how many lines went. */
export async function clearCart(ctx: CoreContext, sessionId: string): Promise<number> {
  const removed = await ctx.db
    .delete(cartLines)
    .where(eq(cartLines.sessionId, sessionId))
    .returning({ id: cartLines.id });
  await ctx.db.delete(carts).where(eq(carts.sessionId, sessionId));
  return removed.length;
}
