import { contentLang } from "../i18n/content-lang";
import { Form, Link, useRouteLoaderData } from "react-router";
import { getHomepageLayout, listBlogs, listHomepageVideos } from "../../core/content/content";
import { AfterPageLoad } from "../components/AfterPageLoad";
import { Picture } from "../components/Picture";
import { ProductCard } from "../components/ProductCard";
import { Slider } from "../components/Slider";
import { VideoCarousel } from "../components/VideoCarousel";
import { localeOfPath, localePath } from "../i18n/locales";
import { translatorIn, translatorOf, useT } from "../i18n/t";
import { imageSrc, imageSrcSet } from "../lib/images";
import { toCard } from "../lib/catalog-view.server";
import { pageMeta, publicPageHeaders } from "../lib/seo";
import type { ShellData } from "../lib/shell.server";
import type { Route } from "./+types/home";

/** spec §9: home category pages hold 10 products each */
export const HOME_PAGE_SIZE = 10;

export const headers = publicPageHeaders;

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { locale } = translatorOf(request);
  // the same for every visitor: read once per few seconds per process (decision 0016)
  const [layout, blogs, videos] = await context.core.cache.getOrLoad("page:home", () =>
    Promise.all([
      getHomepageLayout(context.core).catch(() => []),
      listBlogs(context.core, { featuredOnly: true, limit: 5 }).catch(() => null),
      listHomepageVideos(context.core).catch(() => null),
    ]),
  );
  return {
    categories: layout.map((category) => {
      const pages = Math.max(1, Math.ceil(category.products.length / HOME_PAGE_SIZE));
      const requested = Number(url.searchParams.get(`page_${category.id}`) ?? 1);
      const page = Number.isInteger(requested) ? Math.min(Math.max(requested, 1), pages) : 1;
      return {
        id: category.id,
        name: category.name,
        description: category.description,
        page,
        pages,
        products: category.products
          .slice((page - 1) * HOME_PAGE_SIZE, page * HOME_PAGE_SIZE)
          // each product's name in the page's language where staff wrote Urdu (decision 0111)
          .map((p) => toCard(p, locale)),
      };
    }),
    blogs:
      blogs?.map((b) => ({
        id: b.id,
        slug: b.slug,
        title: locale === "ur" && b.titleUr ? b.titleUr : b.title,
        excerpt: locale === "ur" && b.titleUr ? (b.excerptUr ?? "") : b.excerpt,
        category: b.category,
        image: b.featuredImageUrl,
        date: (b.publishedAt ?? b.createdAt).toISOString(),
        readTime: b.readTimeMinutes,
      })) ?? null,
    videos:
      videos?.map((v) => ({ id: v.id, title: v.title, description: v.description, videoUrl: v.videoUrl })) ?? null,
  };
}

export function meta({ matches, location }: Route.MetaArgs) {
  const shell = (matches[0]?.data ?? undefined) as ShellData | undefined;
  const t = translatorIn(localeOfPath(location.pathname));
  return pageMeta(shell?.seo, {
    title: shell?.seo.defaultTitle ?? t("Home"),
    path: "/",
    locale: t.locale,
    image: shell?.collections[0]?.imageUrl ?? null,
    jsonLd: shell
      ? [
          {
            "@context": "https://schema.org",
            "@type": "WebSite",
            name: shell.siteName,
            url: shell.seo.publicUrl,
            potentialAction: {
              "@type": "SearchAction",
              target: `${shell.seo.publicUrl}${localePath("/collection/all", t.locale)}?search={search_term_string}`,
              "query-input": "required name=search_term_string",
            },
          },
        ]
      : [],
  });
}

const DATE_STYLE: Intl.DateTimeFormatOptions = {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "Asia/Karachi",
};

/** A home category's page link: a bare address, put in the page's language where it is used. */
function pageLink(search: URLSearchParams, categoryId: number, page: number): string {
  const next = new URLSearchParams(search);
  if (page <= 1) next.delete(`page_${categoryId}`);
  else next.set(`page_${categoryId}`, String(page));
  const text = next.toString();
  return `/${text ? `?${text}` : ""}#category-${categoryId}`;
}

const HERO_IMAGE_BOX = "absolute inset-0 h-full w-full bg-stone-300 md:start-1/2 md:w-1/2";

function HeroImage({ url, first = false }: { url: string | null; first?: boolean }) {
  return (
    <img
      src={imageSrc(url, 800)}
      srcSet={imageSrcSet(url)}
      sizes="(min-width: 768px) 50vw, 100vw"
      alt=""
      loading={first ? "eager" : "lazy"}
      fetchPriority={first ? "high" : "auto"}
      className={`${HERO_IMAGE_BOX} object-cover`}
    />
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const shell = useRouteLoaderData("root") as ShellData;
  const t = useT();
  const dateFormat = new Intl.DateTimeFormat(t.tag, DATE_STYLE);
  // the slider shows the collections staff marked "featured on home" (decision 0066), in
  // their order; with none marked it falls back to every collection with an image
  const withImage = shell.collections.filter((c) => c.imageUrl);
  const featured = withImage.filter((c) => c.isFeatured);
  const heroes = featured.length > 0 ? featured : withImage;
  const { categories, blogs, videos } = loaderData;
  const currentSearch = new URLSearchParams(
    categories.filter((c) => c.page > 1).map((c) => [`page_${c.id}`, String(c.page)] as [string, string]),
  );

  return (
    <main>
      <h1 className="sr-only" lang={contentLang(shell.tagline, t.locale)}>{`${shell.siteName}: ${shell.tagline}`}</h1>
      {heroes.length > 0 && (
        <Slider
          label={t("Collections")}
          intervalMs={4000}
          className="text-white"
          dotsClassName="absolute inset-x-0 bottom-4"
        >
          {heroes.map((c, i) => (
            <section
              key={c.id}
              aria-roledescription="slide"
              aria-label={t("{index} of {count}: {name}", { index: i + 1, count: heroes.length, name: c.name })}
              className="relative h-[calc(100svh-6.5rem)] max-h-[56rem] min-h-[28rem] w-full shrink-0 snap-start md:h-[calc(100svh-7.5rem)]"
            >
              {i === 0 ? (
                <HeroImage url={c.imageUrl} first />
              ) : (
                // the other slides show 4 s apart at the earliest: their images wait for the page
                <AfterPageLoad placeholderClassName={HERO_IMAGE_BOX}>
                  <HeroImage url={c.imageUrl} />
                </AfterPageLoad>
              )}
              <div className="absolute inset-0 bg-gradient-to-t from-black/65 via-black/20 to-transparent md:end-1/2 md:bg-none md:bg-[#2b2320]" />
              <div className="absolute inset-x-0 bottom-16 px-6 md:top-1/2 md:end-1/2 md:bottom-auto md:-translate-y-1/2 md:px-16">
                <p className="text-[11px] font-semibold tracking-[0.35em] uppercase">{t("The collection")}</p>
                <h2
                  className="mt-3 max-w-xl font-serif text-4xl leading-tight md:text-6xl"
                  lang={contentLang(c.name, t.locale)}
                >
                  {c.name}
                </h2>
                {c.description && (
                  <p
                    className="mt-3 line-clamp-2 max-w-md text-sm text-white/90 md:text-base"
                    lang={contentLang(c.description, t.locale)}
                    dir="auto"
                  >
                    {c.description}
                  </p>
                )}
                <Link
                  to={t.path(`/collection/${c.id}`)}
                  className="mt-6 inline-flex min-h-11 items-center bg-white px-7 text-xs font-semibold tracking-[0.2em] text-ink uppercase hover:bg-cream"
                >
                  {t("Shop Collection")}
                  <span className="sr-only">: {c.name}</span>
                </Link>
              </div>
            </section>
          ))}
        </Slider>
      )}

      <nav
        aria-label={t("Shop by collection")}
        className="sticky top-16 z-30 border-b border-stone-200 bg-cream/95 backdrop-blur md:top-20"
      >
        <ul className="mx-auto flex max-w-7xl gap-2 overflow-x-auto px-4 py-3 [scrollbar-width:none] md:justify-center md:px-8">
          {[{ id: "all", name: t("All Products") }, ...shell.collections].map((c) => (
            <li key={c.id} className="shrink-0">
              <Link
                to={t.path(`/collection/${c.id}`)}
                lang={contentLang(c.name, t.locale)}
                className="inline-flex h-9 items-center rounded-full border border-stone-300 bg-white px-4 text-xs font-medium tracking-wide whitespace-nowrap hover:border-ink"
              >
                {c.name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <section aria-labelledby="search-title" className="mx-auto max-w-2xl px-4 py-14 text-center md:py-20">
        <p className="eyebrow">{t("Search")}</p>
        <h2 id="search-title" className="mt-2 font-serif text-3xl md:text-4xl">
          {t("Find Your Perfect Style")}
        </h2>
        <Form method="get" action={t.path("/collection/all")} role="search" className="mt-6 flex">
          <label htmlFor="home-search" className="sr-only">
            {t("Search products")}
          </label>
          <input
            id="home-search"
            name="search"
            type="search"
            placeholder={t("Lawn, kurti, nightwear…")}
            className="field h-12 flex-1"
          />
          <button type="submit" className="btn-primary h-12">
            {t("Search")}
          </button>
        </Form>
      </section>

      {categories.map((category) => (
        <section
          key={category.id}
          id={`category-${category.id}`}
          aria-labelledby={`category-title-${category.id}`}
          className="mx-auto max-w-7xl scroll-mt-32 px-4 py-10 md:px-8"
        >
          <div className="flex items-end justify-between gap-4 border-b border-stone-200 pb-4">
            <div>
              <h2
                id={`category-title-${category.id}`}
                className="font-serif text-2xl md:text-3xl"
                lang={contentLang(category.name, t.locale)}
              >
                {category.name}
              </h2>
              {category.description && (
                <p className="mt-1 text-sm text-stone-600" lang={contentLang(category.description, t.locale)}>
                  {category.description}
                </p>
              )}
            </div>
          </div>
          <ul className="mt-6 grid grid-cols-2 gap-x-3 gap-y-8 md:grid-cols-3 md:gap-x-6 lg:grid-cols-4">
            {category.products.map((p) => (
              <li key={p.id} className="flex">
                <ProductCard
                  product={p}
                  imageAfterLoad // the hero fills the first screen
                  sizes="(min-width: 1024px) 22vw, (min-width: 768px) 30vw, 48vw"
                />
              </li>
            ))}
          </ul>
          {category.pages > 1 && (
            <nav
              aria-label={t("{name} pages", { name: category.name })}
              className="mt-8 flex items-center justify-center gap-1 text-sm"
            >
              {Array.from({ length: category.pages }, (_, i) => i + 1).map((n) => (
                <Link
                  key={n}
                  to={t.path(pageLink(currentSearch, category.id, n))}
                  preventScrollReset
                  aria-current={n === category.page ? "page" : undefined}
                  aria-label={t("{name} page {page}", { name: category.name, page: n })}
                  className={`grid h-10 min-w-10 place-items-center border px-3 ${
                    n === category.page ? "border-ink bg-ink text-white" : "border-stone-300 bg-white hover:border-ink"
                  }`}
                >
                  {n}
                </Link>
              ))}
            </nav>
          )}
        </section>
      ))}

      <section aria-labelledby="blog-title" className="bg-white py-16">
        <div className="mx-auto max-w-7xl px-4 md:px-8">
          <p className="eyebrow text-center">{t("Style notes")}</p>
          <h2 id="blog-title" className="mt-2 text-center font-serif text-3xl md:text-4xl">
            {t("Latest from Our Blog")}
          </h2>
          {blogs === null ? (
            <p className="mt-6 text-center text-stone-600">{t("Unable to load blogs")}</p>
          ) : blogs.length === 0 ? null : (
            <Slider
              label={t("Latest from Our Blog")}
              intervalMs={5000}
              className="mt-8"
              trackClassName="gap-4 md:gap-6"
              dotsClassName="mt-3"
            >
              {blogs.map((b) => (
                <article key={b.id} className="w-[85%] shrink-0 snap-start md:w-[calc((100%-3rem)/3)]">
                  <Link to={t.path(`/blog/${b.slug || b.id}`)} className="group block">
                    <Picture url={b.image} alt="" sizes="(min-width: 768px) 32vw, 85vw" ratio="4 / 3" />
                    <p
                      className="mt-4 text-[11px] font-semibold tracking-[0.2em] text-accent uppercase"
                      lang={contentLang(b.category, t.locale)}
                    >
                      {b.category}
                    </p>
                    <h3
                      className="mt-1 font-serif text-xl leading-snug group-hover:underline"
                      lang={contentLang(b.title, t.locale)}
                    >
                      {b.title}
                    </h3>
                    <p
                      className="mt-2 line-clamp-2 text-sm text-stone-600"
                      lang={contentLang(b.excerpt, t.locale)}
                      dir="auto"
                    >
                      {b.excerpt}
                    </p>
                    <p className="mt-2 text-xs text-stone-600">
                      {dateFormat.format(new Date(b.date))} · {t("{count} min read", { count: b.readTime })}
                    </p>
                  </Link>
                </article>
              ))}
            </Slider>
          )}
          <p className="mt-8 text-center">
            <Link to={t.path("/blog")} className="btn-secondary">
              {t("View All Blog Posts")}
            </Link>
          </p>
        </div>
      </section>

      <div className="py-16">
        {videos === null ? (
          <p className="text-center text-stone-600">{t("Failed to load videos")}</p>
        ) : (
          <VideoCarousel videos={videos} />
        )}
      </div>

      <section aria-labelledby="newsletter-home" className="mx-auto max-w-3xl px-4 text-center">
        <div className="border border-stone-300 bg-white px-6 py-12 md:px-12">
          <p className="eyebrow">{t("Newsletter")}</p>
          <h2 id="newsletter-home" className="mt-2 font-serif text-3xl">
            {t("Stay Updated")}
          </h2>
          <p className="mt-3 text-sm text-stone-600">
            {t("New collections, restocks and offers, first to your inbox.")}
          </p>
          <form className="mx-auto mt-6 flex max-w-md" onSubmit={(e) => e.preventDefault()}>
            <label htmlFor="home-email" className="sr-only">
              {t("Email address")}
            </label>
            <input id="home-email" type="email" placeholder={t("Your email address")} className="field flex-1" />
            <button type="submit" className="btn-primary">
              {t("Subscribe")}
            </button>
          </form>
        </div>
      </section>
    </main>
  );
}
