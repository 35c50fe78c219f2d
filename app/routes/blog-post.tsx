// One blog post (spec §2 Blog, §8): its HTML body sanitised again before it is shown (design.md),
// title and description from the post's SEO fields, and a real 404 for a missing post.
import { data, Link } from "react-router";
import { getBlog } from "../../core/content/content";
import { Breadcrumb } from "../components/Breadcrumb";
import { Picture } from "../components/Picture";
import { Prose } from "../components/Prose";
import { ShareButton } from "../components/ShareButton";
import { formatDay } from "../lib/dates";
import { absoluteUrl, breadcrumbJsonLd, pageMeta, PUBLIC_CACHE } from "../lib/seo";
import type { ShellData } from "../lib/shell.server";
import type { Route } from "./+types/blog-post";

export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    const post = await getBlog(context.core, params.slug);
    if (!post) return data({ post: null, failed: false }, { status: 404 });
    return {
      failed: false,
      post: {
        id: post.id,
        path: `/blog/${post.slug || post.id}`,
        title: post.title,
        excerpt: post.excerpt,
        category: post.category,
        tags: post.tags,
        author: post.authorName,
        image: post.featuredImageUrl,
        readTime: post.readTimeMinutes,
        published: (post.publishedAt ?? post.createdAt).toISOString(),
        updated: post.updatedAt.toISOString(),
        seoTitle: post.seoTitle,
        seoDescription: post.seoDescription,
        seoKeywords: post.seoKeywords,
        html: post.content, // cleaned by getBlog (core), as every read of stored HTML is
      },
    };
  } catch (error) {
    console.error(error);
    return data({ post: null, failed: true }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return { "Cache-Control": loaderHeaders.get("Cache-Control") ?? PUBLIC_CACHE };
}

export function meta({ data: page, matches }: Route.MetaArgs) {
  const shell = matches[0]?.data as ShellData | undefined;
  const siteName = shell?.siteName ?? "";
  const post = page?.post;
  if (!post) {
    return pageMeta(shell?.seo, {
      title: `${page?.failed ? "Blog" : "Blog post not found"} | ${siteName}`,
      path: "/blog",
      noindex: true,
    });
  }
  const publicUrl = shell?.seo.publicUrl ?? "";
  const tags = pageMeta(shell?.seo, {
    title: post.seoTitle || `${post.title} | ${siteName}`,
    description: post.seoDescription || post.excerpt,
    path: post.path,
    image: post.image,
    type: "article",
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "BlogPosting",
        headline: post.title,
        description: post.seoDescription || post.excerpt,
        ...(post.image ? { image: [absoluteUrl(publicUrl, post.image)] } : {}),
        author: post.author ? { "@type": "Person", name: post.author } : { "@type": "Organization", name: siteName },
        publisher: { "@type": "Organization", name: siteName },
        datePublished: post.published,
        dateModified: post.updated,
        mainEntityOfPage: absoluteUrl(publicUrl, post.path),
        ...(post.tags.length > 0 ? { keywords: post.tags.join(", ") } : {}),
      },
      breadcrumbJsonLd(publicUrl, [
        { name: "Home", path: "/" },
        { name: "Blog", path: "/blog" },
        { name: post.title, path: post.path },
      ]),
    ],
  });
  return [
    ...tags,
    ...(post.seoKeywords ? [{ name: "keywords", content: post.seoKeywords }] : []),
    { property: "article:published_time", content: post.published },
    { property: "article:modified_time", content: post.updated },
    ...(post.category ? [{ property: "article:section", content: post.category }] : []),
  ];
}

function Missing({ failed }: { failed: boolean }) {
  return (
    <main className="mx-auto max-w-xl px-4 py-24 text-center">
      <p className="eyebrow">{failed ? "Error" : "Error 404"}</p>
      <h1 className="mt-3 font-serif text-4xl">
        {failed ? "Failed to load blog post. Please try again later." : "Blog post not found."}
      </h1>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/blog" className="btn-primary">
          Back to Blog
        </Link>
        <Link to="/" className="btn-secondary">
          Back to Home
        </Link>
      </div>
    </main>
  );
}

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  const { post, failed } = loaderData;
  if (!post) return <Missing failed={failed} />;
  return (
    <main className="mx-auto max-w-7xl px-4 pt-4 md:px-8 md:pt-8">
      <Breadcrumb
        items={[
          { name: "Home", path: "/" },
          { name: "Blog", path: "/blog" },
          { name: post.title, path: post.path },
        ]}
      />
      <article className="mx-auto mt-8 max-w-3xl" aria-labelledby="post-title">
        <header className="text-center">
          <p className="eyebrow">{post.category}</p>
          <h1 id="post-title" className="mt-3 font-serif text-4xl leading-tight md:text-5xl">
            {post.title}
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-stone-600">{post.excerpt}</p>
          <div className="mt-5 flex flex-wrap items-center justify-center gap-x-4 gap-y-2 text-sm text-stone-600">
            {post.author && (
              <>
                <span>
                  By <span className="font-semibold text-ink">{post.author}</span>
                </span>
                <span aria-hidden="true">·</span>
              </>
            )}
            <time dateTime={post.published}>{formatDay(post.published)}</time>
            <span aria-hidden="true">·</span>
            <span>{post.readTime} min read</span>
            <ShareButton title={post.title} className="ms-1 text-ink" />
          </div>
        </header>
        {post.image && (
          <div className="-mx-4 mt-8 md:mx-0">
            <Picture
              url={post.image}
              alt={post.title}
              sizes="(min-width: 768px) 768px, 100vw"
              ratio="16 / 9"
              priority
              width={1200}
            />
          </div>
        )}
        <Prose html={post.html} className="mt-8" />
        {post.tags.length > 0 && (
          <ul aria-label="Tags" className="mt-10 flex flex-wrap gap-2 border-t border-stone-200 pt-6">
            {post.tags.map((tag) => (
              <li key={tag} className="rounded-full bg-stone-100 px-3 py-1 text-xs text-stone-700">
                #{tag}
              </li>
            ))}
          </ul>
        )}
        <nav aria-label="Back" className="mt-10 flex flex-wrap justify-between gap-3 border-t border-stone-200 pt-6">
          <Link to="/blog" className="btn-secondary">
            ← Back to Blog
          </Link>
          <Link to="/collection/all" className="btn-primary">
            Shop the Collection
          </Link>
        </nav>
      </article>
    </main>
  );
}
