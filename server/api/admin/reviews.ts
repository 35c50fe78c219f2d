// The review moderation queue through the staff API (decision 0061): the
// reviews permission (owners, managers, the catalogue team) lists, publishes, hides and deletes;
// the owner chooses which new reviews wait (the settings permission).
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  deleteReview,
  hideReview,
  listReviewsForModeration,
  publishReview,
  REVIEW_SEARCH_MAX,
  type ModeratedReview,
  type ModerationResult,
} from "../../../core/catalog/review-moderation";
import { REVIEW_STATUSES, REVIEWS_HELD_CHOICES } from "../../../core/catalog/review-states";
import type { CoreContext } from "../../../core/context";
import { getReviewModeration, setReviewModeration } from "../../../core/catalog/review-settings";
import { requireStaff, staffActor } from "../../plugins/staff-auth";
import { idParams, idSchema, pageQuery } from "../http";
import { answerOf, answers, moment, pageOf } from "../answers";
import { staffOperation } from "./docs";

// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;

const listQuery = pageQuery(200, 50).extend({
  status: z.enum(REVIEW_STATUSES, { error: `status must be one of: ${REVIEW_STATUSES.join(", ")}` }).default("all"),
  product_id: idSchema("product_id").optional(),
  rating: z.coerce
    .number({ error: "rating must be a whole number from 1 to 5" })
    .int("rating must be a whole number from 1 to 5")
    .min(1, "rating must be a whole number from 1 to 5")
    .max(5, "rating must be a whole number from 1 to 5")
    .optional(),
  search: z
    .string()
    .max(REVIEW_SEARCH_MAX, `search must be at most ${REVIEW_SEARCH_MAX} characters`)
    .refine((value) => !CONTROL.test(value), { message: "search must not contain control characters" })
    .optional(),
});

function presentModeratedReview(review: ModeratedReview) {
  return {
    id: review.id,
    product_id: review.productId,
    product_name: review.productName,
    product_custom_url: review.productCustomUrl,
    rating: review.rating,
    review_text: review.reviewText,
    reviewer_name: review.reviewerName,
    is_guest: review.isGuest,
    user_name: review.userName,
    status: review.status,
    created_at: review.createdAt,
    moderated_at: review.moderatedAt,
  };
}

const presentResult = (result: ModerationResult) => ({
  id: result.id,
  product_id: result.productId,
  status: result.status,
  changed: result.changed,
});

const moderatedReviewAnswer = answerOf<ReturnType<typeof presentModeratedReview>>()(
  z.object({
    id: z.number(),
    product_id: z.number(),
    product_name: z.string(),
    product_custom_url: z.string().nullable(),
    rating: z.number(),
    review_text: z.string(),
    reviewer_name: z.string(),
    is_guest: z.boolean(),
    user_name: z.string().nullable(),
    status: z.enum(["published", "waiting", "hidden"]),
    created_at: moment,
    moderated_at: moment.nullable(),
  }),
);

const moderationAnswer = answerOf<ReturnType<typeof presentResult>>()(
  z.object({
    id: z.number(),
    product_id: z.number(),
    status: z.enum(["published", "waiting", "deleted", "hidden"]),
    changed: z.boolean(),
  }),
);

const reviewSettingsAnswer = z.object({
  reviews_held_for_moderation: z.enum(["all", "none", "guests"]),
});

export async function adminReviewRoutes(app: FastifyInstance, { core }: { core: CoreContext }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    "/admin/reviews",
    {
      schema: {
        operationId: "listModeratedReviews",
        response: answers({ 200: pageOf(moderatedReviewAnswer, { "x-waiting-count": "How many wait for staff" }) }),

        ...staffOperation(
          "reviews",
          "Reviews, newest first: status waiting (never checked), published, hidden or all; product_id, rating and search (text, name or product) narrow it; the total is in X-Total-Count and the number waiting in X-Waiting-Count",
        ),
        querystring: listQuery,
      },
      onRequest: requireStaff(core, "reviews"),
    },
    async (request, reply) => {
      const q = request.query;
      const page = await listReviewsForModeration(core, staffActor(request), {
        status: q.status,
        productId: q.product_id,
        rating: q.rating,
        search: q.search || undefined,
        limit: q.limit,
        offset: q.offset,
      });
      reply.header("x-total-count", String(page.total)).header("x-waiting-count", String(page.waiting));
      return page.items.map(presentModeratedReview);
    },
  );

  api.post(
    "/admin/reviews/:id/publish",
    {
      schema: {
        operationId: "publishReview",
        response: answers({ 200: moderationAnswer }, 404),

        ...staffOperation(
          "reviews",
          "Shows the review on its product's page at once; publishing a published review changes nothing (changed: false)",
        ),
        params: idParams,
      },
      onRequest: requireStaff(core, "reviews"),
    },
    async (request) => {
      return presentResult(await publishReview(core, staffActor(request), request.params.id));
    },
  );

  api.post(
    "/admin/reviews/:id/hide",
    {
      schema: {
        operationId: "hideReview",
        response: answers({ 200: moderationAnswer }, 404),

        ...staffOperation(
          "reviews",
          "Takes the review off its product's page (it stays under hidden); hiding a hidden review changes nothing (changed: false)",
        ),
        params: idParams,
      },
      onRequest: requireStaff(core, "reviews"),
    },
    async (request) => {
      return presentResult(await hideReview(core, staffActor(request), request.params.id));
    },
  );

  api.delete(
    "/admin/reviews/:id",
    {
      schema: {
        operationId: "deleteReview",
        response: answers({ 200: moderationAnswer }, 404),

        ...staffOperation("reviews", "Deletes the review for good; 404 when it is already gone"),
        params: idParams,
      },
      onRequest: requireStaff(core, "reviews"),
    },
    async (request) => {
      return presentResult(await deleteReview(core, staffActor(request), request.params.id));
    },
  );

  api.get(
    "/admin/settings/reviews",
    {
      schema: {
        operationId: "getReviewSettings",
        response: answers({ 200: reviewSettingsAnswer }),
        ...staffOperation("settings", "Which new reviews wait for staff before they show: none, guests or all"),
      },
      onRequest: requireStaff(core, "settings"),
    },
    async (request) => ({
      reviews_held_for_moderation: await getReviewModeration(core, staffActor(request)),
    }),
  );

  api.put(
    "/admin/settings/reviews",
    {
      schema: {
        operationId: "updateReviewSettings",
        response: answers({ 200: reviewSettingsAnswer }),

        ...staffOperation(
          "settings",
          "Chooses which new reviews wait for staff before they show: none (the default), guests or all; reviews already posted stay as they are",
        ),
        body: z.object({
          reviews_held_for_moderation: z.enum(REVIEWS_HELD_CHOICES, {
            error: `reviews_held_for_moderation must be one of: ${REVIEWS_HELD_CHOICES.join(", ")}`,
          }),
        }),
      },
      onRequest: requireStaff(core, "settings"),
    },
    async (request) => ({
      reviews_held_for_moderation: await setReviewModeration(
        core,
        staffActor(request),
        request.body.reviews_held_for_moderation,
      ),
    }),
  );
}
