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
import { presentBlog, presentBlogSummary, presentProduct, presentSiteSettings } from "./presenters";

export async function contentRoutes(app: FastifyInstance, { core }: { core: CoreContext }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get("/site-settings", { schema: { tags: ["content"], summary: "Site settings" } }, async (request, reply) =>
    sendCachedJson(core, request, reply, async () =>
      presentSiteSettings(await getSiteSettings(core), await settingWords(core), await listOfferedCurrencies(core)),
    ),
  );

  api.get(
    "/announcements",
    { schema: { tags: ["content"], summary: "Active announcements" } },
    async (request, reply) =>
      sendCachedJson(core, request, reply, async () => {
        const words = await settingWords(core);
        return (await listAnnouncements(core)).map((a) => ({
          id: a.id,
          content: words(a.content),
          is_active: a.isActive,
        }));
      }),
  );

  api.get(
    "/blogs/featured",
    {
      schema: {
        tags: ["blog"],
        summary: "Featured blog posts, newest first",
        querystring: z.object({ limit: limitSchema(20, 5) }),
      },
    },
    async (request, reply) =>
      sendCachedJson(core, request, reply, async () =>
        (await listBlogs(core, { featuredOnly: true, limit: request.query.limit })).map(presentBlogSummary),
      ),
  );

  api.get(
    "/blogs",
    { schema: { tags: ["blog"], summary: "Published blog posts, newest first", querystring: pageQuery(100) } },
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
        summary: "One blog post by slug or id",
        params: z.object({ slug: z.string().min(1).max(200) }),
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
    { schema: { tags: ["content"], summary: "Videos for the homepage carousel" } },
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
    { schema: { tags: ["content"], summary: "Homepage category sections with their products" } },
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
