// A signed-in shopper's wishlist (spec §2 Wishlist). Every query is scoped by the user id of
// the session, never by an id the client sends, so no one reaches another shopper's list.
import { and, count, desc, eq } from "drizzle-orm";
import type { CoreContext } from "../context";
import { AppError, notFound } from "../shared/errors";
import { products, wishlistEntries } from "../../db/schema";
import { getProductsByIds, type Product } from "../catalog/products";
import { databaseError, FOREIGN_KEY_VIOLATION } from "../shared/db-errors";

// far beyond any real wishlist; keeps one account from filling the table. Mutable on purpose:
// a test can lower it.
export const WISHLIST_LIMIT = { max: 500 };

export interface WishlistEntry {
  product: Product;
  addedAt: Date;
}

/** The user's saved products, newest first; products taken off sale are left out. */
export async function listWishlist(ctx: CoreContext, userId: number): Promise<WishlistEntry[]> {
  const entries = await ctx.db
    .select({ productId: wishlistEntries.productId, addedAt: wishlistEntries.addedAt })
    .from(wishlistEntries)
    .where(eq(wishlistEntries.userId, userId))
    .orderBy(desc(wishlistEntries.addedAt), desc(wishlistEntries.productId));
  const byId = new Map(
    (
      await getProductsByIds(
        ctx,
        entries.map((e) => e.productId),
      )
    ).map((p) => [p.id, p]),
  );
  return entries.flatMap((e) => {
    const product = byId.get(e.productId);
    return product ? [{ product, addedAt: e.addedAt }] : [];
  });
}

/** Saves a product; saving it again changes nothing. Answers whether it was new and when it was added. */
export async function addToWishlist(
  ctx: CoreContext,
  userId: number,
  productId: number,
): Promise<{ added: boolean; addedAt: Date }> {
  const [product] = await ctx.db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.isActive, true)));
  if (!product) throw notFound("Product not found");
  const [existing] = await ctx.db
    .select({ addedAt: wishlistEntries.addedAt })
    .from(wishlistEntries)
    .where(and(eq(wishlistEntries.userId, userId), eq(wishlistEntries.productId, productId)));
  if (existing) return { added: false, addedAt: existing.addedAt };
  const [size] = await ctx.db.select({ n: count() }).from(wishlistEntries).where(eq(wishlistEntries.userId, userId));
  if (Number(size?.n ?? 0) >= WISHLIST_LIMIT.max) {
    throw new AppError(422, `Your wishlist is full (${WISHLIST_LIMIT.max} items). Remove something first.`);
  }
  try {
    const [row] = await ctx.db
      .insert(wishlistEntries)
      .values({ userId, productId })
      .onConflictDoNothing()
      .returning({ addedAt: wishlistEntries.addedAt });
    if (row) return { added: true, addedAt: row.addedAt };
  } catch (error) {
    // the product was deleted between the check and the insert (foreign key violation)
    if (databaseError(error)?.code === FOREIGN_KEY_VIOLATION) {
      throw notFound("Product not found");
    }
    throw error;
  }
  // a second add of the same product at the same moment won the insert
  const [row] = await ctx.db
    .select({ addedAt: wishlistEntries.addedAt })
    .from(wishlistEntries)
    .where(and(eq(wishlistEntries.userId, userId), eq(wishlistEntries.productId, productId)));
  return { added: false, addedAt: row?.addedAt ?? new Date() };
}

/** Removes a product from the user's list; removing one that is not there is not an error. */
export async function removeFromWishlist(ctx: CoreContext, userId: number, productId: number): Promise<void> {
  await ctx.db
    .delete(wishlistEntries)
    .where(and(eq(wishlistEntries.userId, userId), eq(wishlistEntries.productId, productId)));
}
