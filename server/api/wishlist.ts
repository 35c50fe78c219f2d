// The signed-in shopper's wishlist: saved products, newest first; saving and removing one.
// Registered by userRoutes, under its no-store hook.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { addToWishlist, listWishlist, removeFromWishlist } from "../../core/accounts/wishlist";
import type { CoreContext } from "../../core/context";
import { requireUser, signedInUser } from "../plugins/auth";
import { idSchema } from "./http";
import { answers, moment, noContent, productAnswer } from "./answers";
import { presentProduct } from "./presenters";
import { SHOPPER_SECURITY } from "./user-answers";

const productParams = z.object({ productId: idSchema("productId") });

const wishlistEntry = z.object({ product_id: z.int(), added_at: moment, in_wishlist: z.literal(true) });

export function wishlistRoutes(app: FastifyInstance, core: CoreContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireUser(core);

  api.get(
    "/users/wishlist",
    {
      schema: {
        tags: ["wishlist"],
        operationId: "listWishlist",
        summary: "Saved products, newest first",
        security: SHOPPER_SECURITY,
        response: answers({
          200: z.array(z.object({ product_id: z.int(), product: productAnswer, added_at: moment })),
        }),
      },
      preHandler: signedIn,
    },
    async (request) =>
      (await listWishlist(core, signedInUser(request).id)).map((entry) => ({
        product_id: entry.product.id,
        product: presentProduct(entry.product),
        added_at: entry.addedAt,
      })),
  );

  api.post(
    "/users/wishlist/:productId",
    {
      schema: {
        tags: ["wishlist"],
        summary: "Save a product (201; 200 when it was already saved; 404 for a missing product)",
        params: productParams,
        security: SHOPPER_SECURITY,
        operationId: "addToWishlist",
        response: answers({ 200: wishlistEntry, 201: wishlistEntry }, 404),
      },
      preHandler: signedIn,
    },
    async (request, reply) => {
      const { productId } = request.params;
      const { added, addedAt } = await addToWishlist(core, signedInUser(request).id, productId);
      return reply.code(added ? 201 : 200).send({ product_id: productId, added_at: addedAt, in_wishlist: true });
    },
  );

  api.delete(
    "/users/wishlist/:productId",
    {
      schema: {
        tags: ["wishlist"],
        summary: "Remove a product from the wishlist (204, also when it was not there)",
        params: productParams,
        security: SHOPPER_SECURITY,
        operationId: "removeFromWishlist",
        response: answers({ 204: noContent }),
      },
      preHandler: signedIn,
    },
    async (request, reply) => {
      await removeFromWishlist(core, signedInUser(request).id, request.params.productId);
      return reply.code(204).send();
    },
  );
}
