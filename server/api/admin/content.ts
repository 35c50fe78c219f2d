// The Content screens through the staff API (issue 14, point 8; decision 0067): blog posts,
// announcements, home page sections and videos, and the policy pages' text, all under the
// content permission (owners, managers, the catalogue team). Core checks every field; these
// schemas give the shapes (and the OpenAPI document) and refuse oversized text early.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  BLOG_STATUSES,
  createBlogPost,
  deleteBlogPost,
  getBlogPostForStaff,
  listBlogPostsForStaff,
  updateBlogPost,
  type BlogPostInput,
  type StaffBlogPost,
} from "../../../core/content/blog-admin";
import { CONTENT_LIMITS as L } from "../../../core/content/content-limits";
import {
  addAnnouncement,
  addHomeSection,
  addHomeSectionProduct,
  addHomeVideo,
  deleteAnnouncement,
  deleteHomeSection,
  deleteHomeVideo,
  listAnnouncementsForStaff,
  listHomeSectionsForStaff,
  listHomeVideosForStaff,
  NEWEST_COUNT_RULE,
  removeHomeSectionProduct,
  reorderAnnouncements,
  reorderHomeSectionProducts,
  reorderHomeSections,
  reorderHomeVideos,
  searchProductsForSection,
  updateAnnouncement,
  updateHomeSection,
  updateHomeVideo,
  type StaffAnnouncement,
  type StaffHomeSection,
  type StaffHomeVideo,
} from "../../../core/content/home-admin";
import { listMediaChoices } from "../../../core/content/media-choices";
import {
  getPolicyPageForStaff,
  listPolicyPagesForStaff,
  resetPolicyPage,
  savePolicyPage,
  type StaffPolicyPage,
} from "../../../core/content/policy-pages";
import type { CoreContext } from "../../../core/context";
import { mediaStorage } from "../../../core/media/storage";
import type { AppConfig } from "../../config";
import { HOME_SECTION_KINDS } from "../../../core/content/home-admin";
import { POLICY_PAGE_SLUGS } from "../../../core/content/policy-pages";
import { requireStaff, staffActor } from "../../plugins/staff-auth";
import { idParams, idSchema, pageQuery } from "../http";
import { answerOf, answers, moment, pageOf } from "../answers";
import { staffOperation } from "./docs";

const text = (field: string, max: number) =>
  z.string({ error: `${field} must be text` }).max(max * 4, `${field} must be at most ${max} characters`);
const bool = (field: string) => z.boolean({ error: `${field} must be true or false` });

const blogBody = z.object({
  title: text("title", L.title).optional(),
  slug: text("slug", L.slug).optional(),
  excerpt: text("excerpt", L.excerpt).optional(),
  content: z
    .string({ error: "content must be text" })
    .max(L.html, `content must be at most ${L.html.toLocaleString("en-US")} characters`)
    .optional(),
  category: text("category", L.category).nullable().optional(),
  tags: z
    .array(text("tags", L.tag), { error: "tags must be a list of words" })
    .max(L.tags, `tags must be at most ${L.tags}`)
    .optional(),
  author_name: text("author_name", L.author).nullable().optional(),
  featured_image_url: text("featured_image_url", L.imageUrl).nullable().optional(),
  is_featured: bool("is_featured").optional(),
  seo_title: text("seo_title", L.seoTitle).nullable().optional(),
  seo_description: text("seo_description", L.seoDescription).nullable().optional(),
  is_published: bool("is_published").optional(),
});

const blogInput = (b: z.infer<typeof blogBody>): BlogPostInput => ({
  title: b.title,
  slug: b.slug,
  excerpt: b.excerpt,
  content: b.content,
  category: b.category,
  tags: b.tags,
  authorName: b.author_name,
  featuredImageUrl: b.featured_image_url,
  isFeatured: b.is_featured,
  seoTitle: b.seo_title,
  seoDescription: b.seo_description,
  isPublished: b.is_published,
});

function presentBlogPost(p: Omit<StaffBlogPost, "content"> & { content?: string }) {
  return {
    id: p.id,
    slug: p.slug,
    title: p.title,
    excerpt: p.excerpt,
    ...(p.content !== undefined ? { content: p.content } : {}),
    category: p.category,
    tags: p.tags,
    author_name: p.authorName,
    featured_image_url: p.featuredImageUrl,
    read_time_minutes: p.readTimeMinutes,
    is_featured: p.isFeatured,
    is_published: p.isPublished,
    status: p.isPublished ? "published" : "draft",
    seo_title: p.seoTitle,
    seo_description: p.seoDescription,
    created_at: p.createdAt,
    published_at: p.publishedAt,
    updated_at: p.updatedAt,
  };
}

const presentAnnouncement = (a: StaffAnnouncement) => ({
  id: a.id,
  content: a.content,
  is_active: a.isActive,
  position: a.position,
});

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

const presentVideo = (v: StaffHomeVideo) => ({
  id: v.id,
  title: v.title,
  description: v.description,
  video_url: v.videoUrl,
  is_active: v.isActive,
  position: v.position,
});

const presentPolicy = (p: StaffPolicyPage) => ({
  slug: p.slug,
  title: p.title,
  content: p.content,
  stored: p.stored,
  updated_at: p.updatedAt,
});

const orderBody = z.object({
  ids: z
    .array(idSchema("ids"), { error: "ids must be a list of ids" })
    .max(L.reorder, `ids must be at most ${L.reorder}`),
});
const sectionProductParams = z.object({ id: idSchema("id"), productId: idSchema("productId") });
const slugParams = z.object({
  slug: z
    .string()
    .max(40)
    .refine((s) => (POLICY_PAGE_SLUGS as readonly string[]).includes(s), {
      message: `slug must be one of: ${POLICY_PAGE_SLUGS.join(", ")}`,
    }),
});

const blogPostAnswer = answerOf<ReturnType<typeof presentBlogPost>>()(
  z.object({
    category: z.string().nullable(),
    tags: z.array(z.string()),
    author_name: z.string().nullable(),
    featured_image_url: z.string().nullable(),
    read_time_minutes: z.number(),
    is_featured: z.boolean(),
    is_published: z.boolean(),
    status: z.string(),
    seo_title: z.string().nullable(),
    seo_description: z.string().nullable(),
    created_at: moment,
    published_at: moment.nullable(),
    updated_at: moment,
    content: z.string().optional(),
    id: z.number(),
    slug: z.string(),
    title: z.string(),
    excerpt: z.string(),
  }),
);

const announcementAnswer = answerOf<ReturnType<typeof presentAnnouncement>>()(
  z.object({
    id: z.number(),
    content: z.string(),
    is_active: z.boolean(),
    position: z.number(),
  }),
);

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

const videoAnswer = answerOf<ReturnType<typeof presentVideo>>()(
  z.object({
    id: z.number(),
    title: z.string(),
    description: z.string(),
    video_url: z.string(),
    is_active: z.boolean(),
    position: z.number(),
  }),
);

const policyAnswer = answerOf<ReturnType<typeof presentPolicy>>()(
  z.object({
    slug: z.enum(POLICY_PAGE_SLUGS),
    title: z.string(),
    content: z.string(),
    stored: z.boolean(),
    updated_at: moment.nullable(),
  }),
);

const deletedAnswer = z.object({ id: z.int() });

const sectionProductMatch = z.object({
  id: z.number(),
  name: z.string(),
  is_active: z.boolean(),
});

export async function adminContentRoutes(
  app: FastifyInstance,
  { core, config }: { core: CoreContext; config?: AppConfig },
) {
  // an uploaded picture replaced, cleared or deleted with its row: its files go (decision 0066)
  const storage = config ? mediaStorage(config) : undefined;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const guard = requireStaff(core, "content");
  const op = (summary: string) => staffOperation("content", summary);
  // ------------------------------------------------------------ blog posts
  api.get(
    "/admin/blog-posts",
    {
      schema: {
        operationId: "listStaffBlogPosts",
        response: answers({ 200: pageOf(blogPostAnswer) }),

        ...op(
          "Blog posts, drafts and published, most recently changed first (no body); status and search narrow it; the total is in X-Total-Count",
        ),
        querystring: pageQuery(200, 50).extend({
          status: z.enum(BLOG_STATUSES, { error: `status must be one of: ${BLOG_STATUSES.join(", ")}` }).default("all"),
          search: z.string().max(100, "search must be at most 100 characters").optional(),
        }),
      },
      onRequest: guard,
    },
    async (request, reply) => {
      const q = request.query;
      const page = await listBlogPostsForStaff(core, staffActor(request), q);
      reply.header("x-total-count", String(page.total));
      return page.items.map(presentBlogPost);
    },
  );

  api.get(
    "/admin/blog-posts/media",
    {
      schema: {
        operationId: "listBlogMedia",
        response: answers({ 200: z.object({ urls: z.array(z.string()) }) }),
        ...op("Pictures a post may feature: addresses of pictures the store already shows"),
      },
      onRequest: guard,
    },
    async (request) => {
      staffActor(request);
      return { urls: await listMediaChoices(core) };
    },
  );

  api.get(
    "/admin/blog-posts/:id",
    {
      schema: {
        operationId: "getStaffBlogPost",
        response: answers({ 200: blogPostAnswer }, 404),
        ...op("One blog post with its body, draft or published"),
        params: idParams,
      },
      onRequest: guard,
    },
    async (request) => presentBlogPost(await getBlogPostForStaff(core, staffActor(request), request.params.id)),
  );

  api.post(
    "/admin/blog-posts",
    {
      schema: {
        operationId: "createBlogPost",
        response: answers({ 201: blogPostAnswer }, 409),

        ...op(
          "Writes a post: a draft unless is_published; the body's HTML is cleaned before it is stored; an empty slug is made from the title; 409 when the slug is taken",
        ),
        body: blogBody,
      },
      onRequest: guard,
    },
    async (request, reply) => {
      const post = await createBlogPost(core, staffActor(request), blogInput(request.body));
      return reply.status(201).send(presentBlogPost(post));
    },
  );

  api.patch(
    "/admin/blog-posts/:id",
    {
      schema: {
        operationId: "updateBlogPost",
        response: answers({ 200: blogPostAnswer }, 404, 409),

        ...op(
          "Changes the fields given; publishing a post the first time sets published_at; 409 when the slug is taken",
        ),
        params: idParams,
        body: blogBody,
      },
      onRequest: guard,
    },
    async (request) =>
      presentBlogPost(
        await updateBlogPost(core, staffActor(request), request.params.id, blogInput(request.body), storage),
      ),
  );

  api.delete(
    "/admin/blog-posts/:id",
    {
      schema: {
        operationId: "deleteBlogPost",
        response: answers({ 200: deletedAnswer }, 404),
        ...op("Deletes a post for good; 404 when it is already gone"),
        params: idParams,
      },
      onRequest: guard,
    },
    async (request) => deleteBlogPost(core, staffActor(request), request.params.id, storage),
  );

  // ------------------------------------------------------------ announcements
  const announcementBody = z.object({
    content: text("content", L.announcement).optional(),
    is_active: bool("is_active").optional(),
  });

  api.get(
    "/admin/announcements",
    {
      schema: {
        operationId: "listStaffAnnouncements",
        response: answers({ 200: z.array(announcementAnswer) }),
        ...op("Every announcement of the bar at the top of the storefront, in order, shown or not"),
      },
      onRequest: guard,
    },
    async (request) => (await listAnnouncementsForStaff(core, staffActor(request))).map(presentAnnouncement),
  );

  api.post(
    "/admin/announcements",
    {
      schema: {
        operationId: "addAnnouncement",
        response: answers({ 201: announcementAnswer }),

        ...op("Adds an announcement at the end of the bar (shown unless is_active is false)"),
        body: announcementBody,
      },
      onRequest: guard,
    },
    async (request, reply) => {
      const row = await addAnnouncement(core, staffActor(request), {
        content: request.body.content,
        isActive: request.body.is_active,
      });
      return reply.status(201).send(presentAnnouncement(row));
    },
  );

  api.put(
    "/admin/announcements/order",
    {
      schema: {
        operationId: "orderAnnouncements",
        response: answers({ 200: z.array(announcementAnswer) }, 409),
        ...op("Puts the announcements in the order of ids, each named once"),
        body: orderBody,
      },
      onRequest: guard,
    },
    async (request) =>
      (await reorderAnnouncements(core, staffActor(request), request.body.ids)).map(presentAnnouncement),
  );

  api.patch(
    "/admin/announcements/:id",
    {
      schema: {
        operationId: "updateAnnouncement",
        response: answers({ 200: announcementAnswer }, 404),

        ...op("Changes an announcement's words, or shows or hides it (is_active)"),
        params: idParams,
        body: announcementBody,
      },
      onRequest: guard,
    },
    async (request) =>
      presentAnnouncement(
        await updateAnnouncement(core, staffActor(request), request.params.id, {
          content: request.body.content,
          isActive: request.body.is_active,
        }),
      ),
  );

  api.delete(
    "/admin/announcements/:id",
    {
      schema: {
        operationId: "deleteAnnouncement",
        response: answers({ 200: deletedAnswer }, 404),
        ...op("Deletes an announcement; 404 when it is already gone"),
        params: idParams,
      },
      onRequest: guard,
    },
    async (request) => deleteAnnouncement(core, staffActor(request), request.params.id),
  );

  // ------------------------------------------------------------ home page sections
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

  api.get(
    "/admin/home-sections",
    {
      schema: {
        operationId: "listHomeSections",
        response: answers({ 200: z.array(sectionAnswer) }),
        ...op("The home page's sections in order, shown or hidden, each with its products in order"),
      },
      onRequest: guard,
    },
    async (request) => (await listHomeSectionsForStaff(core, staffActor(request))).map(presentSection),
  );

  api.get(
    "/admin/home-sections/product-search",
    {
      schema: {
        operationId: "searchHomeSectionProducts",
        response: answers({ 200: z.array(sectionProductMatch) }),

        ...op("Products to add to a section, by name or number (at most 20; hidden products too)"),
        querystring: z.object({ q: z.string().max(100, "q must be at most 100 characters").default("") }),
      },
      onRequest: guard,
    },
    async (request) =>
      (await searchProductsForSection(core, staffActor(request), request.query.q)).map((p) => ({
        id: p.id,
        name: p.name,
        is_active: p.isActive,
      })),
  );

  api.post(
    "/admin/home-sections",
    {
      schema: {
        operationId: "addHomeSection",
        response: answers({ 201: sectionAnswer }),
        ...op("Adds a section at the end of the home page"),
        body: sectionBody,
      },
      onRequest: guard,
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(presentSection(await addHomeSection(core, staffActor(request), sectionInput(request.body)))),
  );

  api.put(
    "/admin/home-sections/order",
    {
      schema: {
        operationId: "orderHomeSections",
        response: answers({ 200: z.array(sectionAnswer) }, 409),
        ...op("Puts the sections in the order of ids, each named once"),
        body: orderBody,
      },
      onRequest: guard,
    },
    async (request) => (await reorderHomeSections(core, staffActor(request), request.body.ids)).map(presentSection),
  );

  api.patch(
    "/admin/home-sections/:id",
    {
      schema: {
        operationId: "updateHomeSection",
        response: answers({ 200: sectionAnswer }, 404),

        ...op("Changes a section's name or description, or shows or hides it"),
        params: idParams,
        body: sectionBody,
      },
      onRequest: guard,
    },
    async (request) =>
      presentSection(await updateHomeSection(core, staffActor(request), request.params.id, sectionInput(request.body))),
  );

  api.delete(
    "/admin/home-sections/:id",
    {
      schema: {
        operationId: "deleteHomeSection",
        response: answers({ 200: deletedAnswer }, 404),
        ...op("Deletes a section (its products stay in the catalogue)"),
        params: idParams,
      },
      onRequest: guard,
    },
    async (request) => deleteHomeSection(core, staffActor(request), request.params.id),
  );

  api.post(
    "/admin/home-sections/:id/products",
    {
      schema: {
        operationId: "addHomeSectionProduct",
        response: answers({ 201: sectionAnswer }, 404, 409),

        ...op("Adds a product at the end of the section; 409 when it is already there"),
        params: idParams,
        body: z.object({ product_id: idSchema("product_id") }),
      },
      onRequest: guard,
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          presentSection(
            await addHomeSectionProduct(core, staffActor(request), request.params.id, request.body.product_id),
          ),
        ),
  );

  api.put(
    "/admin/home-sections/:id/products/order",
    {
      schema: {
        operationId: "orderHomeSectionProducts",
        response: answers({ 200: sectionAnswer }, 404, 409),

        ...op(
          "Puts the section's products in the order of ids (product ids), each named once. With version (the products_version the list was read with) a list changed since is refused with 409",
        ),
        params: idParams,
        body: productOrderBody,
      },
      onRequest: guard,
    },
    async (request) =>
      presentSection(
        await reorderHomeSectionProducts(
          core,
          staffActor(request),
          request.params.id,
          request.body.ids,
          request.body.version,
        ),
      ),
  );

  api.delete(
    "/admin/home-sections/:id/products/:productId",
    {
      schema: {
        operationId: "removeHomeSectionProduct",
        response: answers({ 200: sectionAnswer }, 404),
        ...op("Takes a product out of the section"),
        params: sectionProductParams,
      },
      onRequest: guard,
    },
    async (request) =>
      presentSection(
        await removeHomeSectionProduct(core, staffActor(request), request.params.id, request.params.productId),
      ),
  );

  // ------------------------------------------------------------ home page videos
  const videoBody = z.object({
    title: text("title", L.videoTitle).optional(),
    description: text("description", L.videoDescription).optional(),
    video_url: text("video_url", L.videoUrl).optional(),
    is_active: bool("is_active").optional(),
  });
  const videoInput = (b: z.infer<typeof videoBody>) => ({
    title: b.title,
    description: b.description,
    videoUrl: b.video_url,
    isActive: b.is_active,
  });

  api.get(
    "/admin/home-videos",
    {
      schema: {
        operationId: "listHomeVideos",
        response: answers({ 200: z.array(videoAnswer) }),
        ...op("The home page's videos in order, shown or not"),
      },
      onRequest: guard,
    },
    async (request) => (await listHomeVideosForStaff(core, staffActor(request))).map(presentVideo),
  );

  api.post(
    "/admin/home-videos",
    {
      schema: {
        operationId: "addHomeVideo",
        response: answers({ 201: videoAnswer }),
        ...op("Adds a video at the end (a YouTube address: watch, youtu.be or shorts)"),
        body: videoBody,
      },
      onRequest: guard,
    },
    async (request, reply) =>
      reply.status(201).send(presentVideo(await addHomeVideo(core, staffActor(request), videoInput(request.body)))),
  );

  api.put(
    "/admin/home-videos/order",
    {
      schema: {
        operationId: "orderHomeVideos",
        response: answers({ 200: z.array(videoAnswer) }, 409),
        ...op("Puts the videos in the order of ids, each named once"),
        body: orderBody,
      },
      onRequest: guard,
    },
    async (request) => (await reorderHomeVideos(core, staffActor(request), request.body.ids)).map(presentVideo),
  );

  api.patch(
    "/admin/home-videos/:id",
    {
      schema: {
        operationId: "updateHomeVideo",
        response: answers({ 200: videoAnswer }, 404),
        ...op("Changes a video, or shows or hides it"),
        params: idParams,
        body: videoBody,
      },
      onRequest: guard,
    },
    async (request) =>
      presentVideo(await updateHomeVideo(core, staffActor(request), request.params.id, videoInput(request.body))),
  );

  api.delete(
    "/admin/home-videos/:id",
    {
      schema: {
        operationId: "deleteHomeVideo",
        response: answers({ 200: deletedAnswer }, 404),
        ...op("Deletes a video; 404 when it is already gone"),
        params: idParams,
      },
      onRequest: guard,
    },
    async (request) => deleteHomeVideo(core, staffActor(request), request.params.id),
  );

  // ------------------------------------------------------------ policy pages
  api.get(
    "/admin/policy-pages",
    {
      schema: {
        operationId: "listPolicyPages",
        response: answers({ 200: z.array(policyAnswer) }),
        ...op("The four policy pages: stored false means the page shows the text the store ships with"),
      },
      onRequest: guard,
    },
    async (request) => (await listPolicyPagesForStaff(core, staffActor(request))).map(presentPolicy),
  );

  api.get(
    "/admin/policy-pages/:slug",
    {
      schema: {
        operationId: "getPolicyPage",
        response: answers({ 200: policyAnswer }),
        ...op("One policy page's stored text"),
        params: slugParams,
      },
      onRequest: guard,
    },
    async (request) => presentPolicy(await getPolicyPageForStaff(core, staffActor(request), request.params.slug)),
  );

  api.put(
    "/admin/policy-pages/:slug",
    {
      schema: {
        operationId: "savePolicyPage",
        response: answers({ 200: policyAnswer }),

        ...op(
          "Stores a policy page's text (HTML, cleaned before it is stored); the page and the sitemap show it at once, dated today",
        ),
        params: slugParams,
        body: z.object({
          title: text("title", L.title).optional(),
          content: z
            .string({ error: "content must be text" })
            .max(L.html, `content must be at most ${L.html.toLocaleString("en-US")} characters`),
        }),
      },
      onRequest: guard,
    },
    async (request) =>
      presentPolicy(await savePolicyPage(core, staffActor(request), request.params.slug, request.body)),
  );

  api.delete(
    "/admin/policy-pages/:slug",
    {
      schema: {
        operationId: "resetPolicyPage",
        response: answers({ 200: policyAnswer }),

        ...op("Drops the stored text: the page shows the text the store ships with again"),
        params: slugParams,
      },
      onRequest: guard,
    },
    async (request) => presentPolicy(await resetPolicyPage(core, staffActor(request), request.params.slug)),
  );
}
