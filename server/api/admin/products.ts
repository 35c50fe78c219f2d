// Products through the staff API (decision 0062): the products permission
// lists, reads, creates, changes, archives, restores and deletes; a change of stock in the grid
// needs the stock permission too. PUT carries the updated_at it read (409 when someone else
// saved since) and each stock as a new total with the total it saw (409 when a sale moved it).
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  archiveProduct,
  createProduct,
  deleteProduct,
  restoreProduct,
  updateProduct,
} from "../../../core/catalog/product-admin";
import { checkCustomUrl } from "../../../core/catalog/product-custom-url";
import { getProductForEditing, type EditableProduct } from "../../../core/catalog/product-editing";
import {
  listProductsForStaff,
  PRODUCT_SEARCH_MAX,
  type ProductListItem,
} from "../../../core/catalog/product-list-admin";
import { PRODUCT_LIST_SORTS, PRODUCT_STATES, STOCK_FILTERS } from "../../../core/catalog/product-options";
import type { CoreContext } from "../../../core/context";
import { money } from "../../serialize";
import { idParams, idSchema, pageQuery } from "../http";
import { answerOf, answers, moment, pageOf, rupees } from "../answers";
import { sendPage, staffRoutes } from "./staff-routes";

// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;

const listQuery = pageQuery(200, 50).extend({
  search: z
    .string()
    .max(PRODUCT_SEARCH_MAX, `search must be at most ${PRODUCT_SEARCH_MAX} characters`)
    .refine((value) => !CONTROL.test(value), { message: "search must not contain control characters" })
    .optional(),
  collection_id: idSchema("collection_id").optional(),
  stock: z.enum(STOCK_FILTERS, { error: `stock must be one of: ${STOCK_FILTERS.join(", ")}` }).default("all"),
  state: z.enum(PRODUCT_STATES, { error: `state must be one of: ${PRODUCT_STATES.join(", ")}` }).optional(),
  sort: z
    .enum(PRODUCT_LIST_SORTS, { error: `sort must be one of: ${PRODUCT_LIST_SORTS.join(", ")}` })
    .default("newest"),
});

const urlQuery = z.object({
  url: z
    .string({ error: "url is required" })
    .max(200, "url must be at most 200 characters")
    .refine((value) => !CONTROL.test(value), { message: "url must not contain control characters" }),
  exclude: idSchema("exclude").optional(),
});

// the body is checked by core's own schema (core/catalog/product-input.ts), named in the 422
const productBody = z.record(z.string(), z.unknown(), { error: "The body must be a JSON object." });

const presentListItem = (p: ProductListItem) => ({
  id: p.id,
  name: p.name,
  custom_url: p.customUrl,
  state: p.state,
  price: money(p.pricePaisa),
  min_price: money(p.minPricePaisa),
  max_price: money(p.maxPricePaisa),
  stock_quantity: p.stock,
  combinations: p.combinations,
  image_url: p.imageUrl,
  created_at: p.createdAt,
  updated_at: p.updatedAt,
});

export const presentProduct = (p: EditableProduct) => ({
  id: p.id,
  name: p.name,
  custom_url: p.customUrl,
  description: p.description,
  name_ur: p.nameUr,
  description_ur: p.descriptionUr,
  description_format: p.descriptionFormat,
  structured_description: p.structuredDescription,
  material_type: p.materialType,
  price: money(p.pricePaisa),
  compare_price: money(p.comparePricePaisa),
  min_price: money(p.minPricePaisa),
  max_price: money(p.maxPricePaisa),
  collection_ids: p.collectionIds,
  custom_fields: p.customFields,
  faqs: p.faqs,
  size_guide: p.sizeGuide,
  is_active: p.isActive,
  state: p.state,
  archived_at: p.archivedAt,
  has_orders: p.hasOrders,
  stock: p.stock,
  options: p.options,
  combinations: p.combinations.map((c) => ({
    id: c.id,
    name: c.name,
    attributes: c.attributes,
    price: money(c.pricePaisa),
    sku: c.sku,
    is_available: c.isAvailable,
    stock: c.stock,
    has_orders: c.hasOrders,
  })),
  created_at: p.createdAt,
  // send back unchanged with PUT: the save is refused (409) when someone else saved since
  updated_at: p.updatedAt,
});

const BODY_HELP =
  "Body: name, custom_url, description, name_ur and description_ur (the Urdu name and description, checked as name and description are; null or only spaces clears one, absent keeps it), description_format (plain, structured, html), structured_description {bullet_points, highlights}, material_type, price and compare_price (rupees; compare_price above price), collection_ids, custom_fields [{key, value}], faqs [{question, answer}], size_guide (auto, apparel, bra, none), is_active, options [{type, values [{value, color_hex}]}], combinations [{attributes, price, sku, is_available, stock, stock_seen}], and for a product without options stock (and stock_seen when changing it).";

const productListItemAnswer = answerOf<ReturnType<typeof presentListItem>>()(
  z.object({
    id: z.number(),
    name: z.string(),
    custom_url: z.string().nullable(),
    state: z.enum(["active", "hidden", "archived"]),
    price: rupees,
    min_price: rupees,
    max_price: rupees,
    stock_quantity: z.number(),
    combinations: z.number(),
    image_url: z.string().nullable(),
    created_at: moment,
    updated_at: moment,
  }),
);

const staffProductAnswer = answerOf<ReturnType<typeof presentProduct>>()(
  z.object({
    id: z.number(),
    name: z.string(),
    custom_url: z.string().nullable(),
    description: z.string(),
    name_ur: z.string().nullable().describe("the name in Urdu; null: none written, the Urdu pages show the English"),
    description_ur: z.string().nullable().describe("the description in Urdu, in description_format; null: none"),
    description_format: z.enum(["html", "plain", "structured"]),
    structured_description: z
      .object({
        bullet_points: z.array(z.string()),
        highlights: z.array(z.string()),
      })
      .nullable(),
    material_type: z.string().nullable(),
    price: rupees,
    compare_price: rupees.nullable(),
    min_price: rupees,
    max_price: rupees,
    collection_ids: z.array(z.number()),
    custom_fields: z.array(
      z.object({
        key: z.string(),
        value: z.string(),
      }),
    ),
    faqs: z.array(
      z.object({
        question: z.string(),
        answer: z.string(),
      }),
    ),
    size_guide: z.enum(["auto", "apparel", "bra", "none"]),
    is_active: z.boolean(),
    state: z.enum(["active", "hidden", "archived"]),
    archived_at: moment.nullable(),
    has_orders: z.boolean(),
    stock: z.number(),
    options: z.array(
      z.object({
        type: z.string(),
        values: z.array(
          z.object({
            value: z.string(),
            color_hex: z.string().nullable(),
          }),
        ),
      }),
    ),
    combinations: z.array(
      z.object({
        id: z.number(),
        name: z.string(),
        attributes: z.record(z.string(), z.string()),
        price: rupees,
        sku: z.string().nullable(),
        is_available: z.boolean(),
        stock: z.number(),
        has_orders: z.boolean(),
      }),
    ),
    created_at: moment,
    updated_at: z.string(),
  }),
);

const urlCheckAnswer = z.object({
  url: z.string(),
  available: z.boolean(),
  suggestion: z.string().nullable(),
  message: z.string(),
});

const deletedProductAnswer = z.object({
  id: z.number(),
  name: z.string(),
});

export async function adminProductRoutes(app: FastifyInstance, { core }: { core: CoreContext }) {
  const staff = staffRoutes(app, core, "products");

  staff.get(
    "/admin/products",
    {
      operationId: "listStaffProducts",
      summary:
        "Products, newest first (or sort=name): search (name, custom URL or SKU), collection_id, stock (all, in_stock, low: 1 to 5 in all, out), state (active, hidden, archived; archived ones only when asked); the total is in X-Total-Count",
      response: answers({ 200: pageOf(productListItemAnswer) }),
      querystring: listQuery,
    },
    async (actor, request, reply) => {
      const q = request.query;
      const page = await listProductsForStaff(core, actor, {
        search: q.search || undefined,
        collectionId: q.collection_id,
        stock: q.stock,
        state: q.state,
        sort: q.sort,
        limit: q.limit,
        offset: q.offset,
      });
      return sendPage(reply, page, presentListItem);
    },
  );

  staff.get(
    "/admin/products/url-check",
    {
      operationId: "checkProductUrl",
      summary:
        "Whether a custom URL is usable and free (exclude: the product being edited); answers available, message and, for text that is not a URL, a suggestion",
      response: answers({ 200: urlCheckAnswer }),
      querystring: urlQuery,
    },
    async (actor, request) => {
      return checkCustomUrl(core, actor, request.query.url, request.query.exclude);
    },
  );

  staff.post(
    "/admin/products",
    {
      operationId: "createProduct",
      summary: `Adds a product (201). First stock needs the stock permission too. ${BODY_HELP}`,
      response: answers({ 201: staffProductAnswer }, 409),
      body: productBody,
    },
    async (actor, request, reply) => {
      const product = await createProduct(core, actor, request.body);
      reply.code(201);
      return presentProduct(product);
    },
  );

  staff.get(
    "/admin/products/:id",
    {
      operationId: "getStaffProduct",
      summary: "One product as the editor shows it, archived ones too, with its grid",
      response: answers({ 200: staffProductAnswer }, 404),
      params: idParams,
    },
    async (actor, request) => {
      return presentProduct(await getProductForEditing(core, actor, request.params.id));
    },
  );

  staff.put(
    "/admin/products/:id",
    {
      operationId: "updateProduct",
      summary: `Changes a product as a whole, with the updated_at it was read with (409 when someone else saved since). A combination's stock is a new total with stock_seen, the total read (409 when a sale moved it); stock changes need the stock permission too. Combinations whose value was removed are deleted, or made unavailable when they were ever ordered. ${BODY_HELP}`,
      response: answers({ 200: staffProductAnswer }, 404, 409),
      params: idParams,
      body: productBody,
    },
    async (actor, request) => {
      return presentProduct(await updateProduct(core, actor, request.params.id, request.body));
    },
  );

  staff.post(
    "/admin/products/:id/archive",
    {
      operationId: "archiveProduct",
      summary: "Archives the product: off the storefront and out of the default list, its orders keep their lines",
      response: answers({ 200: staffProductAnswer }, 404, 409),
      params: idParams,
    },
    async (actor, request) => {
      return presentProduct(await archiveProduct(core, actor, request.params.id));
    },
  );

  staff.post(
    "/admin/products/:id/restore",
    {
      operationId: "restoreProduct",
      summary: "Brings an archived product back, hidden until it is made active",
      response: answers({ 200: staffProductAnswer }, 404, 409),
      params: idParams,
    },
    async (actor, request) => {
      return presentProduct(await restoreProduct(core, actor, request.params.id));
    },
  );

  staff.delete(
    "/admin/products/:id",
    {
      operationId: "deleteProduct",
      summary: "Deletes a product that was never ordered; 409 for one with orders (archive it)",
      response: answers({ 200: deletedProductAnswer }, 404, 409),
      params: idParams,
    },
    async (actor, request) => {
      return deleteProduct(core, actor, request.params.id);
    },
  );
}
