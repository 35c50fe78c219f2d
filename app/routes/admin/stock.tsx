// The stock grid (decision 0064): every combination and product sold without
// options, by product name, searchable and filtered to low or out of stock, paged. Each row's
// field shows the stock; Save sends a total over the stock shown for each changed row (a sale in
// between is a 409 that marks the row), the + and − buttons send differences.
import { Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { listStockGrid } from "../../../core/catalog/stock-reads";
import { LOW_STOCK, MAX_STOCK, STOCK_FILTERS, type StockFilter } from "../../../core/catalog/stock-rules";
import { ConsoleErrorBoundary } from "../../components/admin/ConsoleError";
import { PageTitle } from "../../components/admin/Fields";
import { FilterActions, FilterForm, TextFilter } from "../../components/admin/ListFilters";
import { ListCount, listHref, pageCount, Pager } from "../../components/admin/Lists";
import { ListTabs } from "../../components/admin/ListTabs";
import { StockRows, type StockAnswerView } from "../../components/admin/StockRows";
import { consoleMeta, pageParam } from "../../lib/console";
import { requireStaff } from "../../lib/staff.server";
import { rowKey, stockFormAction } from "../../lib/stock-form.server";
import type { Route } from "./+types/stock";

export const meta = () => consoleMeta("Stock");
export const ErrorBoundary = ConsoleErrorBoundary;

const PAGE_SIZE = 50;
// eslint-disable-next-line no-control-regex -- control characters are never in a name or SKU
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;
const FILTER_LABELS: Record<StockFilter, string> = {
  all: "All",
  low: `Low (${LOW_STOCK} or fewer)`,
  out: "Out of stock",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireStaff(request, context, "stock");
  const params = new URL(request.url).searchParams;
  const filterText = params.get("filter") ?? "all";
  const filter = (STOCK_FILTERS as readonly string[]).includes(filterText) ? (filterText as StockFilter) : "all";
  const search = (params.get("search") ?? "").slice(0, 100).replace(CONTROL_CHARACTERS, "").trim();
  const page = pageParam(params);
  const found = await listStockGrid(context.core, actor, {
    filter,
    search: search || undefined,
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  });
  return {
    filters: { filter, search },
    page,
    pages: pageCount(found.total, PAGE_SIZE),
    total: found.total,
    maxStock: MAX_STOCK,
    rows: found.items.map((r) => ({ key: rowKey(r.productId, r.combinationId), ...r })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireStaff(request, context, "stock");
  return stockFormAction(request, context.core, actor);
}

export default function ConsoleStock() {
  const { filters, page, pages, total, rows, maxStock } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as StockAnswerView | undefined;
  const busy = useNavigation().state === "submitting";
  const href = (changes: Record<string, string>) =>
    listHref("/admin/stock", { ...filters, ...changes }, { filter: "all" });
  return (
    <>
      <PageTitle
        title="Stock"
        intro="Type a new stock and save, or use − and + for one less or one more. A sale while you edit is never lost: a stock that changed meanwhile is shown, not overwritten."
      />
      <p className="mb-4 text-sm">
        Many at once from a spreadsheet:{" "}
        <Link to="/admin/products/import" className="underline underline-offset-4">
          import products (CSV)
        </Link>{" "}
        ·{" "}
        <a href="/admin/products/export.csv" download className="underline underline-offset-4">
          download them
        </a>
      </p>
      <ListTabs
        label="Stock filter"
        current={filters.filter}
        tabs={STOCK_FILTERS.map((filter) => ({
          key: filter,
          label: FILTER_LABELS[filter],
          href: href({ filter, page: "" }),
        }))}
      />
      <FilterForm label="Find stock" keep={{ filter: filters.filter }} className="flex flex-wrap items-end gap-2">
        <TextFilter
          type="search"
          name="search"
          label="Search"
          value={filters.search}
          placeholder="Product, size or colour, SKU"
          className="min-w-0 flex-1 basis-60"
        />
        <FilterActions clear="/admin/stock" />
      </FilterForm>
      <ListCount total={total} page={page} pages={pages} noun={["row", "rows"]} empty="Nothing here." />
      <StockRows rows={rows} answer={answer} busy={busy} maxStock={maxStock} />
      <Pager page={page} pages={pages} href={(n) => href({ page: String(n) })} />
    </>
  );
}
