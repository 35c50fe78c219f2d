// Collections through the staff API (decision 0066), for the collections
// permission (owners, managers, the catalogue team): the collections, their fields and hero
// image, and the order of their products, which the collection's page follows by default.
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  COLLECTION_DESCRIPTION_MAX,
  COLLECTION_NAME_MAX,
  COLLECTION_POSITION_MAX,
  createCollection,
  deleteCollection,
  getCollectionForStaff,
  listCollectionsForStaff,
  updateCollection,
  type CollectionDetail,
  type StaffCollection,
} from "../../../core/catalog/collection-admin";
import {
  addCollectionProduct,
  COLLECTION_PRODUCTS_MAX,
  orderCollectionProducts,
  removeCollectionProduct,
} from "../../../core/catalog/collection-products-admin";
import type { CoreContext } from "../../../core/context";
import { mediaStorage } from "../../../core/media/storage";
import type { AppConfig } from "../../config";
import { money } from "../../serialize";
import { idParams, idSchema } from "../http";
import { answerOf, answers, moment, noContent, rupees } from "../answers";
import { staffRoutes } from "./staff-routes";

// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const CONTROL_IN_LINE = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- line breaks are allowed in a description
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000b-\u001f\u007f]/;

const fields = z.object({
  name: z
    .string({ error: "name must be text" })
    .max(COLLECTION_NAME_MAX, `name must be at most ${COLLECTION_NAME_MAX} characters`)
    .refine((v) => !CONTROL_IN_LINE.test(v), { message: "name must not contain control characters" })
    .transform((v) => v.trim())
    .refine((v) => v.length > 0, { message: "name is required" }),
  description: z
    .string({ error: "description must be text" })
    .max(COLLECTION_DESCRIPTION_MAX, `description must be at most ${COLLECTION_DESCRIPTION_MAX} characters`)
    .refine((v) => !CONTROL_IN_TEXT.test(v), { message: "description must not contain control characters" })
    .transform((v) => v.trim())
    .default(""),
  // the Urdu twins (decision 0111): core checks them as it checks the English; null or only
  // whitespace clears one, absent keeps it
  name_ur: z
    .string({ error: "name_ur must be text" })
    .max(COLLECTION_NAME_MAX, `name_ur must be at most ${COLLECTION_NAME_MAX} characters`)
    .nullable()
    .optional(),
  description_ur: z
    .string({ error: "description_ur must be text" })
    .max(COLLECTION_DESCRIPTION_MAX, `description_ur must be at most ${COLLECTION_DESCRIPTION_MAX} characters`)
    .nullable()
    .optional(),
  is_active: z.boolean({ error: "is_active must be true or false" }).default(true),
  is_featured: z.boolean({ error: "is_featured must be true or false" }).default(false),
  position: z
    .number({ error: `position must be a whole number from 0 to ${COLLECTION_POSITION_MAX}` })
    .int(`position must be a whole number from 0 to ${COLLECTION_POSITION_MAX}`)
    .min(0, `position must be a whole number from 0 to ${COLLECTION_POSITION_MAX}`)
    .max(COLLECTION_POSITION_MAX, `position must be a whole number from 0 to ${COLLECTION_POSITION_MAX}`)
    .optional(),
  image_url: z
    .string({ error: "image_url must be text" })
    .max(2000, "image_url must be at most 2000 characters")
    .nullable()
    .optional(),
});

const patch = z.object({
  name: fields.shape.name.optional(),
  description: fields.shape.description.unwrap().optional(),
  name_ur: fields.shape.name_ur,
  description_ur: fields.shape.description_ur,
  is_active: fields.shape.is_active.unwrap().optional(),
  is_featured: fields.shape.is_featured.unwrap().optional(),
  position: fields.shape.position,
  image_url: fields.shape.image_url,
});

const orderBody = z.object({
  product_ids: z
    .array(idSchema("product_ids"), { error: "product_ids must be a list of product ids" })
    .max(COLLECTION_PRODUCTS_MAX, `product_ids must hold at most ${COLLECTION_PRODUCTS_MAX} products`),
});

const productParams = z.object({ id: idSchema("id"), productId: idSchema("productId") });

function presentCollection(c: StaffCollection) {
  return {
    id: c.id,
    name: c.name,
    description: c.description,
    name_ur: c.nameUr,
    description_ur: c.descriptionUr,
    image_url: c.imageUrl,
    is_active: c.isActive,
    is_featured: c.isFeatured,
    position: c.position,
    product_count: c.productCount,
    created_at: c.createdAt,
    updated_at: c.updatedAt,
  };
}

function presentDetail(c: CollectionDetail) {
  return {
    ...presentCollection(c),
    products: c.products.map((p) => ({
      id: p.id,
      name: p.name,
      custom_url: p.customUrl,
      is_active: p.isActive,
      archived: p.archived,
      price: money(p.pricePaisa),
      image_url: p.imageUrl,
      position: p.position,
    })),
    image_choices: c.imageChoices,
  };
}

const collectionAnswer = answerOf<ReturnType<typeof presentCollection>>()(
  z.object({
    id: z.number(),
    name: z.string(),
    description: z.string(),
    name_ur: z.string().nullable(),
    description_ur: z.string().nullable(),
    image_url: z.string().nullable(),
    is_active: z.boolean(),
    is_featured: z.boolean(),
    position: z.number(),
    product_count: z.number(),
    created_at: moment,
    updated_at: moment,
  }),
);

const collectionDetailAnswer = answerOf<ReturnType<typeof presentDetail>>()(
  collectionAnswer.extend({
    products: z.array(
      z.object({
        id: z.number(),
        name: z.string(),
        custom_url: z.string().nullable(),
        is_active: z.boolean(),
        archived: z.boolean(),
        price: rupees,
        image_url: z.string().nullable(),
        position: z.number(),
      }),
    ),
    image_choices: z.array(z.string()),
  }),
);

export async function adminCollectionRoutes(
  app: FastifyInstance,
  { core, config }: { core: CoreContext; config?: AppConfig },
) {
  // an uploaded picture replaced, cleared or deleted with its row: its files go (decision 0066)
  const storage = config ? mediaStorage(config) : undefined;
  const staff = staffRoutes(app, core, "collections");

  staff.get(
    "/admin/collections",
    {
      operationId: "listStaffCollections",
      summary: "Every collection, shown or hidden, in the storefront's order",
      response: answers({ 200: z.array(collectionAnswer) }),
    },
    async (actor) => {
      return (await listCollectionsForStaff(core, actor)).map(presentCollection);
    },
  );

  staff.post(
    "/admin/collections",
    {
      operationId: "createCollection",
      summary:
        "Creates a collection (201), after the last one unless position is given; it has no products and no image yet",
      response: answers({ 201: collectionAnswer }, 409),
      body: fields,
    },
    async (actor, request, reply) => {
      const b = request.body;
      const created = await createCollection(core, actor, {
        name: b.name,
        description: b.description,
        nameUr: b.name_ur,
        descriptionUr: b.description_ur,
        isActive: b.is_active,
        isFeatured: b.is_featured,
        position: b.position,
        imageUrl: b.image_url,
      });
      return reply.code(201).send(presentCollection(created));
    },
  );

  staff.get(
    "/admin/collections/:id",
    {
      operationId: "getStaffCollection",
      summary: "One collection with its products in their order and image_choices: the photos its hero image may be",
      response: answers({ 200: collectionDetailAnswer }, 404),
      params: idParams,
    },
    async (actor, request) => {
      return presentDetail(await getCollectionForStaff(core, actor, request.params.id));
    },
  );

  staff.put(
    "/admin/collections/:id",
    {
      operationId: "updateCollection",
      summary:
        "Changes the fields given; image_url must be one of image_choices (a photo of one of its products) or null for none",
      response: answers({ 200: collectionAnswer.extend({ changed: z.boolean() }) }, 404, 409),
      params: idParams,
      body: patch,
    },
    async (actor, request) => {
      const b = request.body;
      const { collection, changed } = await updateCollection(
        core,
        actor,
        request.params.id,
        {
          name: b.name,
          description: b.description,
          nameUr: b.name_ur,
          descriptionUr: b.description_ur,
          isActive: b.is_active,
          isFeatured: b.is_featured,
          position: b.position,
          imageUrl: b.image_url,
        },
        storage,
      );
      return { ...presentCollection(collection), changed };
    },
  );

  staff.delete(
    "/admin/collections/:id",
    {
      operationId: "deleteCollection",
      summary: "Deletes the collection (204); its products stay in the catalogue",
      response: answers({ 204: noContent }, 404),
      params: idParams,
    },
    async (actor, request, reply) => {
      await deleteCollection(core, actor, request.params.id, storage);
      return reply.code(204).send();
    },
  );

  staff.put(
    "/admin/collections/:id/products",
    {
      operationId: "setCollectionProducts",
      summary:
        "Sets the order of the collection's products: product_ids holds each of its products once, first shown first. A list that no longer matches its products (one added or removed meanwhile) answers 409 with the current product_ids",
      response: answers({ 200: z.object({ product_ids: z.array(z.int()), changed: z.boolean() }) }, 404, 409),
      params: idParams,
      body: orderBody,
    },
    async (actor, request) => {
      const result = await orderCollectionProducts(core, actor, request.params.id, request.body.product_ids);
      return { product_ids: result.productIds, changed: result.changed };
    },
  );

  staff.post(
    "/admin/collections/:id/products/:productId",
    {
      operationId: "addCollectionProduct",
      summary: "Adds the product at the end of the collection (changed: false when it was already in it)",
      response: answers(
        { 200: z.object({ changed: z.literal(false) }), 201: z.object({ changed: z.literal(true) }) },
        404,
      ),
      params: productParams,
    },
    async (actor, request, reply) => {
      const { changed } = await addCollectionProduct(core, actor, request.params.id, request.params.productId);
      return reply.code(changed ? 201 : 200).send({ changed });
    },
  );

  staff.delete(
    "/admin/collections/:id/products/:productId",
    {
      operationId: "removeCollectionProduct",
      summary: "Takes the product out of the collection (204); the product stays in the catalogue",
      response: answers({ 204: noContent }, 404),
      params: productParams,
    },
    async (actor, request, reply) => {
      await removeCollectionProduct(core, actor, request.params.id, request.params.productId);
      return reply.code(204).send();
    },
  );
}
