// The console's product list (decision 0062), for the products permission:
// search by name, custom URL or SKU; filter by collection, stock and state; newest first or by
// name; paged. Archived products are listed only under their own state. A GET form and links:
// it all works before (or without) JavaScript.
import { Link, useLoaderData } from "react-router";
import { listCollectionChoices } from "../../../core/catalog/product-editing";
import { listProductsForStaff } from "../../../core/catalog/product-list-admin";
import {
  LOW_STOCK,
  PRODUCT_LIST_SORTS,
  PRODUCT_STATES,
  STOCK_FILTERS,
  type ProductListSort,
  type ProductState,
  type StockFilter,
} from "../../../core/catalog/product-options";
import { formatRupees } from "../../../core/shared/money";
import { ConsoleErrorBoundary } from "../../components/admin/ConsoleError";
import { PageTitle } from "../../components/admin/Fields";
import { FilterActions, FilterForm, SelectFilter, TextFilter } from "../../components/admin/ListFilters";
import { ListCount, listHref, ListProblems, pageCount, Pager } from "../../components/admin/Lists";
import { Notice } from "../../components/admin/Notice";
import { consoleMeta, pageParam } from "../../lib/console";
import { countOf } from "../../lib/plural";
import { requireStaff } from "../../lib/staff.server";
import type { Route } from "./+types/products";

export const meta = () => consoleMeta("Products");
export const ErrorBoundary = ConsoleErrorBoundary;

const PAGE_SIZE = 30;

const STOCK_LABELS: Record<StockFilter, string> = {
  all: "Any stock",
  in_stock: "In stock",
  low: `Low (${LOW_STOCK} or fewer)`,
  out: "Out of stock",
};
const STATE_LABELS: Record<ProductState, string> = { active: "Active", hidden: "Hidden", archived: "Archived" };

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | undefined =>
  (list as readonly string[]).includes(value ?? "") ? (value as T) : undefined;

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireStaff(request, context, "products");
  const params = new URL(request.url).searchParams;
  const problems: string[] = [];
  const filters = {
    search: (params.get("search") ?? "").trim().slice(0, 100),
    collection: params.get("collection") ?? "",
    stock: params.get("stock") ?? "all",
    state: params.get("state") ?? "",
    sort: params.get("sort") ?? "newest",
  };
  const stock = oneOf(STOCK_FILTERS, filters.stock) ?? "all";
  if (stock !== filters.stock) problems.push("Choose a stock filter from the list.");
  const state = filters.state ? oneOf(PRODUCT_STATES, filters.state) : undefined;
  if (filters.state && !state) problems.push("Choose a state from the list.");
  const sort: ProductListSort = oneOf(PRODUCT_LIST_SORTS, filters.sort) ?? "newest";
  const collections = await listCollectionChoices(context.core, actor);
  const collectionId =
    filters.collection && /^\d{1,9}$/.test(filters.collection) ? Number(filters.collection) : undefined;
  if (filters.collection && !collections.some((c) => c.id === collectionId))
    problems.push("Choose a collection from the list.");
  const page = pageParam(params);
  const found = await listProductsForStaff(context.core, actor, {
    // eslint-disable-next-line no-control-regex -- control characters are never in a product's name
    search: filters.search.replace(/[\u0000-\u001f\u007f]/g, "") || undefined,
    collectionId,
    stock,
    state,
    sort,
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  });
  return {
    filters,
    problems,
    page,
    pages: pageCount(found.total, PAGE_SIZE),
    total: found.total,
    collections,
    deleted: params.get("deleted") === "1",
    products: found.items.map((p) => ({
      id: p.id,
      name: p.name,
      customUrl: p.customUrl,
      state: p.state,
      price:
        p.minPricePaisa === p.maxPricePaisa
          ? formatRupees(p.minPricePaisa)
          : `${formatRupees(p.minPricePaisa)} – ${formatRupees(p.maxPricePaisa)}`,
      stock: p.stock,
      combinations: p.combinations,
      imageUrl: p.imageUrl,
    })),
  };
}

const STATE_STYLES: Record<ProductState, string> = {
  active: "bg-emerald-50 text-emerald-900 ring-emerald-200",
  hidden: "bg-stone-100 text-stone-700 ring-stone-300",
  archived: "bg-amber-50 text-amber-900 ring-amber-200",
};

export default function ConsoleProducts() {
  const { filters, problems, page, pages, total, collections, products, deleted } = useLoaderData<typeof loader>();
  const href = (n: number) => listHref("/admin/products", { ...filters, page: n }, { stock: "all", sort: "newest" });
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <PageTitle title="Products" intro="Newest first. Archived products are listed only under Archived." />
        <Link to="/admin/products/new" className="btn-primary">
          New product
        </Link>
      </div>
      {/* two filters a row on a phone, so the first products show without scrolling past them */}
      <FilterForm label="Find products" className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        <TextFilter
          type="search"
          name="search"
          label="Search"
          value={filters.search}
          placeholder="Name, URL or SKU"
          className="col-span-2 lg:col-span-1"
        />
        <SelectFilter
          name="collection"
          label="Collection"
          value={filters.collection}
          options={[
            { value: "", label: "All collections" },
            ...collections.map((c) => ({ value: c.id, label: c.name })),
          ]}
        />
        <SelectFilter
          name="stock"
          label="Stock"
          value={filters.stock}
          options={STOCK_FILTERS.map((s) => ({ value: s, label: STOCK_LABELS[s] }))}
        />
        <SelectFilter
          name="state"
          label="State"
          value={filters.state}
          options={[
            { value: "", label: "Active and hidden" },
            ...PRODUCT_STATES.map((s) => ({ value: s, label: STATE_LABELS[s] })),
          ]}
        />
        <SelectFilter
          name="sort"
          label="Order"
          value={filters.sort}
          options={[
            { value: "newest", label: "Newest first" },
            { value: "name", label: "By name" },
          ]}
        />
        <FilterActions clear="/admin/products" className="col-span-2 lg:col-span-5" />
      </FilterForm>
      <ListProblems problems={problems} />
      {deleted && (
        <div className="mb-4">
          <Notice kind="success">Product deleted.</Notice>
        </div>
      )}
      <ListCount total={total} page={page} pages={pages} noun={["product", "products"]} empty="No products here." />
      <ul aria-label="Product list" className="divide-y divide-stone-200 bg-white ring-1 ring-stone-200">
        {products.map((p) => (
          <li key={p.id} className="flex items-center gap-3 p-3">
            <div className="h-16 w-12 shrink-0 overflow-hidden bg-stone-100">
              {p.imageUrl && <img src={p.imageUrl} alt="" loading="lazy" className="h-full w-full object-cover" />}
            </div>
            <div className="min-w-0 flex-1 md:grid md:grid-cols-[2fr_1fr_1fr_auto] md:items-center md:gap-4">
              <div className="min-w-0">
                <Link
                  to={`/admin/products/${p.id}`}
                  className="block truncate font-semibold underline-offset-4 hover:underline"
                >
                  {p.name}
                </Link>
                <p className="truncate text-xs text-stone-600">
                  #{p.id}
                  {p.customUrl ? ` · /p/${p.customUrl}` : ""}
                </p>
              </div>
              <p className="text-sm tabular-nums">{p.price}</p>
              <p className={`text-sm tabular-nums ${p.stock === 0 ? "font-semibold text-red-800" : ""}`}>
                {p.stock === 0 ? "Out of stock" : `${p.stock.toLocaleString("en-US")} in stock`}
                {p.combinations > 0 && <span className="text-stone-600"> · {countOf(p.combinations, "option")}</span>}
              </p>
              <span
                className={`mt-1 inline-block px-2 py-0.5 text-xs font-semibold ring-1 md:mt-0 ${STATE_STYLES[p.state]}`}
              >
                {STATE_LABELS[p.state]}
              </span>
            </div>
          </li>
        ))}
      </ul>
      <Pager page={page} pages={pages} href={href} />
    </>
  );
}
