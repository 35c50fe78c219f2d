// Product reviews: guests post under a typed name (spec §1, §5). The product's count and
// rating total change in the same transaction as the insert, so the average is never stale.
import { and, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { CoreContext } from "../context";
import { notFound } from "../shared/errors";
import { products, reviews, users } from "../../db/schema";
import type { Review } from "./products";

export const REVIEW_TEXT_MAX = 2000;
export const REVIEWER_NAME_MAX = 80;

// spec §5: name required, text required, rating a whole number 1 to 5 (default 5)
export const reviewInput = z.object({
  rating: z
    .number({ error: "rating must be a whole number from 1 to 5" })
    .int("rating must be a whole number from 1 to 5")
    .min(1, "rating must be a whole number from 1 to 5")
    .max(5, "rating must be a whole number from 1 to 5")
    .default(5),
  review_text: z
    .string({ error: "review_text is required" })
    .trim()
    .min(1, "review_text is required")
    .max(REVIEW_TEXT_MAX, `review_text must be at most ${REVIEW_TEXT_MAX} characters`),
  reviewer_name: z
    .string({ error: "Please enter your name" })
    .trim()
    .min(1, "Please enter your name")
    .max(REVIEWER_NAME_MAX, `reviewer_name must be at most ${REVIEWER_NAME_MAX} characters`),
});
export type ReviewInput = z.infer<typeof reviewInput>;

const reviewColumns = {
  id: reviews.id,
  productId: reviews.productId,
  rating: reviews.rating,
  reviewText: reviews.reviewText,
  reviewerName: reviews.reviewerName,
  isGuest: reviews.isGuest,
  createdAt: reviews.createdAt,
  userFirstName: users.firstName,
  userLastName: users.lastName,
};

function toReview(row: {
  id: number;
  productId: number;
  rating: number;
  reviewText: string;
  reviewerName: string;
  isGuest: boolean;
  createdAt: Date;
  userFirstName: string | null;
  userLastName: string | null;
}): Review {
  const { userFirstName, userLastName, ...rest } = row;
  return {
    ...rest,
    user: userFirstName !== null ? { firstName: userFirstName, lastName: userLastName ?? "" } : null,
  };
}

/** Reviews of a product, newest first; null when the product does not exist. */
export async function listReviews(ctx: CoreContext, productId: number, limit = 100): Promise<Review[] | null> {
  const [product] = await ctx.db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.isActive, true)));
  if (!product) return null;
  const rows = await ctx.db
    .select(reviewColumns)
    .from(reviews)
    .leftJoin(users, eq(users.id, reviews.userId))
    .where(and(eq(reviews.productId, productId), eq(reviews.isApproved, true)))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit);
  return rows.map(toReview);
}

/** Stores a review and updates the product's rating; userId when a signed-in shopper posts. */
export async function addReview(
  ctx: CoreContext,
  productId: number,
  input: ReviewInput,
  userId: number | null = null,
): Promise<Review> {
  const review = await ctx.db.transaction(async (tx) => {
    const updated = await tx
      .update(products)
      .set({
        reviewCount: sql`${products.reviewCount} + 1`,
        ratingTotal: sql`${products.ratingTotal} + ${input.rating}`,
      })
      .where(and(eq(products.id, productId), eq(products.isActive, true)))
      .returning({ id: products.id });
    if (updated.length === 0) throw notFound("Product not found");
    const [row] = await tx
      .insert(reviews)
      .values({
        productId,
        userId,
        rating: input.rating,
        reviewText: input.review_text,
        reviewerName: input.reviewer_name,
        isGuest: userId === null,
      })
      .returning();
    return row!;
  });
  ctx.cache.clear();
  const user =
    userId === null
      ? null
      : ((await ctx.db
          .select({ firstName: users.firstName, lastName: users.lastName })
          .from(users)
          .where(eq(users.id, userId)))[0] ?? null);
  return { ...review, user };
}
