// The human sitemap (spec §2 Sitemap): main pages, collections with All Products, up to 50
// products, blog posts and a link to the XML sitemap. A list whose read fails is shown empty.
import { localised } from "../../core/shared/localised-text";
import { contentLang } from "../i18n/content-lang";
import { Link } from "react-router";
import { listCollections } from "../../core/catalog/collections";
import { listProducts } from "../../core/catalog/products";
import { listBlogs } from "../../core/content/content";
import { Breadcrumb } from "../components/Breadcrumb";
import { localeOfPath } from "../i18n/locales";
import { translatorIn, translatorOf, useT } from "../i18n/t";
import { productHref } from "../lib/catalog-view.server";
import { pageMeta, publicPageHeaders } from "../lib/seo";
import type { ShellData } from "../lib/shell.server";
import type { Route } from "./+types/sitemap";

/** spec §9: the sitemap lists at most 50 products */
const SITEMAP_PRODUCTS = 50;

export const headers = publicPageHeaders;

export async function loader({ context, request }: Route.LoaderArgs) {
  const { locale } = translatorOf(request);
  const [collections, products, posts] = await Promise.all([
    listCollections(context.core).catch(() => []),
    listProducts(context.core, { limit: SITEMAP_PRODUCTS, offset: 0, sort: "name" }).catch(() => ({
      items: [],
      total: 0,
    })),
    listBlogs(context.core, { limit: 100 }).catch(() => []),
  ]);
  return {
    // names in the page's language where staff wrote Urdu (decision 0111)
    collections: collections.map((c) => ({ id: c.id, name: localised(c, locale, ["name"]).name })),
    products: products.items.map((p) => ({
      id: p.id,
      name: localised(p, locale, ["name"]).name,
      href: productHref(p),
    })),
    moreProducts: products.total > products.items.length,
    posts: posts.map((b) => ({
      id: b.id,
      title: locale === "ur" && b.titleUr ? b.titleUr : b.title,
      href: `/blog/${b.slug || b.id}`,
    })),
  };
}

export function meta({ matches, location }: Route.MetaArgs) {
  const shell = matches[0]?.data as ShellData | undefined;
  const t = translatorIn(localeOfPath(location.pathname));
  return pageMeta(shell?.seo, {
    title: `${t("Sitemap")} | ${shell?.siteName ?? ""}`,
    description: t(
      "Every page of the store in one place: collections, products, blog posts and customer service pages.",
    ),
    path: "/sitemap",
    locale: t.locale,
  });
}

/** Each label is its message's id: shown through t(). */
const MAIN_PAGES = [
  { to: "/", label: "Home" },
  { to: "/collection/all", label: "All Products" },
  { to: "/blog", label: "Blog" },
  { to: "/about", label: "About Us" },
  { to: "/refund-policy", label: "Return & Exchange" },
  { to: "/privacy", label: "Privacy Policy" },
  { to: "/terms", label: "Terms & Conditions" },
  { to: "/track", label: "Track Your Order" },
  { to: "/cart", label: "Cart" },
  { to: "/account", label: "My Account" },
  { to: "/wishlist", label: "Wishlist" },
  { to: "/login", label: "Sign In" },
  { to: "/register", label: "Create Account" },
];

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="break-inside-avoid">
      <h2 id={id} className="font-serif text-2xl">
        {title}
      </h2>
      {children}
    </section>
  );
}

const list = "mt-3 space-y-2 text-sm";
const link = "underline-offset-4 hover:text-accent hover:underline";

export default function SitemapPage({ loaderData }: Route.ComponentProps) {
  const { collections, products, moreProducts, posts } = loaderData;
  const t = useT();
  // the link sits where each language puts it in the sentence (the verb follows it in Urdu)
  const [beforeLink, afterLink] = t("Every page of the store in one place. Search engines can use the {link}.").split(
    "{link}",
  );
  return (
    <main className="mx-auto max-w-7xl px-4 pt-4 md:px-8 md:pt-8">
      <Breadcrumb
        items={[
          { name: t("Home"), path: "/" },
          { name: t("Sitemap"), path: "/sitemap" },
        ]}
      />
      <h1 className="mt-6 font-serif text-4xl md:text-5xl">{t("Sitemap")}</h1>
      <p className="mt-3 text-stone-600">
        {beforeLink}
        <a href="/sitemap.xml" className="text-accent underline underline-offset-4">
          {t("XML sitemap")}
        </a>
        {afterLink}
      </p>
      <div className="mt-10 grid gap-10 md:grid-cols-2 lg:grid-cols-4">
        <Section id="sitemap-main" title={t("Main Pages")}>
          <ul className={list}>
            {MAIN_PAGES.map((p) => (
              <li key={p.to}>
                <Link to={t.path(p.to)} className={link}>
                  {t(p.label)}
                </Link>
              </li>
            ))}
          </ul>
        </Section>
        <Section id="sitemap-collections" title={t("Collections")}>
          <ul className={list}>
            <li>
              <Link to={t.path("/collection/all")} className={link}>
                {t("All Products")}
              </Link>
            </li>
            {collections.map((c) => (
              <li key={c.id}>
                <Link to={t.path(`/collection/${c.id}`)} className={link} lang={contentLang(c.name, t.locale)}>
                  {c.name}
                </Link>
              </li>
            ))}
          </ul>
        </Section>
        <Section id="sitemap-products" title={t("Products")}>
          <ul className={list}>
            {products.map((p) => (
              <li key={p.id}>
                <Link to={t.path(p.href)} className={link} lang={contentLang(p.name, t.locale)}>
                  {p.name}
                </Link>
              </li>
            ))}
          </ul>
          {moreProducts && (
            <p className="mt-3 text-sm text-stone-600">
              <Link to={t.path("/collection/all")} className={link}>
                {t("And more products...")}
              </Link>
            </p>
          )}
        </Section>
        <Section id="sitemap-blog" title={t("Blog Posts")}>
          <ul className={list}>
            {posts.map((b) => (
              <li key={b.id}>
                <Link to={t.path(b.href)} className={link} lang={contentLang(b.title, t.locale)}>
                  {b.title}
                </Link>
              </li>
            ))}
          </ul>
        </Section>
      </div>
    </main>
  );
}
