// The blog list (spec §2 Blog, §8): posts with image, category, author, date and read time, and
// the loading, error (Try Again) and empty states.
import { data, Link, useRevalidator } from "react-router";
import { listBlogs } from "../../core/content/content";
import { Breadcrumb } from "../components/Breadcrumb";
import { Picture } from "../components/Picture";
import { OtherLanguage, otherLanguage } from "../components/Prose";
import { localeOfPath } from "../i18n/locales";
import { translatorIn, translatorOf, useT } from "../i18n/t";
import { formatDayIn } from "../lib/dates";
import { textInLocale } from "../lib/policy-page.server";
import { pageMeta, PUBLIC_CACHE } from "../lib/seo";
import type { ShellData } from "../lib/shell.server";
import type { Route } from "./+types/blog";

export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    const posts = await listBlogs(context.core, { limit: 100 });
    const { locale } = translatorOf(request);
    return {
      failed: false,
      posts: posts.map((b) => ({
        id: b.id,
        href: `/blog/${b.slug || b.id}`,
        // a post written in Urdu (its Urdu title) is listed in Urdu; its category is the shop's word
        ...textInLocale(locale, {
          en: { title: b.title, excerpt: b.excerpt, category: b.category },
          ur: b.titleUr ? { title: b.titleUr, excerpt: b.excerptUr ?? "", category: null } : null,
        }),
        author: b.authorName,
        image: b.featuredImageUrl,
        date: (b.publishedAt ?? b.createdAt).toISOString(),
        readTime: b.readTimeMinutes,
      })),
    };
  } catch (error) {
    console.error(error);
    return data({ failed: true, posts: [] }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return { "Cache-Control": loaderHeaders.get("Cache-Control") ?? PUBLIC_CACHE };
}

export function meta({ matches, location }: Route.MetaArgs) {
  const shell = matches[0]?.data as ShellData | undefined;
  const t = translatorIn(localeOfPath(location.pathname));
  return pageMeta(shell?.seo, {
    title: `${t("Blog")} | ${shell?.siteName ?? ""}`,
    description: t(
      "Style notes, fabric guides and care tips from {name} team: lawn, formal wear, nightwear and lingerie for every season in Pakistan.",
      { name: shell?.siteName ?? "our" },
    ),
    path: "/blog",
    locale: t.locale,
  });
}

export default function BlogPage({ loaderData }: Route.ComponentProps) {
  const { posts, failed } = loaderData;
  const t = useT();
  const revalidator = useRevalidator();
  const loading = revalidator.state === "loading";
  const [first, ...rest] = posts;
  return (
    <main className="mx-auto max-w-7xl px-4 pt-4 md:px-8 md:pt-8">
      <Breadcrumb
        items={[
          { name: t("Home"), path: "/" },
          { name: t("Blog"), path: "/blog" },
        ]}
      />
      <header className="mt-6 text-center">
        <p className="eyebrow">{t("From our team")}</p>
        <h1 className="mt-2 font-serif text-4xl md:text-5xl">{t("Our Blog")}</h1>
        <p className="mx-auto mt-3 max-w-xl text-stone-600">
          {t("Style notes, fabric guides and care tips for every season.")}
        </p>
      </header>

      {loading ? (
        <p className="mt-12 text-center text-stone-600" aria-live="polite">
          {t("Loading posts…")}
        </p>
      ) : failed ? (
        <div className="mt-12 text-center" role="alert">
          <p className="text-red-800">{t("Failed to load blogs. Please try again later.")}</p>
          <button type="button" onClick={() => revalidator.revalidate()} className="btn-secondary mt-4">
            {t("Try Again")}
          </button>
        </div>
      ) : !first ? (
        <div className="mt-12 bg-white p-10 text-center ring-1 ring-stone-200">
          <p className="font-serif text-2xl">{t("No blog posts yet")}</p>
          <p className="mt-2 text-sm text-stone-600">
            {t("New stories are on their way. Meanwhile, explore the collection.")}
          </p>
          <Link to={t.path("/collection/all")} className="btn-primary mt-6">
            {t("Shop All")}
          </Link>
        </div>
      ) : (
        <>
          <article
            className="mt-10 grid gap-6 md:grid-cols-2 md:items-center md:gap-10"
            aria-labelledby={`post-${first.id}`}
          >
            <Link to={t.path(first.href)} tabIndex={-1} aria-hidden="true">
              <Picture url={first.image} alt="" sizes="(min-width: 768px) 50vw, 100vw" ratio="16 / 9" priority />
            </Link>
            <div>
              <p className="text-[11px] font-semibold tracking-[0.2em] text-accent uppercase">
                <OtherLanguage lang={first.lang}>{first.category}</OtherLanguage>
              </p>
              <h2 id={`post-${first.id}`} className="mt-2 font-serif text-3xl leading-tight md:text-4xl">
                <Link to={t.path(first.href)} className="hover:underline" {...otherLanguage(first.lang)}>
                  {first.title}
                </Link>
              </h2>
              <p className="mt-3 text-stone-700">
                <OtherLanguage lang={first.lang}>{first.excerpt}</OtherLanguage>
              </p>
              <p className="mt-3 text-xs text-stone-600">
                {first.author && `${t("By {author}", { author: first.author })} · `}
                <time dateTime={first.date}>{formatDayIn(t.tag, first.date)}</time> ·{" "}
                {t("{count} min read", { count: first.readTime })}
              </p>
              <Link to={t.path(first.href)} className="btn-primary mt-6">
                {t("Read More")}
                <span className="sr-only" lang={first.lang}>
                  : {first.title}
                </span>
              </Link>
            </div>
          </article>
          {rest.length > 0 && (
            <ul aria-label={t("More posts")} className="mt-14 grid gap-x-6 gap-y-12 md:grid-cols-3">
              {rest.map((post) => (
                <li key={post.id}>
                  <article aria-labelledby={`post-${post.id}`} className="flex h-full flex-col">
                    <Link to={t.path(post.href)} tabIndex={-1} aria-hidden="true">
                      <Picture url={post.image} alt="" sizes="(min-width: 768px) 32vw, 100vw" ratio="16 / 9" />
                    </Link>
                    <p className="mt-4 text-[11px] font-semibold tracking-[0.2em] text-accent uppercase">
                      <OtherLanguage lang={post.lang}>{post.category}</OtherLanguage>
                    </p>
                    <h2 id={`post-${post.id}`} className="mt-1 font-serif text-xl leading-snug">
                      <Link to={t.path(post.href)} className="hover:underline" {...otherLanguage(post.lang)}>
                        {post.title}
                      </Link>
                    </h2>
                    <p className="mt-2 line-clamp-3 text-sm text-stone-600">
                      <OtherLanguage lang={post.lang}>{post.excerpt}</OtherLanguage>
                    </p>
                    <p className="mt-2 text-xs text-stone-600">
                      {post.author && `${t("By {author}", { author: post.author })} · `}
                      <time dateTime={post.date}>{formatDayIn(t.tag, post.date)}</time> ·{" "}
                      {t("{count} min read", { count: post.readTime })}
                    </p>
                    <Link
                      to={t.path(post.href)}
                      className="mt-3 text-[11px] font-semibold tracking-[0.18em] uppercase underline-offset-4 hover:underline"
                    >
                      {t("Read More")}
                      <span className="sr-only" lang={post.lang}>
                        : {post.title}
                      </span>
                    </Link>
                  </article>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </main>
  );
}
