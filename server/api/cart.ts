// Server cart and stock checks of spec §7: check-stock, cart/flexible (JSON, and the AMP page's
// form post), and the three delete calls. Lines have the shape of spec §3 "Cart line (server)".
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  addToCart,
  checkStock,
  clearCart,
  getCart,
  MAX_LINE_QUANTITY,
  newSessionId,
  removeCombinationLine,
  removeProductLine,
  sessionIdSchema,
  stockMessage,
  type CartLine,
} from "../../core/cart/cart";
import { parseVariantAttributes, VariantAttributesError } from "../../core/cart/variant-attributes";
import type { CoreContext } from "../../core/context";
import { AppError, invalid } from "../../core/shared/errors";
import { money } from "../serialize";
import { acceptEmptyJson, acceptFormPosts } from "./body-parsers";
import { idSchema } from "./http";
import { answerOf, answers, rupees } from "./answers";
import { PLACEHOLDER_IMAGE } from "./presenters";

// form posts send every field as text, and "" for an empty one
const blankToUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);
const optionalId = (name: string) => z.preprocess(blankToUndefined, idSchema(name).optional());
const quantity = z.preprocess(
  blankToUndefined,
  z.coerce
    .number({ error: `quantity must be a whole number from 1 to ${MAX_LINE_QUANTITY}` })
    .int(`quantity must be a whole number from 1 to ${MAX_LINE_QUANTITY}`)
    .min(1, `quantity must be a whole number from 1 to ${MAX_LINE_QUANTITY}`)
    .max(MAX_LINE_QUANTITY, `quantity must be a whole number from 1 to ${MAX_LINE_QUANTITY}`)
    .default(1),
);
const optionalSession = z.preprocess(blankToUndefined, sessionIdSchema.optional());
const option = (name: string) =>
  z.preprocess(blankToUndefined, z.string().trim().max(50, `${name} must be at most 50 characters`).optional());
const attributesInput = z.union([z.string().max(2000), z.record(z.string(), z.unknown()), z.null()]).optional();

function attributesOf(value: unknown, field: string) {
  try {
    return parseVariantAttributes(value);
  } catch (error) {
    if (error instanceof VariantAttributesError) throw invalid(`${field} ${error.message}`);
    throw error;
  }
}

const checkStockBody = z.object({
  combination_id: optionalId("combination_id"),
  product_id: optionalId("product_id"),
  quantity,
  session_id: optionalSession,
});

// spec §3 "Add-to-cart payload"; the AMP form sends product_id, quantity and price only
const addToCartBody = z.object({
  session_id: optionalSession,
  product_id: idSchema("product_id"),
  quantity,
  // the page's price is not trusted: the line always carries the catalogue's price
  price: z.unknown().optional(),
  combination_id: optionalId("combination_id"),
  variant_attributes: attributesInput,
  size: option("size"),
  // spec §3: "variant" holds the colour
  variant: option("variant"),
});

const sessionParams = z.object({ sessionId: sessionIdSchema });

export function presentCartLine(line: CartLine) {
  return {
    id: line.id,
    product_id: line.productId,
    product: {
      id: line.productId,
      name: line.productName,
      // the product's current Urdu name: the browser's cart refreshes its lines from this answer
      name_ur: line.productNameUr?.trim() || null,
      image_url: line.imageUrl ?? PLACEHOLDER_IMAGE,
      daraz_link: line.darazLink,
    },
    price: money(line.pricePaisa),
    variant_attributes: JSON.stringify(line.variantAttributes ?? {}),
    quantity: line.quantity,
    combination:
      line.combinationId === null
        ? null
        : { id: line.combinationId, combination_name: line.combinationName, stock_quantity: line.stock },
    combination_id: line.combinationId,
    stock_quantity: line.stock,
    line_total: money(line.pricePaisa * line.quantity),
  };
}

const cartLineAnswer = answerOf<ReturnType<typeof presentCartLine>>()(
  z.object({
    id: z.int(),
    product_id: z.int(),
    product: z.object({
      id: z.int(),
      name: z.string().describe("the product's English name"),
      name_ur: z.string().nullable().describe("the name in Urdu; null: none written, show the English"),
      image_url: z.string(),
      daraz_link: z.string().nullable(),
    }),
    price: rupees,
    variant_attributes: z.string().describe("the chosen options as JSON text"),
    quantity: z.int(),
    combination: z.object({ id: z.int(), combination_name: z.string().nullable(), stock_quantity: z.int() }).nullable(),
    combination_id: z.int().nullable(),
    stock_quantity: z.int(),
    line_total: rupees,
  }),
);

const stockFigures = {
  available: z.boolean(),
  stock_quantity: z.int(),
  in_cart: z.int(),
  requested: z.int(),
  max_quantity: z.int().describe("the most that can still be added"),
};

const removedAnswer = z.object({ success: z.literal(true), removed: z.int(), message: z.string() });

export async function cartRoutes(app: FastifyInstance, { core }: { core: CoreContext }) {
  acceptFormPosts(app);
  acceptEmptyJson(app);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    "/check-stock",
    {
      schema: {
        tags: ["cart"],
        summary:
          "Whether a combination (or a product without options) can take this quantity, counting what the session already has in its cart. 409 with a detail when not.",
        operationId: "checkStock",
        body: checkStockBody,
        response: answers(
          {
            200: z.object({ ...stockFigures, message: z.string() }),
            409: z
              .object({ detail: z.string(), ...stockFigures })
              .describe("Not enough stock: detail says how many are left"),
          },
          404,
        ),
      },
    },
    async (request, reply) => {
      const { combination_id, product_id, quantity: wanted, session_id } = request.body;
      if (combination_id === undefined && product_id === undefined) {
        throw invalid("combination_id or product_id is required");
      }
      const check = await checkStock(core, {
        combinationId: combination_id ?? null,
        productId: product_id ?? null,
        quantity: wanted,
        sessionId: session_id ?? null,
      });
      reply.header("cache-control", "no-store");
      const figures = {
        available: check.available,
        stock_quantity: check.stock,
        in_cart: check.inCart,
        requested: check.requested,
        max_quantity: Math.max(0, Math.min(check.stock, check.maxUnits) - check.inCart),
      };
      if (!check.available) {
        throw new AppError(409, check.message ?? stockMessage(check.stock, check.inCart), figures);
      }
      return { ...figures, message: `${check.stock} in stock` };
    },
  );

  api.get(
    "/cart/flexible/:sessionId",
    {
      schema: {
        tags: ["cart"],
        operationId: "getCart",
        summary: "The session's cart lines at today's prices",
        params: sessionParams,
        response: answers({ 200: z.array(cartLineAnswer) }),
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return (await getCart(core, request.params.sessionId)).map(presentCartLine);
    },
  );

  api.post(
    "/cart/flexible",
    {
      schema: {
        tags: ["cart"],
        summary:
          "Add to cart (JSON, or the AMP page's form post). The same item again adds to its quantity; beyond stock is 409.",
        operationId: "addToCart",
        body: addToCartBody,
        response: answers(
          {
            200: z.object({
              success: z.literal(true),
              message: z.string(),
              session_id: z.string(),
              item: cartLineAnswer,
            }),
          },
          404,
          409,
        ),
      },
    },
    async (request) => {
      const body = request.body;
      const chosen =
        attributesOf(body.variant_attributes, "variant_attributes") ??
        attributesOf({ size: body.size, color: body.variant }, "variant");
      const sessionId = body.session_id ?? newSessionId();
      const line = await addToCart(core, {
        sessionId,
        productId: body.product_id,
        combinationId: body.combination_id ?? null,
        quantity: body.quantity,
        attributes: chosen,
      });
      return {
        success: true,
        message: "Item added to cart successfully!",
        session_id: sessionId,
        item: presentCartLine(line),
      };
    },
  );

  api.delete(
    "/cart/session/:sessionId/combination/:combinationId",
    {
      schema: {
        tags: ["cart"],
        operationId: "removeCartCombination",
        summary: "Removes the session's line of this combination",
        params: z.object({ sessionId: sessionIdSchema, combinationId: idSchema("combinationId") }),
        response: answers({ 200: removedAnswer }),
      },
    },
    async (request) => {
      const removed = await removeCombinationLine(core, request.params.sessionId, request.params.combinationId);
      return { success: true, removed, message: "Item removed from cart" };
    },
  );

  api.delete(
    "/cart/session/:sessionId/product/:productId",
    {
      schema: {
        tags: ["cart"],
        summary:
          "Removes the session's line of this product with these options (body variant_details); without a body, every line of the product",
        operationId: "removeCartProduct",
        params: z.object({ sessionId: sessionIdSchema, productId: idSchema("productId") }),
        body: z.object({ variant_details: attributesInput }).optional(),
        response: answers({ 200: removedAnswer }),
      },
    },
    async (request) => {
      const details = request.body?.variant_details;
      const attributes = details === undefined ? undefined : attributesOf(details, "variant_details");
      const removed = await removeProductLine(core, request.params.sessionId, request.params.productId, attributes);
      return { success: true, removed, message: "Item removed from cart" };
    },
  );

  api.delete(
    "/cart/:sessionId",
    {
      schema: {
        tags: ["cart"],
        operationId: "clearCart",
        summary: "Empties the session's cart",
        params: sessionParams,
        response: answers({ 200: removedAnswer }),
      },
    },
    async (request) => {
      const removed = await clearCart(core, request.params.sessionId);
      return { success: true, removed, message: "Cart cleared" };
    },
  );
}
