import { useRef } from "react";
import { data, Form, Link, useNavigate, useNavigation } from "react-router";
import { getCollection } from "../../core/catalog/collections";
import { getCatalogFacets } from "../../core/catalog/facets";
import { listProducts, type ProductSort } from "../../core/catalog/products";
import { formatRupees } from "../../core/shared/money";
import { Breadcrumb } from "../components/Breadcrumb";
import { ProductCard } from "../components/ProductCard";
import { toCard } from "../lib/catalog-view.server";
import { countOf } from "../lib/plural";
import { useHydrated } from "../lib/use-hydrated";
import { breadcrumbJsonLd, pageMeta, publicPageHeaders } from "../lib/seo";
import type { ShellData } from "../lib/shell.server";
import type { Route } from "./+types/collection";

export const PAGE_SIZE = 24;
/** spec §5: the price filter starts at 0 to 1000 and widens to the prices found */
const DEFAULT_MIN = 0;
const DEFAULT_MAX = 1000;

export const SORTS: { value: Exclude<ProductSort, "relevance">; label: string }[] = [
  { value: "name", label: "Name A-Z" },
  { value: "price_asc", label: "Price: Low to High" },
  { value: "price_desc", label: "Price: High to Low" },
  { value: "newest", label: "Newest First" },
];

export const headers = publicPageHeaders;

function rupeesParam(value: string | null): number | undefined {
  if (value === null || value.trim() === "") return undefined;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 && n < 1e9 ? Math.round(n * 100) : undefined;
}

function parseQuery(url: URL) {
  const p = url.searchParams;
  const sortParam = p.get("sort");
  const sort = SORTS.find((s) => s.value === sortParam)?.value;
  const page = Math.max(1, Math.min(1000, Math.floor(Number(p.get("page") ?? 1)) || 1));
  const list = (name: string) =>
    [
      ...new Set(
        p
          .getAll(name)
          .map((v) => v.trim())
          .filter(Boolean),
      ),
    ].slice(0, 30);
  return {
    search: (p.get("search") ?? "").trim().slice(0, 100),
    sort,
    page,
    minPaisa: rupeesParam(p.get("min")),
    maxPaisa: rupeesParam(p.get("max")),
    sizes: list("size"),
    colors: list("color"),
  };
}

const NOT_FOUND = { error: "Collection not found" as const, id: null };

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = parseQuery(url);
  const isAll = params.id === "all";
  const collectionId = isAll ? undefined : /^\d{1,9}$/.test(params.id) ? Number(params.id) : null;
  if (collectionId === null) return data(NOT_FOUND, { status: 404 });
  try {
    const collection = collectionId === undefined ? null : await getCollection(context.core, collectionId);
    // returned, not thrown: a thrown data() is no Response and the catch below made it a 500
    if (collectionId !== undefined && !collection) return data(NOT_FOUND, { status: 404 });
    // answers per URL (filters, sort and page are all in it), reused for a few seconds (decision 0016)
    const [result, facets] = await context.core.cache.getOrLoad(`page:collection:${url.pathname}${url.search}`, () =>
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
      name: collection?.name ?? (query.search ? `Search results for "${query.search}"` : "All Products"),
      description:
        collection?.description ??
        (query.search ? "" : "Every piece in the store, from everyday lawn to bridal formals."),
      image: collection?.imageUrl ?? null,
      query,
      total: result.total,
      pages: Math.max(1, Math.ceil(result.total / PAGE_SIZE)),
      products: result.items.map(toCard),
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
  if (!page || page.error !== null)
    return pageMeta(shell?.seo, {
      title: `${page?.error === "Collection not found" ? "Collection not found" : "Collection"} | ${shell?.siteName ?? ""}`,
      path: location.pathname,
      noindex: true,
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
    title: `${page.name}${page.query.page > 1 ? ` (page ${page.query.page})` : ""} | ${shell?.siteName ?? ""}`,
    description: page.description || `Shop ${page.name} online in Pakistan: ${page.total} styles, cash on delivery.`,
    path,
    image: page.image ?? page.products[0]?.image?.url ?? null,
    noindex: filtered,
    jsonLd: [
      breadcrumbJsonLd(shell?.seo.publicUrl ?? "", [
        { name: "Home", path: "/" },
        { name: page.name, path: `/collection/${page.id}` },
      ]),
    ],
  });
}

type Query = ReturnType<typeof parseQuery>;

function queryString(query: Query, changes: Partial<Query>): string {
  const q = { ...query, ...changes };
  const p = new URLSearchParams();
  if (q.search) p.set("search", q.search);
  if (q.sort) p.set("sort", q.sort);
  if (q.minPaisa !== undefined) p.set("min", String(q.minPaisa / 100));
  if (q.maxPaisa !== undefined) p.set("max", String(q.maxPaisa / 100));
  for (const s of q.sizes) p.append("size", s);
  for (const c of q.colors) p.append("color", c);
  if (q.page > 1) p.set("page", String(q.page));
  const text = p.toString();
  return text ? `?${text}` : "";
}

function pageNumbers(current: number, last: number): (number | "…")[] {
  const wanted = new Set([1, last, current - 1, current, current + 1].filter((n) => n >= 1 && n <= last));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: (number | "…")[] = [];
  sorted.forEach((n, i) => {
    if (i > 0 && n - sorted[i - 1]! > 1) out.push("…");
    out.push(n);
  });
  return out;
}

export default function CollectionPage({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const hydrated = useHydrated();

  if (loaderData.error === "Collection not found") {
    return (
      <main className="mx-auto max-w-xl px-4 py-24 text-center">
        <p className="eyebrow">Error 404</p>
        <h1 className="mt-3 font-serif text-4xl">Collection not found</h1>
        <p className="mt-4 text-stone-600">This collection does not exist or is no longer available.</p>
        <div className="mt-8 flex justify-center gap-3">
          <Link to="/collection/all" className="btn-primary">
            Shop All
          </Link>
          <Link to="/" className="btn-secondary">
            Back to Home
          </Link>
        </div>
      </main>
    );
  }
  if (loaderData.error !== null) {
    return (
      <main className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="font-serif text-3xl">{loaderData.error}</h1>
        <p className="mt-3 text-stone-600">Failed to fetch products</p>
        <a href={`/collection/${loaderData.id}`} className="btn-primary mt-8">
          Try Again
        </a>
      </main>
    );
  }

  const { query, facets, products, total, pages, name, description, id } = loaderData;
  const path = `/collection/${id}`;
  const activeFilters =
    query.sizes.length +
    query.colors.length +
    (query.minPaisa !== undefined ? 1 : 0) +
    (query.maxPaisa !== undefined ? 1 : 0);
  const clearHref = `${path}${query.search ? `?search=${encodeURIComponent(query.search)}` : ""}`;
  const loading = navigation.state === "loading" && navigation.location?.pathname === path;

  // with JavaScript, empty fields are left out of the address so links stay short and shareable
  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const params = new URLSearchParams();
    for (const [key, value] of new FormData(event.currentTarget)) {
      if (typeof value === "string" && value.trim() !== "") params.append(key, value.trim());
    }
    const text = params.toString();
    navigate(`${path}${text ? `?${text}` : ""}`);
  }

  return (
    <main className="mx-auto max-w-7xl px-4 pt-6 pb-10 md:px-8 md:pt-10">
      <Breadcrumb
        items={[
          { name: "Home", path: "/" },
          { name, path },
        ]}
      />
      <header className="mt-6 max-w-3xl">
        <h1 className="font-serif text-4xl leading-tight md:text-5xl">{name}</h1>
        {description && <p className="mt-3 text-stone-600">{description}</p>}
        <p className="mt-3 text-sm text-stone-600" aria-live="polite">
          {countOf(total, "product")}
        </p>
      </header>

      <Form ref={formRef} method="get" action={path} onSubmit={submit} className="mt-8 border-y border-stone-200 py-4">
        <div className="flex flex-col gap-3 md:flex-row md:items-center">
          <div role="search" className="flex flex-1">
            <label htmlFor="collection-search" className="sr-only">
              Search in {name}
            </label>
            <input
              id="collection-search"
              name="search"
              type="search"
              defaultValue={query.search}
              key={query.search}
              placeholder={`Search ${id === "all" ? "all products" : name}`}
              className="field rounded-none"
            />
            <button type="submit" className="btn-primary">
              Search
            </button>
          </div>
          <div className="flex items-center gap-2">
            <label htmlFor="sort" className="text-xs font-semibold tracking-[0.15em] whitespace-nowrap uppercase">
              Sort by
            </label>
            <select
              id="sort"
              name="sort"
              defaultValue={query.sort ?? ""}
              key={query.sort ?? ""}
              onChange={() => formRef.current?.requestSubmit()}
              className="field w-auto"
            >
              <option value="">{query.search ? "Best match" : "Featured"}</option>
              {SORTS.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </select>
            {!hydrated && (
              <button type="submit" className="btn-secondary">
                Sort
              </button>
            )}
          </div>
        </div>

        <details className="group mt-3" open={activeFilters > 0 || undefined}>
          <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 text-xs font-semibold tracking-[0.15em] uppercase [&::-webkit-details-marker]:hidden">
            <span>Filters{activeFilters > 0 ? ` (${activeFilters})` : ""}</span>
            <span aria-hidden="true" className="transition-transform group-open:rotate-45">
              +
            </span>
          </summary>
          <div className="grid gap-6 pt-3 pb-2 md:grid-cols-[auto_1fr_1fr]">
            <fieldset>
              <legend className="text-sm font-semibold">Price range (Rs.)</legend>
              <div className="mt-2 flex items-center gap-2">
                <label className="sr-only" htmlFor="price-min">
                  Minimum price
                </label>
                <input
                  id="price-min"
                  name="min"
                  type="number"
                  inputMode="numeric"
                  min={0}
                  step={1}
                  placeholder={String(facets.minRupees)}
                  defaultValue={query.minPaisa !== undefined ? query.minPaisa / 100 : ""}
                  key={`min${query.minPaisa}`}
                  className="field w-28"
                />
                <span aria-hidden="true">–</span>
                <label className="sr-only" htmlFor="price-max">
                  Maximum price
                </label>
                <input
                  id="price-max"
                  name="max"
                  type="number"
                  inputMode="numeric"
                  min={0}
                  step={1}
                  placeholder={String(facets.maxRupees)}
                  defaultValue={query.maxPaisa !== undefined ? query.maxPaisa / 100 : ""}
                  key={`max${query.maxPaisa}`}
                  className="field w-28"
                />
              </div>
              <p className="mt-1 text-xs text-stone-600">
                {formatRupees(facets.minRupees * 100)} to {formatRupees(facets.maxRupees * 100)}
              </p>
            </fieldset>
            {facets.sizes.length > 0 && (
              <fieldset>
                <legend className="text-sm font-semibold">Sizes</legend>
                <div className="mt-2 flex flex-wrap gap-1.5">
                  {facets.sizes.map((s) => (
                    <label key={s} className="relative cursor-pointer">
                      <input
                        type="checkbox"
                        name="size"
                        value={s}
                        defaultChecked={query.sizes.includes(s)}
                        key={`${s}${query.sizes.includes(s)}`}
                        className="peer sr-only"
                      />
                      <span className="inline-flex h-9 min-w-9 items-center justify-center border border-stone-300 bg-white px-2 text-xs peer-checked:border-ink peer-checked:bg-ink peer-checked:text-white peer-focus-visible:outline-2 peer-focus-visible:outline-accent">
                        {s}
                      </span>
                    </label>
                  ))}
                </div>
              </fieldset>
            )}
            {facets.colors.length > 0 && (
              <fieldset>
                <legend className="text-sm font-semibold">Colours</legend>
                <div className="mt-2 flex flex-wrap gap-1.5">
                  {facets.colors.map((c) => (
                    <label key={c.value} className="relative cursor-pointer">
                      <input
                        type="checkbox"
                        name="color"
                        value={c.value}
                        defaultChecked={query.colors.includes(c.value)}
                        key={`${c.value}${query.colors.includes(c.value)}`}
                        className="peer sr-only"
                      />
                      <span className="inline-flex h-9 items-center gap-1.5 border border-stone-300 bg-white px-2.5 text-xs peer-checked:border-ink peer-checked:ring-1 peer-checked:ring-ink peer-focus-visible:outline-2 peer-focus-visible:outline-accent">
                        <span
                          aria-hidden="true"
                          className="h-3.5 w-3.5 rounded-full ring-1 ring-black/15"
                          style={{ backgroundColor: c.hex ?? "#ccc" }}
                        />
                        {c.value}
                      </span>
                    </label>
                  ))}
                </div>
              </fieldset>
            )}
          </div>
          <div className="flex gap-2 pt-3">
            <button type="submit" className="btn-primary">
              Apply Filters
            </button>
            <Link to={clearHref} className="btn-secondary">
              Clear All
            </Link>
          </div>
        </details>
      </Form>

      {products.length === 0 ? (
        <div className="py-20 text-center">
          <p className="font-serif text-2xl">No products found matching your criteria.</p>
          <Link to={path} className="btn-primary mt-6">
            Clear Filters
          </Link>
        </div>
      ) : (
        <>
          {/* the cards' h3 titles need an h2 above them (heading order) */}
          <h2 className="sr-only">Products</h2>
          <ul
            className={`mt-8 grid grid-cols-2 gap-x-3 gap-y-10 md:grid-cols-3 md:gap-x-6 lg:grid-cols-4 ${loading ? "opacity-60" : ""}`}
            aria-label="Products"
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

      {pages > 1 && (
        <nav aria-label="Pages" className="mt-12 flex flex-wrap items-center justify-center gap-1 text-sm">
          {query.page > 1 && (
            <Link
              to={`${path}${queryString(query, { page: query.page - 1 })}`}
              className="grid h-10 place-items-center border border-stone-300 bg-white px-3 hover:border-ink"
              rel="prev"
            >
              Previous
            </Link>
          )}
          {pageNumbers(query.page, pages).map((n, i) =>
            n === "…" ? (
              <span key={`gap${i}`} className="px-2" aria-hidden="true">
                …
              </span>
            ) : (
              <Link
                key={n}
                to={`${path}${queryString(query, { page: n })}`}
                aria-label={`Page ${n}`}
                aria-current={n === query.page ? "page" : undefined}
                className={`grid h-10 min-w-10 place-items-center border px-3 ${n === query.page ? "border-ink bg-ink text-white" : "border-stone-300 bg-white hover:border-ink"}`}
              >
                {n}
              </Link>
            ),
          )}
          {query.page < pages && (
            <Link
              to={`${path}${queryString(query, { page: query.page + 1 })}`}
              className="grid h-10 place-items-center border border-stone-300 bg-white px-3 hover:border-ink"
              rel="next"
            >
              Next
            </Link>
          )}
        </nav>
      )}
    </main>
  );
}
