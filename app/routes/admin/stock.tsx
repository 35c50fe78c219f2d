// The stock grid (issue 14, point 3; decision 0064): every combination and product sold without
// options, by product name, searchable and filtered to low or out of stock, paged. Each row's
// field shows the stock; Save sends a total over the stock shown for each changed row (a sale in
// between is a 409 that marks the row), the + and − buttons send differences.
import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { listStockGrid } from "../../../core/catalog/stock";
import { LOW_STOCK, MAX_STOCK, STOCK_FILTERS, type StockFilter } from "../../../core/catalog/stock-rules";
import { ConsoleErrorBoundary } from "../../components/admin/ConsoleError";
import { PageTitle } from "../../components/admin/Fields";
import { Pager } from "../../components/admin/Lists";
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
    pages: Math.max(1, Math.ceil(found.total / PAGE_SIZE)),
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
  const href = (changes: Record<string, string>) => {
    const q = new URLSearchParams(
      Object.entries({ ...filters, ...changes }).filter(([k, v]) => v !== "" && !(k === "filter" && v === "all")),
    );
    const text = q.toString();
    return text ? `/admin/stock?${text}` : "/admin/stock";
  };
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
      <nav aria-label="Stock filter" className="mb-4">
        <ul className="flex flex-wrap gap-1 whitespace-nowrap">
          {STOCK_FILTERS.map((filter) => {
            const current = filters.filter === filter;
            return (
              <li key={filter}>
                <Link
                  to={href({ filter, page: "" })}
                  aria-current={current ? "page" : undefined}
                  className={`inline-flex min-h-11 items-center px-3 text-sm ${current ? "bg-ink text-white" : "bg-white ring-1 ring-stone-200 hover:bg-stone-50"}`}
                >
                  {FILTER_LABELS[filter]}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <Form
        method="get"
        className="mb-4 flex flex-wrap items-end gap-2 bg-white p-4 ring-1 ring-stone-200"
        aria-label="Find stock"
      >
        <input type="hidden" name="filter" value={filters.filter} />
        <label className="min-w-0 flex-1 basis-60 text-sm">
          <span className="block font-semibold">Search</span>
          <input
            type="search"
            name="search"
            defaultValue={filters.search}
            maxLength={100}
            placeholder="Product, size or colour, SKU"
            className="field mt-1"
          />
        </label>
        <button type="submit" className="btn-primary">
          Find
        </button>
        <Link to="/admin/stock" className="btn-secondary">
          Clear
        </Link>
      </Form>
      <p className="mb-3 text-sm text-stone-600" role="status">
        {total === 0
          ? "Nothing here."
          : `${total.toLocaleString("en-US")} ${total === 1 ? "row" : "rows"}, page ${page} of ${pages}.`}
      </p>
      <StockRows rows={rows} answer={answer} busy={busy} maxStock={maxStock} />
      <Pager page={page} pages={pages} href={(n) => href({ page: String(n) })} />
    </>
  );
}
