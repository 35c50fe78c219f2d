// One blog post (spec §2 Blog, §8): its HTML body sanitised again before it is shown (design.md),
// title and description from the post's SEO fields, and a real 404 for a missing post.
import { contentLang } from "../i18n/content-lang";
import { data, Link } from "react-router";
import { getBlog } from "../../core/content/content";
import { Breadcrumb } from "../components/Breadcrumb";
import { Picture } from "../components/Picture";
import { otherLanguage, Prose } from "../components/Prose";
import { ShareButton } from "../components/ShareButton";
import { localeOfPath } from "../i18n/locales";
import { translatorIn, translatorOf, useT } from "../i18n/t";
import { formatDayIn } from "../lib/dates";
import { textInLocale } from "../lib/policy-page.server";
import { absoluteUrl, breadcrumbJsonLd, pageMeta, PUBLIC_CACHE } from "../lib/seo";
import type { ShellData } from "../lib/shell.server";
import type { Route } from "./+types/blog-post";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  try {
    const post = await getBlog(context.core, params.slug);
    if (!post) return data({ post: null, failed: false }, { status: 404 });
    const { locale } = translatorOf(request);
    return {
      failed: false,
      post: {
        id: post.id,
        path: `/blog/${post.slug || post.id}`,
        // the post as written: on an Urdu page, its English marked as such until it has Urdu
        ...textInLocale(locale, {
          en: {
            title: post.title,
            excerpt: post.excerpt,
            category: post.category,
            tags: post.tags,
            html: post.content,
          },
          // a post is in Urdu once it has both its Urdu title and text
          ur:
            post.titleUr && post.contentUr
              ? { title: post.titleUr, excerpt: post.excerptUr ?? "", category: null, tags: [], html: post.contentUr }
              : null,
        }),
        author: post.authorName,
        image: post.featuredImageUrl,
        readTime: post.readTimeMinutes,
        published: (post.publishedAt ?? post.createdAt).toISOString(),
        updated: post.updatedAt.toISOString(),
        seoTitle: post.seoTitle,
        seoDescription: post.seoDescription,
        seoKeywords: post.seoKeywords,
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

export function meta({ data: page, matches, location }: Route.MetaArgs) {
  const shell = matches[0]?.data as ShellData | undefined;
  const t = translatorIn(localeOfPath(location.pathname));
  const siteName = shell?.siteName ?? "";
  const post = page?.post;
  if (!post) {
    return pageMeta(shell?.seo, {
      title: `${page?.failed ? t("Blog") : t("Blog post not found")} | ${siteName}`,
      path: "/blog",
      noindex: true,
      locale: t.locale,
    });
  }
  const publicUrl = shell?.seo.publicUrl ?? "";
  const tags = pageMeta(shell?.seo, {
    title: post.seoTitle || `${post.title} | ${siteName}`,
    description: post.seoDescription || post.excerpt,
    path: post.path,
    image: post.image,
    type: "article",
    locale: t.locale,
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
        mainEntityOfPage: absoluteUrl(publicUrl, t.path(post.path)),
        ...(post.tags.length > 0 ? { keywords: post.tags.join(", ") } : {}),
      },
      breadcrumbJsonLd(publicUrl, [
        { name: t("Home"), path: t.path("/") },
        { name: t("Blog"), path: t.path("/blog") },
        { name: post.title, path: t.path(post.path) },
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
  const t = useT();
  return (
    <main className="mx-auto max-w-xl px-4 py-24 text-center">
      <p className="eyebrow">{failed ? t("Error") : t("Error 404")}</p>
      <h1 className="mt-3 font-serif text-4xl">
        {failed ? t("Failed to load blog post. Please try again later.") : t("Blog post not found.")}
      </h1>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to={t.path("/blog")} className="btn-primary">
          {t("Back to Blog")}
        </Link>
        <Link to={t.path("/")} className="btn-secondary">
          {t("Back to Home")}
        </Link>
      </div>
    </main>
  );
}

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  const { post, failed } = loaderData;
  const t = useT();
  if (!post) return <Missing failed={failed} />;
  const english = otherLanguage(post.lang);
  return (
    <main className="mx-auto max-w-7xl px-4 pt-4 md:px-8 md:pt-8">
      <Breadcrumb
        items={[
          { name: t("Home"), path: "/" },
          { name: t("Blog"), path: "/blog" },
          { name: post.title, path: post.path },
        ]}
      />
      <article className="mx-auto mt-8 max-w-3xl" aria-labelledby="post-title">
        <header className="text-center">
          <p className="eyebrow" {...english}>
            {post.category}
          </p>
          <h1 id="post-title" className="mt-3 font-serif text-4xl leading-tight md:text-5xl" {...english}>
            {post.title}
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-stone-600" {...english}>
            {post.excerpt}
          </p>
          <div className="mt-5 flex flex-wrap items-center justify-center gap-x-4 gap-y-2 text-sm text-stone-600">
            {post.author && (
              <>
                <span>
                  {`${t("By")} `}
                  <span className="font-semibold text-ink" lang={contentLang(post.author, t.locale)}>
                    {post.author}
                  </span>
                </span>
                <span aria-hidden="true">·</span>
              </>
            )}
            <time dateTime={post.published}>{formatDayIn(t.tag, post.published)}</time>
            <span aria-hidden="true">·</span>
            <span>{t("{count} min read", { count: post.readTime })}</span>
            <ShareButton title={post.title} className="ms-1 text-ink" />
          </div>
        </header>
        {post.image && (
          <div className="-mx-4 mt-8 md:mx-0" lang={contentLang(post.title, t.locale)}>
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
        <Prose html={post.html} className="mt-8" lang={post.lang} />
        {post.tags.length > 0 && (
          <ul aria-label={t("Tags")} {...english} className="mt-10 flex flex-wrap gap-2 border-t border-stone-200 pt-6">
            {post.tags.map((tag) => (
              <li key={tag} className="rounded-full bg-stone-100 px-3 py-1 text-xs text-stone-700">
                #{tag}
              </li>
            ))}
          </ul>
        )}
        <nav
          aria-label={t("Back")}
          className="mt-10 flex flex-wrap justify-between gap-3 border-t border-stone-200 pt-6"
        >
          <Link to={t.path("/blog")} className="btn-secondary">
            {t("← Back to Blog")}
          </Link>
          <Link to={t.path("/collection/all")} className="btn-primary">
            {t("Shop the Collection")}
          </Link>
        </nav>
      </article>
    </main>
  );
}
