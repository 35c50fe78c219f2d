// Stock through the staff API (decision 0064): the grid of every combination
// and simple product, changes sent as differences or as totals with the total the client saw
// (409 with each row that moved), and a product's stock history. Permission "stock".
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { changeStock, changeStockInput, STOCK_FILTERS, STOCK_SEARCH_MAX } from "../../../core/catalog/stock";
import { listStockGrid, stockHistory } from "../../../core/catalog/stock-reads";
import type { CoreContext } from "../../../core/context";
import { idParams, idSchema, pageQuery } from "../http";
import { answers, moment, pageOf } from "../answers";
import { staffRoutes } from "./staff-routes";

// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;

const gridQuery = pageQuery(500, 100).extend({
  search: z
    .string()
    .max(STOCK_SEARCH_MAX, `search must be at most ${STOCK_SEARCH_MAX} characters`)
    .refine((value) => !CONTROL.test(value), { message: "search must not contain control characters" })
    .optional(),
  filter: z.enum(STOCK_FILTERS, { error: `filter must be one of: ${STOCK_FILTERS.join(", ")}` }).default("all"),
  product_id: idSchema("product_id").optional(),
});

const stockRowAnswer = z.object({
  product_id: z.number(),
  product_name: z.string(),
  product_active: z.boolean(),
  combination_id: z.number().nullable(),
  combination_name: z.string().nullable(),
  sku: z.string().nullable(),
  stock: z.number(),
  available: z.boolean(),
});

const stockChangesAnswer = z.object({
  changes: z.array(
    z.object({
      product_id: z.number(),
      combination_id: z.number().nullable(),
      before: z.number(),
      after: z.number(),
    }),
  ),
});

const stockMoveAnswer = z.object({
  id: z.number(),
  at: moment,
  combination_id: z.number().nullable(),
  combination_name: z.string().nullable(),
  reason: z.enum(["exchange", "order", "cancel", "return", "manual", "import"]),
  note: z.string().nullable(),
  delta: z.number(),
  before: z.number(),
  after: z.number(),
  actor_name: z.string().nullable(),
  actor_email: z.string().nullable(),
  order_id: z.number().nullable(),
  tracking_id: z.string().nullable(),
});

export async function adminStockRoutes(app: FastifyInstance, { core }: { core: CoreContext }) {
  const staff = staffRoutes(app, core, "stock");

  staff.get(
    "/admin/stock",
    {
      operationId: "listStock",
      summary:
        "Every combination and product sold without options (archived products left out), by product name: filter low (5 or fewer) or out (0), search by product, combination or SKU, product_id for one product; the total is in X-Total-Count",
      response: answers({ 200: pageOf(stockRowAnswer) }),
      querystring: gridQuery,
    },
    async (actor, request, reply) => {
      const q = request.query;
      const page = await listStockGrid(core, actor, {
        search: q.search || undefined,
        filter: q.filter,
        productId: q.product_id,
        limit: q.limit,
        offset: q.offset,
      });
      reply.header("x-total-count", String(page.total));
      return page.items.map((r) => ({
        product_id: r.productId,
        product_name: r.productName,
        product_active: r.productActive,
        combination_id: r.combinationId,
        combination_name: r.combinationName,
        sku: r.sku,
        stock: r.stock,
        available: r.available,
      }));
    },
  );

  staff.post(
    "/admin/stock/changes",
    {
      operationId: "changeStock",
      summary:
        "Changes one or many stocks at once, all or nothing: each change is a delta (added to the stock as it is now) or a set with the expected stock the screen showed; 409 when a stock moved since (moved lists each row and its stock now) or would go below zero. One optional note (the reason) for all",
      response: answers({ 200: stockChangesAnswer }, 404, 409),
      body: changeStockInput,
    },
    async (actor, request) => {
      const done = await changeStock(core, actor, request.body);
      return {
        changes: done.map((r) => ({
          product_id: r.productId,
          combination_id: r.combinationId,
          before: r.before,
          after: r.after,
        })),
      };
    },
  );

  staff.get(
    "/admin/products/:id/stock-history",
    {
      operationId: "listStockHistory",
      summary:
        "The product's stock ledger, newest first: orders, cancellations, returns, exchanges, staff changes and imports, each with who, the order's tracking ID, the note and the stock before and after; the total is in X-Total-Count",
      response: answers({ 200: pageOf(stockMoveAnswer) }, 404),
      params: idParams,
      querystring: pageQuery(200, 50),
    },
    async (actor, request, reply) => {
      const found = await stockHistory(core, actor, request.params.id, request.query);
      reply.header("x-total-count", String(found.total));
      return found.items.map((m) => ({
        id: m.id,
        at: m.at,
        combination_id: m.combinationId,
        combination_name: m.combinationName,
        reason: m.reason,
        note: m.note,
        delta: m.delta,
        before: m.before,
        after: m.after,
        actor_name: m.actorName,
        actor_email: m.actorEmail,
        order_id: m.orderId,
        tracking_id: m.trackingId,
      }));
    },
  );
}
