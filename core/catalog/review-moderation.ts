// The review moderation queue (decision 0061). Staff with the reviews
// permission publish, hide or delete reviews; with the shop's setting, new guest (or all) reviews
// wait here unapproved until someone checks them. A product's count and rating total count its
// approved reviews only, so each move in or out of "approved" changes them in the same
// transaction, under the review's row lock: two staff acting at once change them once.
import { and, count, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import type { CoreContext } from "../context";
import { productTag } from "../shared/cache";
import { notFound } from "../shared/errors";
import { requirePermission } from "../shared/staff-errors";
import type { StaffActor } from "../shared/permissions";
import { escapeLike } from "../shared/search";
import { staffWrite } from "../shared/staff-write";
import type { Db } from "../../db/client";
import { products, reviews, users } from "../../db/schema";

import { type ReviewStatus } from "./review-states";

export const REVIEW_SEARCH_MAX = 100;

export interface ReviewQuery {
  status: ReviewStatus;
  productId?: number;
  rating?: number;
  search?: string;
  limit: number;
  offset: number;
}

export interface ModeratedReview {
  id: number;
  productId: number;
  productName: string;
  productCustomUrl: string | null;
  rating: number;
  reviewText: string;
  reviewerName: string;
  isGuest: boolean;
  /** the account's name, when a signed-in shopper wrote it */
  userName: string | null;
  status: Exclude<ReviewStatus, "all">;
  createdAt: Date;
  moderatedAt: Date | null;
}

/** waiting: not approved and never moderated; hidden: not approved by a member of staff. */
function statusWhere(status: ReviewStatus): SQL | undefined {
  if (status === "published") return eq(reviews.isApproved, true);
  if (status === "waiting") return and(eq(reviews.isApproved, false), isNull(reviews.moderatedAt));
  if (status === "hidden") return and(eq(reviews.isApproved, false), isNotNull(reviews.moderatedAt));
  return undefined;
}

const statusOf = (r: { isApproved: boolean; moderatedAt: Date | null }): ModeratedReview["status"] =>
  r.isApproved ? "published" : r.moderatedAt === null ? "waiting" : "hidden";

/** Reviews for the queue, newest first, with the filters' total and how many are waiting. */
export async function listReviewsForModeration(
  ctx: CoreContext,
  actor: StaffActor,
  query: ReviewQuery,
): Promise<{ items: ModeratedReview[]; total: number; waiting: number }> {
  requirePermission(actor, "reviews");
  const term = query.search?.trim();
  // the search is a plain substring: %, _ and \ are escaped so they match themselves
  const pattern = term ? `%${escapeLike(term)}%` : undefined;
  const where = and(
    statusWhere(query.status),
    query.productId !== undefined ? eq(reviews.productId, query.productId) : undefined,
    query.rating !== undefined ? eq(reviews.rating, query.rating) : undefined,
    pattern
      ? or(ilike(reviews.reviewText, pattern), ilike(reviews.reviewerName, pattern), ilike(products.name, pattern))
      : undefined,
  );
  const [rows, [total], [waiting]] = await Promise.all([
    ctx.db
      .select({
        id: reviews.id,
        productId: reviews.productId,
        productName: products.name,
        productCustomUrl: products.customUrl,
        rating: reviews.rating,
        reviewText: reviews.reviewText,
        reviewerName: reviews.reviewerName,
        isGuest: reviews.isGuest,
        isApproved: reviews.isApproved,
        firstName: users.firstName,
        lastName: users.lastName,
        createdAt: reviews.createdAt,
        moderatedAt: reviews.moderatedAt,
      })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .leftJoin(users, eq(users.id, reviews.userId))
      .where(where)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(query.limit)
      .offset(query.offset),
    ctx.db.select({ n: count() }).from(reviews).innerJoin(products, eq(products.id, reviews.productId)).where(where),
    ctx.db.select({ n: count() }).from(reviews).where(statusWhere("waiting")),
  ]);
  return {
    items: rows.map(({ isApproved, firstName, lastName, ...r }) => ({
      ...r,
      userName: firstName !== null ? `${firstName} ${lastName ?? ""}`.trim() : null,
      status: statusOf({ isApproved, moderatedAt: r.moderatedAt }),
    })),
    total: Number(total?.n ?? 0),
    waiting: Number(waiting?.n ?? 0),
  };
}

export interface ModerationResult {
  id: number;
  productId: number;
  status: ModeratedReview["status"] | "deleted";
  /** false when the review already was as asked (another member of staff got there first) */
  changed: boolean;
}

type Move = "publish" | "hide";

/** The review's row, locked to the end of the transaction; 404 when there is none. */
async function lockReview(tx: Db, reviewId: number) {
  const [review] = await tx
    .select({
      id: reviews.id,
      productId: reviews.productId,
      rating: reviews.rating,
      reviewerName: reviews.reviewerName,
      isGuest: reviews.isGuest,
      isApproved: reviews.isApproved,
      moderatedAt: reviews.moderatedAt,
    })
    .from(reviews)
    .where(eq(reviews.id, reviewId))
    .for("update");
  if (!review) throw notFound("Review not found");
  return review;
}

/**
 * Publishes or hides one review. The review's row is locked first, so of two staff acting at
 * once the second sees the first's result: publishing a published review (or hiding a hidden
 * one) changes nothing, records nothing and answers as done (decision 0061).
 */
async function moderate(ctx: CoreContext, actor: StaffActor, reviewId: number, move: Move): Promise<ModerationResult> {
  const result = await staffWrite(ctx, actor, "reviews", async ({ tx, audit, keepCache, clearTags }) => {
    const review = await lockReview(tx, reviewId);
    const before = statusOf(review);
    const after = move === "publish" ? "published" : "hidden";
    if (before === after) {
      keepCache();
      return { id: review.id, productId: review.productId, status: after, changed: false };
    }
    // a review shows on its product's pages only
    clearTags(productTag(review.productId));
    await tx
      .update(reviews)
      .set({ isApproved: move === "publish", moderatedAt: sql`now()`, moderatedBy: actor.userId })
      .where(eq(reviews.id, reviewId));
    // the product counts approved reviews only: in when published, out when a published one is hidden
    const delta = move === "publish" ? 1 : before === "published" ? -1 : 0;
    if (delta !== 0) await changeProductRating(tx, review.productId, delta, review.rating);
    await audit({
      action: `review.${move}`,
      entityType: "review",
      entityId: review.id,
      changes: { status: [before, after], product_id: review.productId },
    });
    return { id: review.id, productId: review.productId, status: after, changed: true };
  });
  return result as ModerationResult;
}

async function changeProductRating(tx: Db, productId: number, delta: 1 | -1, rating: number): Promise<void> {
  await tx
    .update(products)
    .set({
      reviewCount: sql`greatest(${products.reviewCount} + ${delta}, 0)`,
      ratingTotal: sql`greatest(${products.ratingTotal} + ${delta * rating}, 0)`,
    })
    .where(eq(products.id, productId));
}

/** Shows a review on its product's page (and counts it in the product's rating). */
export const publishReview = (ctx: CoreContext, actor: StaffActor, reviewId: number) =>
  moderate(ctx, actor, reviewId, "publish");

/** Takes a review off its product's page; it stays in the queue under Hidden. */
export const hideReview = (ctx: CoreContext, actor: StaffActor, reviewId: number) =>
  moderate(ctx, actor, reviewId, "hide");

/**
 * Deletes a review for good (spam, abuse). Locked like the others: of two deletes at once the
 * second finds nothing and answers 404, and the product's rating loses the review once.
 */
export async function deleteReview(ctx: CoreContext, actor: StaffActor, reviewId: number): Promise<ModerationResult> {
  return staffWrite(ctx, actor, "reviews", async ({ tx, audit, clearTags }) => {
    const review = await lockReview(tx, reviewId);
    clearTags(productTag(review.productId));
    await tx.delete(reviews).where(eq(reviews.id, reviewId));
    if (review.isApproved) await changeProductRating(tx, review.productId, -1, review.rating);
    // the text is not kept: a deleted review is often abuse, and the log cannot be edited later
    await audit({
      action: "review.delete",
      entityType: "review",
      entityId: review.id,
      changes: {
        status: [statusOf(review), "deleted"],
        product_id: review.productId,
        rating: review.rating,
        reviewer_name: review.reviewerName,
        is_guest: review.isGuest,
      },
    });
    return { id: review.id, productId: review.productId, status: "deleted" as const, changed: true };
  });
}
