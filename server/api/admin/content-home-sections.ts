// The home page's sections through the staff API (decision 0067): each section picked by hand or
// the newest products (decision 0097), in order, with its products in order; adding, ordering,
// changing and deleting sections, and adding, ordering and taking out a section's products.
import { z } from "zod";
import { CONTENT_LIMITS as L } from "../../../core/content/content-limits";
import {
  addHomeSectionProduct,
  removeHomeSectionProduct,
  reorderHomeSectionProducts,
  searchProductsForSection,
} from "../../../core/content/home-section-products";
import {
  addHomeSection,
  deleteHomeSection,
  HOME_SECTION_KINDS,
  listHomeSectionsForStaff,
  NEWEST_COUNT_RULE,
  reorderHomeSections,
  updateHomeSection,
  type StaffHomeSection,
} from "../../../core/content/home-sections-admin";
import type { CoreContext } from "../../../core/context";
import { idParams, idSchema } from "../http";
import { answerOf, answers } from "../answers";
import { bool, orderBody, text } from "./content-fields";
import { orderedListRoutes } from "./content-lists";
import type { StaffRoutes } from "./staff-routes";

const presentSection = (s: StaffHomeSection) => ({
  id: s.id,
  name: s.name,
  description: s.description,
  is_active: s.isActive,
  position: s.position,
  kind: s.kind,
  newest_count: s.newestCount,
  products_version: s.productsVersion,
  products: s.products.map((p) => ({ id: p.id, name: p.name, is_active: p.isActive, position: p.position })),
});

const sectionAnswer = answerOf<ReturnType<typeof presentSection>>()(
  z.object({
    id: z.number(),
    name: z.string(),
    description: z.string(),
    is_active: z.boolean(),
    position: z.number(),
    kind: z.enum(HOME_SECTION_KINDS),
    newest_count: z.number(),
    products_version: z.number(),
    products: z.array(
      z.object({
        id: z.number(),
        name: z.string(),
        is_active: z.boolean(),
        position: z.number(),
      }),
    ),
  }),
);

const sectionProductMatch = z.object({
  id: z.number(),
  name: z.string(),
  is_active: z.boolean(),
});

const sectionBody = z.object({
  name: text("name", L.sectionName).optional(),
  description: text("description", L.sectionDescription).optional(),
  is_active: bool("is_active").optional(),
  // decision 0097: picked by hand, or the newest N products; core checks the values
  kind: z.enum(HOME_SECTION_KINDS, { error: "kind must be picked or newest" }).optional(),
  newest_count: z.number({ error: NEWEST_COUNT_RULE }).optional(),
});

const sectionInput = (b: z.infer<typeof sectionBody>) => ({
  name: b.name,
  description: b.description,
  isActive: b.is_active,
  kind: b.kind,
  newestCount: b.newest_count,
});

const productOrderBody = orderBody.extend({
  version: z
    .number({ error: "version must be the products_version the list was read with" })
    .int("version must be the products_version the list was read with")
    .min(0, "version must be the products_version the list was read with")
    .optional(),
});

const sectionProductParams = z.object({ id: idSchema("id"), productId: idSchema("productId") });

export function homeSectionRoutes(staff: StaffRoutes, core: CoreContext) {
  orderedListRoutes(staff, core, {
    path: "/admin/home-sections",
    answer: sectionAnswer,
    present: presentSection,
    body: sectionBody,
    input: sectionInput,
    list: listHomeSectionsForStaff,
    add: addHomeSection,
    reorder: reorderHomeSections,
    update: updateHomeSection,
    remove: deleteHomeSection,
    described: {
      list: ["listHomeSections", "The home page's sections in order, shown or hidden, each with its products in order"],
      add: ["addHomeSection", "Adds a section at the end of the home page"],
      reorder: ["orderHomeSections", "Puts the sections in the order of ids, each named once"],
      update: ["updateHomeSection", "Changes a section's name or description, or shows or hides it"],
      remove: ["deleteHomeSection", "Deletes a section (its products stay in the catalogue)"],
    },
  });

  staff.get(
    "/admin/home-sections/product-search",
    {
      operationId: "searchHomeSectionProducts",
      summary: "Products to add to a section, by name or number (at most 20; hidden products too)",
      response: answers({ 200: z.array(sectionProductMatch) }),
      querystring: z.object({ q: z.string().max(100, "q must be at most 100 characters").default("") }),
    },
    async (actor, { query }) =>
      (await searchProductsForSection(core, actor, query.q)).map((p) => ({
        id: p.id,
        name: p.name,
        is_active: p.isActive,
      })),
  );

  staff.post(
    "/admin/home-sections/:id/products",
    {
      operationId: "addHomeSectionProduct",
      summary: "Adds a product at the end of the section; 409 when it is already there",
      response: answers({ 201: sectionAnswer }, 404, 409),
      params: idParams,
      body: z.object({ product_id: idSchema("product_id") }),
    },
    async (actor, { params, body }, reply) =>
      reply.status(201).send(presentSection(await addHomeSectionProduct(core, actor, params.id, body.product_id))),
  );

  staff.put(
    "/admin/home-sections/:id/products/order",
    {
      operationId: "orderHomeSectionProducts",
      summary:
        "Puts the section's products in the order of ids (product ids), each named once. With version (the products_version the list was read with) a list changed since is refused with 409",
      response: answers({ 200: sectionAnswer }, 404, 409),
      params: idParams,
      body: productOrderBody,
    },
    async (actor, { params, body }) =>
      presentSection(await reorderHomeSectionProducts(core, actor, params.id, body.ids, body.version)),
  );

  staff.delete(
    "/admin/home-sections/:id/products/:productId",
    {
      operationId: "removeHomeSectionProduct",
      summary: "Takes a product out of the section",
      response: answers({ 200: sectionAnswer }, 404),
      params: sectionProductParams,
    },
    async (actor, { params }) =>
      presentSection(await removeHomeSectionProduct(core, actor, params.id, params.productId)),
  );
}
