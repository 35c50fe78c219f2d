// Manual orders through the staff API (decision 0057): a staff member places an
// order for a customer who ordered by phone, WhatsApp or Instagram, priced and stocked by the
// checkout's own transaction, and finds the items for it. The orders permission, as the rest of
// the orders API; a shipping fee or discount set by hand needs order_price_overrides too.
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { CoreContext } from "../../../core/context";
import {
  CATALOGUE_SEARCH_MAX,
  manualOrderInput,
  placeManualOrder,
  previewManualOrder,
  searchOrderCatalogue,
  type CatalogueMatch,
  type ManualOrderPreview,
} from "../../../core/orders/manual-order";
import { getOrderForStaff } from "../../../core/orders/staff-orders";
import { money } from "../../serialize";
import { IDEMPOTENCY_KEY_MAX } from "../orders";
import { answerOf, answers, rupees } from "../answers";
import { presentStaffOrder, staffOrderAnswer } from "./orders";
import { staffRoutes } from "./staff-routes";

const manualOrderHeaders = z.object({
  "idempotency-key": z
    .string()
    .trim()
    .min(1, "Idempotency-Key must not be empty")
    .max(IDEMPOTENCY_KEY_MAX, `Idempotency-Key must be at most ${IDEMPOTENCY_KEY_MAX} characters`)
    .optional(),
});

const catalogueQuery = z.object({
  q: z
    .string()
    .max(CATALOGUE_SEARCH_MAX, `q must be at most ${CATALOGUE_SEARCH_MAX} characters`)
    .optional()
    .default(""),
});

function presentCatalogueMatch(product: CatalogueMatch) {
  return {
    id: product.id,
    name: product.name,
    price: money(product.pricePaisa),
    stock: product.stock,
    image_url: product.imageUrl,
    combinations: product.combinations.map((c) => ({
      id: c.id,
      name: c.name,
      price: money(c.pricePaisa),
      stock: c.stock,
      is_available: c.available,
    })),
  };
}

function presentPreview(preview: ManualOrderPreview) {
  return {
    items: preview.lines.map((line) => ({
      product_id: line.productId,
      combination_id: line.combinationId,
      name: line.name,
      variant: line.variant,
      image_url: line.imageUrl,
      quantity: line.quantity,
      price: money(line.unitPricePaisa),
      line_total: money(line.lineTotalPaisa),
    })),
    subtotal: money(preview.subtotalPaisa),
    shipping: money(preview.shippingPaisa),
    discount: money(preview.discountPaisa),
    total_amount: money(preview.totalPaisa),
    voucher_code: preview.voucherCode,
    overridden: preview.overridden,
  };
}

const catalogueMatchAnswer = answerOf<ReturnType<typeof presentCatalogueMatch>>()(
  z.object({
    id: z.number(),
    name: z.string(),
    price: rupees,
    stock: z.number(),
    image_url: z.string().nullable(),
    combinations: z.array(
      z.object({
        id: z.number(),
        name: z.string(),
        price: rupees,
        stock: z.number(),
        is_available: z.boolean(),
      }),
    ),
  }),
);

const previewAnswer = answerOf<ReturnType<typeof presentPreview>>()(
  z.object({
    items: z.array(
      z.object({
        product_id: z.number(),
        combination_id: z.number().nullable(),
        name: z.string(),
        variant: z.string().nullable(),
        image_url: z.string().nullable(),
        quantity: z.number(),
        price: rupees,
        line_total: rupees,
      }),
    ),
    subtotal: rupees,
    shipping: rupees,
    discount: rupees,
    total_amount: rupees,
    voucher_code: z.string().nullable(),
    overridden: z.boolean(),
  }),
);

export async function adminManualOrderRoutes(app: FastifyInstance, { core }: { core: CoreContext }) {
  const staff = staffRoutes(app, core, "orders");

  staff.post(
    "/admin/orders",
    {
      operationId: "placeManualOrder",
      summary:
        "Places an order for a customer who ordered by phone, WhatsApp or Instagram (201 with the order as GET /api/admin/orders/{id} answers it). Priced from the catalogue, stock taken and the voucher counted as at the checkout; the checkout's phone rule; email may be left out. source: phone, whatsapp, instagram or other; status: pending confirmation (default) or confirmed. shipping_fee and discount (rupees) set by hand need the order_price_overrides permission and an override_reason. total_amount, when sent, must still be the total (409 otherwise). The same Idempotency-Key returns the first answer.",
      response: answers({ 201: staffOrderAnswer }, 404, 409),
      headers: manualOrderHeaders,
      body: manualOrderInput,
    },
    async (actor, request, reply) => {
      const outcome = await placeManualOrder(core, actor, request.body, {
        idempotencyKey: request.headers["idempotency-key"] ?? null,
      });
      if (outcome.replayed) reply.header("idempotent-replayed", "true");
      return reply.code(201).send(presentStaffOrder(await getOrderForStaff(core, actor, outcome.order.id)));
    },
  );

  staff.post(
    "/admin/orders/preview",
    {
      operationId: "previewManualOrder",
      summary:
        "Prices an order as POST /api/admin/orders would place it, without placing it: items, subtotal, shipping, discount and total; the stock and the customer's voucher uses are read, not taken. Same refusals.",
      response: answers({ 200: previewAnswer }, 404, 409),
      body: manualOrderInput,
    },
    async (actor, request) => {
      return presentPreview(await previewManualOrder(core, actor, request.body));
    },
  );

  staff.get(
    "/admin/orders/catalogue-search",
    {
      operationId: "searchOrderCatalogue",
      summary:
        "Products on sale to add to a manual order, by words of their name or description or by product number (at most 10), with each option's price and stock",
      response: answers({ 200: z.array(catalogueMatchAnswer) }),
      querystring: catalogueQuery,
    },
    async (actor, request) => {
      return (await searchOrderCatalogue(core, actor, request.query.q)).map(presentCatalogueMatch);
    },
  );
}
