// A collection, all products or search results (spec §2 Collection, §5): the loader reads the
// address's filters, sort and page; the form and the page links are in
// app/components/collection/, the address itself in app/lib/collection-query.ts.
import { localised } from "../../core/shared/localised-text";
import { contentLang } from "../i18n/content-lang";
import { data, Link, useNavigation } from "react-router";
import { getCollection } from "../../core/catalog/collections";
import { getCatalogFacets } from "../../core/catalog/facets";
import { listProducts } from "../../core/catalog/products";
import { Breadcrumb } from "../components/Breadcrumb";
import { ProductCard } from "../components/ProductCard";
import { CollectionFilters } from "../components/collection/CollectionFilters";
import { Pager } from "../components/collection/Pager";
import { localeOfPath, withoutLocale } from "../i18n/locales";
import { translatorIn, translatorOf, useT } from "../i18n/t";
import { toCard } from "../lib/catalog-view.server";
import { DEFAULT_MAX, DEFAULT_MIN, PAGE_SIZE, parseQuery } from "../lib/collection-query";
import { breadcrumbJsonLd, pageMeta, publicPageHeaders } from "../lib/seo";
import type { ShellData } from "../lib/shell.server";
import type { Route } from "./+types/collection";

export const headers = publicPageHeaders;

const NOT_FOUND = { error: "Collection not found" as const, id: null };

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const t = translatorOf(request);
  const query = parseQuery(url);
  const isAll = params.id === "all";
  const collectionId = isAll ? undefined : /^\d{1,9}$/.test(params.id) ? Number(params.id) : null;
  if (collectionId === null) return data(NOT_FOUND, { status: 404 });
  try {
    const found = collectionId === undefined ? null : await getCollection(context.core, collectionId);
    // its name and description in the page's language where staff wrote Urdu (decision 0111)
    const collection = found && localised(found, t.locale, ["name", "description"]);
    // returned, not thrown: a thrown data() is no Response and the catch below made it a 500
    if (collectionId !== undefined && !collection) return data(NOT_FOUND, { status: 404 });
    // answers per URL (filters, sort and page are all in it), reused for a few seconds (decision 0016);
    // the products are the same in both languages, so the Urdu page shares the English one's read
    const [result, facets] = await context.core.cache.getOrLoad(
      `page:collection:${withoutLocale(url.pathname)}${url.search}`,
      () =>
        Promise.all([
          listProducts(context.core, {
            collectionId,
            search: query.search || undefined,
            sort: query.sort,
            limit: PAGE_SIZE,
            offset: (query.page - 1) * PAGE_SIZE,
            minPricePaisa: query.minPaisa,
            maxPricePaisa: query.maxPaisa,
            sizes: query.sizes,
            colors: query.colors,
          }),
          getCatalogFacets(context.core, collectionId),
        ]),
    );
    return {
      error: null,
      id: params.id,
      name:
        collection?.name ??
        (query.search ? t('Search results for "{search}"', { search: query.search }) : t("All Products")),
      description:
        collection?.description ??
        (query.search ? "" : t("Every piece in the store, from everyday lawn to bridal formals.")),
      image: collection?.imageUrl ?? null,
      query,
      total: result.total,
      pages: Math.max(1, Math.ceil(result.total / PAGE_SIZE)),
      products: result.items.map((p) => toCard(p, t.locale)),
      facets: {
        sizes: facets.sizes,
        colors: facets.colors,
        minRupees: Math.min(DEFAULT_MIN, Math.floor(facets.minPricePaisa / 100)),
        maxRupees: Math.max(DEFAULT_MAX, Math.ceil(facets.maxPricePaisa / 100)),
      },
    };
  } catch (error) {
    console.error(error);
    return data({ error: "Error fetching collection data" as const, id: params.id }, { status: 500 });
  }
}

export function meta({ data: page, matches, location }: Route.MetaArgs) {
  const shell = matches[0]?.data as ShellData | undefined;
  const t = translatorIn(localeOfPath(location.pathname));
  if (!page || page.error !== null)
    return pageMeta(shell?.seo, {
      title: `${page?.error === "Collection not found" ? t("Collection not found") : t("Collection")} | ${shell?.siteName ?? ""}`,
      path: location.pathname,
      noindex: true,
      locale: t.locale,
    });
  const path = `/collection/${page.id}${page.query.page > 1 ? `?page=${page.query.page}` : ""}`;
  const filtered = !!(
    page.query.search ||
    page.query.sizes.length ||
    page.query.colors.length ||
    page.query.minPaisa ||
    page.query.maxPaisa
  );
  return pageMeta(shell?.seo, {
    title: `${page.name}${page.query.page > 1 ? ` ${t("(page {page})", { page: page.query.page })}` : ""} | ${shell?.siteName ?? ""}`,
    description:
      page.description ||
      t("Shop {name} online in Pakistan: {count} styles, cash on delivery.", { name: page.name, count: page.total }),
    path,
    locale: t.locale,
    image: page.image ?? page.products[0]?.image?.url ?? null,
    noindex: filtered,
    jsonLd: [
      breadcrumbJsonLd(shell?.seo.publicUrl ?? "", [
        { name: t("Home"), path: t.path("/") },
        { name: page.name, path: t.path(`/collection/${page.id}`) },
      ]),
    ],
  });
}

export default function CollectionPage({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const t = useT();

  if (loaderData.error === "Collection not found") {
    return (
      <main className="mx-auto max-w-xl px-4 py-24 text-center">
        <p className="eyebrow">{t("Error 404")}</p>
        <h1 className="mt-3 font-serif text-4xl">{t("Collection not found")}</h1>
        <p className="mt-4 text-stone-600">{t("This collection does not exist or is no longer available.")}</p>
        <div className="mt-8 flex justify-center gap-3">
          <Link to={t.path("/collection/all")} className="btn-primary">
            {t("Shop All")}
          </Link>
          <Link to={t.path("/")} className="btn-secondary">
            {t("Back to Home")}
          </Link>
        </div>
      </main>
    );
  }
  if (loaderData.error !== null) {
    return (
      <main className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="font-serif text-3xl">{t(loaderData.error)}</h1>
        <p className="mt-3 text-stone-600">{t("Failed to fetch products")}</p>
        <a href={t.path(`/collection/${loaderData.id}`)} className="btn-primary mt-8">
          {t("Try Again")}
        </a>
      </main>
    );
  }

  const { query, facets, products, total, pages, name, description, id } = loaderData;
  const path = t.path(`/collection/${id}`);
  const loading = navigation.state === "loading" && navigation.location?.pathname === path;

  return (
    <main className="mx-auto max-w-7xl px-4 pt-6 pb-10 md:px-8 md:pt-10">
      <Breadcrumb
        items={[
          { name: t("Home"), path: "/" },
          { name, path },
        ]}
      />
      <header className="mt-6 max-w-3xl">
        <h1 className="font-serif text-4xl leading-tight md:text-5xl" lang={contentLang(name, t.locale)}>
          {name}
        </h1>
        {description && (
          <p className="mt-3 text-stone-600" lang={contentLang(description, t.locale)} dir="auto">
            {description}
          </p>
        )}
        <p className="mt-3 text-sm text-stone-600" aria-live="polite">
          {t.count(total, "{count} product", "{count} products")}
        </p>
      </header>
      <CollectionFilters path={path} id={id} name={name} query={query} facets={facets} />

      {products.length === 0 ? (
        <div className="py-20 text-center">
          <p className="font-serif text-2xl">{t("No products found matching your criteria.")}</p>
          <Link to={path} className="btn-primary mt-6">
            {t("Clear Filters")}
          </Link>
        </div>
      ) : (
        <>
          {/* the cards' h3 titles need an h2 above them (heading order) */}
          <h2 className="sr-only">{t("Products")}</h2>
          <ul
            className={`mt-8 grid grid-cols-2 gap-x-3 gap-y-10 md:grid-cols-3 md:gap-x-6 lg:grid-cols-4 ${loading ? "opacity-60" : ""}`}
            aria-label={t("Products")}
          >
            {products.map((p, i) => (
              <li key={p.id} className="flex">
                <ProductCard
                  product={p}
                  priority={i < 2}
                  // below the first row of four (two rows on a phone) the cards start out of sight
                  imageAfterLoad={i >= 4}
                  sizes="(min-width: 1024px) 22vw, (min-width: 768px) 30vw, 48vw"
                />
              </li>
            ))}
          </ul>
        </>
      )}

      {pages > 1 && <Pager path={path} query={query} pages={pages} />}
    </main>
  );
}
