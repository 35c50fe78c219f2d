// Blog posts through the staff API (decision 0067), drafts and published: the list, one post
// with its body, writing, changing and deleting, and the pictures a post may feature.
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
import { listMediaChoices } from "../../../core/content/media-choices";
import type { CoreContext } from "../../../core/context";
import type { MediaStorage } from "../../../core/media/storage";
import { idParams, pageQuery } from "../http";
import { answerOf, answers, moment, pageOf } from "../answers";
import { bool, deletedAnswer, htmlContent, text, urduHtmlContent, urduText } from "./content-fields";
import { sendPage, type StaffRoutes } from "./staff-routes";

const blogBody = z.object({
  title: text("title", L.title).optional(),
  slug: text("slug", L.slug).optional(),
  excerpt: text("excerpt", L.excerpt).optional(),
  content: htmlContent.optional(),
  title_ur: urduText("title_ur", L.title),
  excerpt_ur: urduText("excerpt_ur", L.excerpt),
  content_ur: urduHtmlContent,
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
  titleUr: b.title_ur,
  excerptUr: b.excerpt_ur,
  contentUr: b.content_ur,
  category: b.category,
  tags: b.tags,
  authorName: b.author_name,
  featuredImageUrl: b.featured_image_url,
  isFeatured: b.is_featured,
  seoTitle: b.seo_title,
  seoDescription: b.seo_description,
  isPublished: b.is_published,
});

function presentBlogPost(
  p: Omit<StaffBlogPost, "content" | "contentUr"> & { content?: string; contentUr?: string | null },
) {
  return {
    id: p.id,
    slug: p.slug,
    title: p.title,
    excerpt: p.excerpt,
    ...(p.content !== undefined ? { content: p.content } : {}),
    title_ur: p.titleUr,
    excerpt_ur: p.excerptUr,
    ...(p.contentUr !== undefined ? { content_ur: p.contentUr } : {}),
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
    title_ur: z.string().nullable(),
    excerpt_ur: z.string().nullable(),
    content_ur: z.string().nullable().optional(),
    id: z.number(),
    slug: z.string(),
    title: z.string(),
    excerpt: z.string(),
  }),
);

/** The blog's routes; `storage` deletes an uploaded picture replaced or deleted with its post (decision 0066). */
export function blogPostRoutes(staff: StaffRoutes, core: CoreContext, storage: MediaStorage | undefined) {
  staff.get(
    "/admin/blog-posts",
    {
      operationId: "listStaffBlogPosts",
      summary:
        "Blog posts, drafts and published, most recently changed first (no body); status and search narrow it; the total is in X-Total-Count",
      response: answers({ 200: pageOf(blogPostAnswer) }),
      querystring: pageQuery(200, 50).extend({
        status: z.enum(BLOG_STATUSES, { error: `status must be one of: ${BLOG_STATUSES.join(", ")}` }).default("all"),
        search: z.string().max(100, "search must be at most 100 characters").optional(),
      }),
    },
    async (actor, { query }, reply) =>
      sendPage(reply, await listBlogPostsForStaff(core, actor, query), presentBlogPost),
  );

  staff.get(
    "/admin/blog-posts/media",
    {
      operationId: "listBlogMedia",
      summary: "Pictures a post may feature: addresses of pictures the store already shows",
      response: answers({ 200: z.object({ urls: z.array(z.string()) }) }),
    },
    async () => ({ urls: await listMediaChoices(core) }),
  );

  staff.get(
    "/admin/blog-posts/:id",
    {
      operationId: "getStaffBlogPost",
      summary: "One blog post with its body, draft or published",
      response: answers({ 200: blogPostAnswer }, 404),
      params: idParams,
    },
    async (actor, { params }) => presentBlogPost(await getBlogPostForStaff(core, actor, params.id)),
  );

  staff.post(
    "/admin/blog-posts",
    {
      operationId: "createBlogPost",
      summary:
        "Writes a post: a draft unless is_published; the body's HTML is cleaned before it is stored; an empty slug is made from the title; 409 when the slug is taken",
      response: answers({ 201: blogPostAnswer }, 409),
      body: blogBody,
    },
    async (actor, { body }, reply) =>
      reply.status(201).send(presentBlogPost(await createBlogPost(core, actor, blogInput(body)))),
  );

  staff.patch(
    "/admin/blog-posts/:id",
    {
      operationId: "updateBlogPost",
      summary:
        "Changes the fields given; publishing a post the first time sets published_at; 409 when the slug is taken",
      response: answers({ 200: blogPostAnswer }, 404, 409),
      params: idParams,
      body: blogBody,
    },
    async (actor, { params, body }) =>
      presentBlogPost(await updateBlogPost(core, actor, params.id, blogInput(body), storage)),
  );

  staff.delete(
    "/admin/blog-posts/:id",
    {
      operationId: "deleteBlogPost",
      summary: "Deletes a post for good; 404 when it is already gone",
      response: answers({ 200: deletedAnswer }, 404),
      params: idParams,
    },
    async (actor, { params }) => deleteBlogPost(core, actor, params.id, storage),
  );
}
