// Catalogue calls of spec §7: products, collections, reviews and combination stock.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { getCollection, listCollections } from "../../core/catalog/collections";
import {
  PRODUCT_SORTS,
  getCombinationQuantity,
  getProduct,
  getProductByUrl,
  listProducts,
  recommendedProducts,
  similarProducts,
} from "../../core/catalog/products";
import { REVIEW_HELD_NOTE } from "../../core/catalog/review-states";
import { addReview, listReviews, reviewInput } from "../../core/catalog/reviews";
import type { CoreContext } from "../../core/context";
import { settingWords } from "../../core/settings/site-settings";
import { productTag } from "../../core/shared/cache";
import { notFound } from "../../core/shared/errors";
import { parseRupees } from "../../core/shared/money-input";
import { userIdOrGuest } from "../plugins/auth";
import { money } from "../serialize";
import { WithHeaders, idParams, idSchema, limitSchema, offsetSchema, sendCachedJson } from "./http";
import { answers, collectionAnswer, pageOf, productAnswer, reviewAnswer, rupees } from "./answers";
import { presentCollection, presentProduct, presentReview } from "./presenters";

const rupeeAmount = (name: string) =>
  z
    .string()
    .trim()
    .transform((value, ctx) => {
      const paisa = parseRupees(value);
      if (paisa === null || paisa < 0) {
        ctx.addIssue({ code: "custom", message: `${name} must be an amount in rupees, such as 2499 or 2499.50` });
        return z.NEVER;
      }
      return paisa;
    });

// ?size=S,M or ?size=S&size=M
const valueList = z.union([z.string(), z.array(z.string())]).transform((value) =>
  (Array.isArray(value) ? value : [value])
    .flatMap((v) => v.split(","))
    .map((v) => v.trim())
    .filter(Boolean)
    .slice(0, 20),
);

export const productListQuery = z.object({
  collection_id: z
    .union([z.literal("all"), idSchema("collection_id")])
    .optional()
    .describe('a collection id, or "all" for every product'),
  search: z.string().trim().max(100, "search must be at most 100 characters").optional(),
  limit: limitSchema(200, 100),
  offset: offsetSchema,
  sort: z.enum(PRODUCT_SORTS, { error: `sort must be one of ${PRODUCT_SORTS.join(", ")}` }).optional(),
  min_price: rupeeAmount("min_price").optional(),
  max_price: rupeeAmount("max_price").optional(),
  size: valueList.optional(),
  color: valueList.optional(),
});

const productList = z.array(productAnswer);

// a review the shop checks first says so (decision 0061)
const postedReview = reviewAnswer.extend({
  is_approved: z.literal(false).optional(),
  awaiting_moderation: z.literal(true).optional(),
  message: z.string().optional(),
});

const combinationQuantity = z.object({
  id: z.int(),
  product_id: z.int(),
  stock_quantity: z.int(),
  stock: z.int(),
  price: rupees,
  is_available: z.boolean(),
});

const limitQuery = (fallback: number) => z.object({ limit: limitSchema(50, fallback) });

export async function catalogRoutes(app: FastifyInstance, { core }: { core: CoreContext }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    "/products",
    {
      schema: {
        tags: ["catalogue"],
        operationId: "listProducts",
        summary: "Products, filtered, sorted and paged. The total count is in X-Total-Count.",
        querystring: productListQuery,
        response: answers({ 200: pageOf(productAnswer) }),
      },
    },
    async (request, reply) =>
      sendCachedJson(core, request, reply, async () => {
        const q = request.query;
        const words = await settingWords(core);
        const page = await listProducts(core, {
          collectionId: q.collection_id === "all" ? undefined : q.collection_id,
          search: q.search || undefined,
          limit: q.limit,
          offset: q.offset,
          sort: q.sort,
          minPricePaisa: q.min_price,
          maxPricePaisa: q.max_price,
          sizes: q.size,
          colors: q.color,
        });
        return new WithHeaders(
          page.items.map((p) => presentProduct(p, undefined, words)),
          { "x-total-count": String(page.total) },
        );
      }),
  );

  api.get(
    "/products/recommended",
    {
      schema: {
        tags: ["catalogue"],
        operationId: "listRecommendedProducts",
        summary: "Best-rated products in stock",
        querystring: limitQuery(4),
        response: answers({ 200: productList }),
      },
    },
    async (request, reply) =>
      sendCachedJson(core, request, reply, async () => {
        const words = await settingWords(core);
        return (await recommendedProducts(core, request.query.limit)).map((p) => presentProduct(p, undefined, words));
      }),
  );

  api.get(
    "/products/by-url/:customUrl",
    {
      schema: {
        tags: ["catalogue"],
        operationId: "getProductByUrl",
        summary: "One product by its custom URL",
        params: z.object({ customUrl: z.string().min(1).max(200) }),
        response: answers({ 200: productAnswer }, 404),
      },
    },
    async (request, reply) =>
      sendCachedJson(core, request, reply, async () => {
        const product = await getProductByUrl(core, request.params.customUrl);
        if (!product) throw notFound("Product not found");
        const words = await settingWords(core);
        // tagged once loaded: the URL does not say which product it names
        return new WithHeaders(presentProduct(product, (await listReviews(core, product.id, 20)) ?? [], words), {}, [
          productTag(product.id),
        ]);
      }),
  );

  api.get(
    "/products/:id",
    {
      schema: {
        tags: ["catalogue"],
        operationId: "getProduct",
        summary: "One product with its latest reviews",
        params: idParams,
        response: answers({ 200: productAnswer }, 404),
      },
    },
    async (request, reply) =>
      sendCachedJson(
        core,
        request,
        reply,
        async () => {
          const product = await getProduct(core, request.params.id);
          if (!product) throw notFound("Product not found");
          const words = await settingWords(core);
          return presentProduct(product, (await listReviews(core, product.id, 20)) ?? [], words);
        },
        [productTag(request.params.id)],
      ),
  );

  api.get(
    "/products/:id/similar",
    {
      schema: {
        tags: ["catalogue"],
        operationId: "listSimilarProducts",
        summary: "Products from the same collections, nearest in price",
        params: idParams,
        querystring: limitQuery(8),
        response: answers({ 200: productList }, 404),
      },
    },
    async (request, reply) =>
      sendCachedJson(core, request, reply, async () => {
        const similar = await similarProducts(core, request.params.id, request.query.limit);
        if (!similar) throw notFound("Product not found");
        const words = await settingWords(core);
        return similar.map((p) => presentProduct(p, undefined, words));
      }),
  );

  api.get(
    "/products/:id/reviews",
    {
      schema: {
        tags: ["reviews"],
        operationId: "listProductReviews",
        summary: "Reviews of a product, newest first",
        params: idParams,
        response: answers({ 200: z.array(reviewAnswer) }, 404),
      },
    },
    async (request, reply) =>
      sendCachedJson(
        core,
        request,
        reply,
        async () => {
          const list = await listReviews(core, request.params.id);
          if (!list) throw notFound("Product not found");
          return list.map(presentReview);
        },
        [productTag(request.params.id)],
      ),
  );

  api.post(
    "/products/:id/reviews",
    {
      schema: {
        tags: ["reviews"],
        operationId: "addProductReview",
        summary: "Post a review (guests give a name)",
        params: idParams,
        body: reviewInput,
        response: answers({ 201: postedReview }, 404, 409, 429),
      },
    },
    async (request, reply) => {
      const userId = await userIdOrGuest(core, request);
      const review = await addReview(core, request.params.id, request.body, { userId, clientIp: request.ip });
      // a review the shop checks first says so (decision 0061); the spec's fields stay as they are
      return reply
        .code(201)
        .send(
          review.isApproved
            ? presentReview(review)
            : { ...presentReview(review), is_approved: false, awaiting_moderation: true, message: REVIEW_HELD_NOTE },
        );
    },
  );

  api.get(
    "/variant-combination/:id/quantity",
    {
      schema: {
        tags: ["catalogue"],
        operationId: "getCombinationQuantity",
        summary: "Stock and price of one combination",
        params: idParams,
        response: answers({ 200: combinationQuantity }, 404),
      },
    },
    async (request, reply) => {
      const combination = await getCombinationQuantity(core, request.params.id);
      if (!combination) throw notFound("Variant combination not found");
      // stock must be fresh here: never from the cache
      reply.header("cache-control", "no-store");
      return {
        id: combination.id,
        product_id: combination.productId,
        stock_quantity: combination.stock,
        stock: combination.stock,
        price: money(combination.pricePaisa),
        is_available: combination.isAvailable && combination.stock > 0,
      };
    },
  );

  api.get(
    "/collections",
    {
      schema: {
        tags: ["catalogue"],
        operationId: "listCollections",
        summary: "All collections",
        response: answers({ 200: z.array(collectionAnswer) }),
      },
    },
    async (request, reply) =>
      sendCachedJson(core, request, reply, async () => (await listCollections(core)).map(presentCollection)),
  );

  api.get(
    "/featured-collections",
    {
      schema: {
        tags: ["catalogue"],
        operationId: "listFeaturedCollections",
        summary: "Collections marked as featured",
        response: answers({ 200: z.array(collectionAnswer) }),
      },
    },
    async (request, reply) =>
      sendCachedJson(core, request, reply, async () =>
        (await listCollections(core, { featuredOnly: true })).map(presentCollection),
      ),
  );

  api.get(
    "/collections/:id",
    {
      schema: {
        tags: ["catalogue"],
        operationId: "getCollection",
        summary: "One collection",
        params: idParams,
        response: answers({ 200: collectionAnswer }, 404),
      },
    },
    async (request, reply) =>
      sendCachedJson(core, request, reply, async () => {
        const collection = await getCollection(core, request.params.id);
        if (!collection) throw notFound("Collection not found");
        return presentCollection(collection);
      }),
  );
}
