// Content calls of spec §7: site settings, announcements, blog, homepage videos and layout.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { CoreContext } from "../../core/context";
import {
  getBlog,
  getHomepageLayout,
  listAnnouncements,
  listBlogs,
  listHomepageVideos,
} from "../../core/content/content";
import { notFound } from "../../core/shared/errors";
import { getSiteSettings, settingWords } from "../../core/settings/site-settings";
import { listOfferedCurrencies } from "../../core/settings/currency-rates";
import { limitSchema, pageQuery, sendCachedJson } from "./http";
import { answers, blogAnswer, blogSummaryAnswer, productAnswer, siteSettingsAnswer } from "./answers";
import { presentBlog, presentBlogSummary, presentProduct, presentSiteSettings } from "./presenters";

export async function contentRoutes(app: FastifyInstance, { core }: { core: CoreContext }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    "/site-settings",
    {
      schema: {
        tags: ["content"],
        operationId: "getSiteSettings",
        summary: "Site settings",
        response: answers({ 200: siteSettingsAnswer }),
      },
    },
    async (request, reply) =>
      sendCachedJson(core, request, reply, async () =>
        presentSiteSettings(await getSiteSettings(core), await settingWords(core), await listOfferedCurrencies(core)),
      ),
  );

  api.get(
    "/announcements",
    {
      schema: {
        tags: ["content"],
        operationId: "listAnnouncements",
        summary: "Active announcements",
        response: answers({
          200: z.array(
            z.object({
              id: z.int(),
              content: z.string(),
              content_ur: z.string().nullable().describe("the line in Urdu; null: none written, show the English"),
              is_active: z.boolean(),
            }),
          ),
        }),
      },
    },
    async (request, reply) =>
      sendCachedJson(core, request, reply, async () => {
        const words = await settingWords(core);
        return (await listAnnouncements(core)).map((a) => ({
          id: a.id,
          content: words(a.content),
          content_ur: a.contentUr === null ? null : words(a.contentUr),
          is_active: a.isActive,
        }));
      }),
  );

  api.get(
    "/blogs/featured",
    {
      schema: {
        tags: ["blog"],
        operationId: "listFeaturedBlogs",
        summary: "Featured blog posts, newest first",
        querystring: z.object({ limit: limitSchema(20, 5) }),
        response: answers({ 200: z.array(blogSummaryAnswer) }),
      },
    },
    async (request, reply) =>
      sendCachedJson(core, request, reply, async () =>
        (await listBlogs(core, { featuredOnly: true, limit: request.query.limit })).map(presentBlogSummary),
      ),
  );

  api.get(
    "/blogs",
    {
      schema: {
        tags: ["blog"],
        operationId: "listBlogs",
        summary: "Published blog posts, newest first",
        querystring: pageQuery(100),
        response: answers({ 200: z.array(blogSummaryAnswer) }),
      },
    },
    async (request, reply) =>
      sendCachedJson(core, request, reply, async () =>
        (await listBlogs(core, { limit: request.query.limit, offset: request.query.offset })).map(presentBlogSummary),
      ),
  );

  api.get(
    "/blogs/:slug",
    {
      schema: {
        tags: ["blog"],
        operationId: "getBlog",
        summary: "One blog post by slug or id",
        params: z.object({ slug: z.string().min(1).max(200) }),
        response: answers({ 200: blogAnswer }, 404),
      },
    },
    async (request, reply) =>
      sendCachedJson(core, request, reply, async () => {
        const blog = await getBlog(core, request.params.slug);
        if (!blog) throw notFound("Blog post not found.");
        return presentBlog(blog);
      }),
  );

  api.get(
    "/homepage-videos",
    {
      schema: {
        tags: ["content"],
        operationId: "listHomepageVideos",
        summary: "Videos for the homepage carousel",
        response: answers({
          200: z.array(
            z.object({ id: z.int(), title: z.string(), description: z.string().nullable(), video_url: z.string() }),
          ),
        }),
      },
    },
    async (request, reply) =>
      sendCachedJson(core, request, reply, async () =>
        (await listHomepageVideos(core)).map((v) => ({
          id: v.id,
          title: v.title,
          description: v.description,
          video_url: v.videoUrl,
        })),
      ),
  );

  api.get(
    "/homepage-layout",
    {
      schema: {
        tags: ["content"],
        operationId: "getHomepageLayout",
        summary: "Homepage category sections with their products",
        response: answers({
          200: z.object({
            categories: z.array(
              z.object({
                id: z.int(),
                name: z.string(),
                description: z.string().nullable(),
                products: z.array(productAnswer),
              }),
            ),
          }),
        }),
      },
    },
    async (request, reply) =>
      sendCachedJson(core, request, reply, async () => {
        const words = await settingWords(core);
        return {
          categories: (await getHomepageLayout(core)).map((c) => ({
            id: c.id,
            name: c.name,
            description: c.description,
            products: c.products.map((p) => presentProduct(p, undefined, words)),
          })),
        };
      }),
  );
}
