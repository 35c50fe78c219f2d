// Product reviews: guests post under a typed name (spec §1, §5). The product's count and
// rating total change in the same transaction as the insert, so the average is never stale.
// Posting is limited (decision 0052): a stranger's flood of one-star reviews took a product
// from 3.5 to 1.1 stars in a minute.
import { and, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { CoreContext } from "../context";
import { productTag } from "../shared/cache";
import { notFound } from "../shared/errors";
import { enforceLimit } from "../shared/rate-limit";
import { products, reviews, users } from "../../db/schema";
import { getSiteSettings } from "../settings/site-settings";
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

function toReview(row: Omit<Review, "user"> & { userFirstName: string | null; userLastName: string | null }): Review {
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

// Many shoppers share one address (mobile networks put whole towns behind a few), so the limits
// per address are generous; the limit per product for guests is what stops a flood from many
// addresses, and a signed-in shopper (one account, one voice) is not held by it.
// Mutable on purpose: a test can lower a limit for the app it builds.
export const REVIEW_LIMITS = {
  perAddressAndProduct: {
    limit: 3,
    windowSeconds: 24 * 60 * 60,
    message: "You have already reviewed this product several times today. Thank you! Please try again tomorrow.",
  },
  perAddress: {
    limit: 10,
    windowSeconds: 60 * 60,
    message: "Too many reviews from your connection. Please wait an hour and try again.",
  },
  guestsPerProduct: {
    limit: 20,
    windowSeconds: 60 * 60,
    message: "This product has had many reviews in the last hour. Please try again later, or sign in to review it.",
  },
};

/** Who posts a review: a signed-in shopper's id, and the address every post is counted by. */
export interface ReviewAuthor {
  userId: number | null;
  clientIp: string;
}

/** Counts the post against each limit, before anything is written; 429 beyond one. */
async function limitReviews(ctx: CoreContext, productId: number, author: ReviewAuthor): Promise<void> {
  const who = author.userId !== null ? `user:${author.userId}` : `ip:${author.clientIp}`;
  const rules: [string, (typeof REVIEW_LIMITS)[keyof typeof REVIEW_LIMITS]][] = [
    [`reviews:${who}:product:${productId}`, REVIEW_LIMITS.perAddressAndProduct],
    [`reviews:ip:${author.clientIp}`, REVIEW_LIMITS.perAddress],
  ];
  if (author.userId === null) rules.push([`reviews:guests:product:${productId}`, REVIEW_LIMITS.guestsPerProduct]);
  for (const [key, rule] of rules) {
    await enforceLimit(ctx.limiter, key, rule.limit, rule.windowSeconds, rule.message);
  }
}

/** A review just posted; isApproved is false when it waits for the shop to check it. */
export type PostedReview = Review & { isApproved: boolean };

/** Whether the shop's setting holds this author's new review for moderation (decision 0061). */
export function isHeldForModeration(setting: string, userId: number | null): boolean {
  return setting === "all" || (setting === "guests" && userId === null);
}

/**
 * Stores a review and updates the product's rating, within the limits above. Clears only the
 * reviewed product's cached answers and pages: other pages show its new average within the
 * cache's few seconds (decision 0052). When the shop holds such reviews for moderation
 * (decision 0061) the review is stored unapproved and the product's count and rating stay as
 * they are until staff publish it: they count approved reviews only.
 */
export async function addReview(
  ctx: CoreContext,
  productId: number,
  input: ReviewInput,
  author: ReviewAuthor,
): Promise<PostedReview> {
  const { userId } = author;
  await limitReviews(ctx, productId, author);
  const held = isHeldForModeration((await getSiteSettings(ctx)).reviewsHeldForModeration, userId);
  const review = await ctx.db.transaction(async (tx) => {
    // a held review leaves the product's count and rating alone: it only needs the product to exist
    const updated = held
      ? await tx
          .select({ id: products.id })
          .from(products)
          .where(and(eq(products.id, productId), eq(products.isActive, true)))
      : await tx
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
        isApproved: !held,
      })
      .returning();
    return row!;
  });
  // a held review changes nothing the storefront shows
  if (!held) ctx.cache.invalidateTag(productTag(productId));
  const user =
    userId === null
      ? null
      : ((
          await ctx.db
            .select({ firstName: users.firstName, lastName: users.lastName })
            .from(users)
            .where(eq(users.id, userId))
        )[0] ?? null);
  return {
    id: review.id,
    productId: review.productId,
    rating: review.rating,
    reviewText: review.reviewText,
    reviewerName: review.reviewerName,
    isGuest: review.isGuest,
    createdAt: review.createdAt,
    isApproved: review.isApproved,
    user,
  };
}
