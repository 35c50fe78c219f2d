// One product's stock (decision 0064): its combinations (or its own stock)
// with the same edit form as the grid, and its stock history, newest first: orders,
// cancellations, returns, exchanges, staff changes and imports, with who, why and the order.
import { data, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { MAX_STOCK } from "../../../core/catalog/stock";
import { listStockGrid, stockHistory } from "../../../core/catalog/stock-reads";
import { AppError } from "../../../core/shared/errors";
import { ConsoleErrorBoundary } from "../../components/admin/ConsoleError";
import { PageTitle } from "../../components/admin/Fields";
import { listHref, pageCount, Pager } from "../../components/admin/Lists";
import { StockRows, type StockAnswerView } from "../../components/admin/StockRows";
import { consoleMeta, pageParam } from "../../lib/console";
import { formatDayTime } from "../../lib/dates";
import { requireStaff } from "../../lib/staff.server";
import { rowKey, stockFormAction } from "../../lib/stock-form.server";
import type { Route } from "./+types/product-stock";

export const meta = ({ data: loaded }: Route.MetaArgs) =>
  consoleMeta(loaded ? `Stock of ${loaded.product.name}` : "Stock");
export const ErrorBoundary = ConsoleErrorBoundary;

const PAGE_SIZE = 50;
const REASONS: Record<string, string> = {
  order: "Order",
  cancel: "Cancelled order",
  return: "Return",
  exchange: "Exchange",
  manual: "Staff change",
  import: "Import",
};

function productId(params: { id?: string }): number {
  const text = params.id ?? "";
  if (text.length > 10 || !/^\d+$/.test(text) || Number(text) < 1 || Number(text) > 2_147_483_647)
    throw data({ detail: "No such product." }, { status: 404 });
  return Number(text);
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const actor = await requireStaff(request, context, "stock");
  const id = productId(params);
  const page = pageParam(new URL(request.url).searchParams);
  const found = await stockHistory(context.core, actor, id, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }).catch(
    (error: unknown) => {
      if (error instanceof AppError && error.status === 404) throw data({ detail: error.message }, { status: 404 });
      throw error;
    },
  );
  const grid = await listStockGrid(context.core, actor, { filter: "all", productId: id, limit: 500, offset: 0 });
  return {
    product: found.product,
    page,
    pages: pageCount(found.total, PAGE_SIZE),
    total: found.total,
    maxStock: MAX_STOCK,
    rows: grid.items.map((r) => ({ key: rowKey(r.productId, r.combinationId), ...r })),
    history: found.items.map((m) => ({
      id: m.id,
      at: formatDayTime(m.at),
      combination: m.combinationName,
      reason: REASONS[m.reason] ?? m.reason,
      note: m.note,
      delta: m.delta,
      before: m.before,
      after: m.after,
      who: m.actorName ?? (m.reason === "order" ? "Shopper" : "—"),
      orderId: m.orderId,
      trackingId: m.trackingId,
    })),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = await requireStaff(request, context, "stock");
  productId(params);
  return stockFormAction(request, context.core, actor);
}

export default function ConsoleProductStock() {
  const { product, page, pages, total, rows, history, maxStock } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as StockAnswerView | undefined;
  const busy = useNavigation().state === "submitting";
  const href = (n: number) => listHref(`/admin/products/${product.id}/stock`, { page: n });
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/stock" className="underline underline-offset-4">
          ← All stock
        </Link>
      </p>
      <PageTitle title={`Stock of ${product.name}`} intro="Every change is kept below with who made it and why." />
      <StockRows rows={rows} answer={answer} busy={busy} showProduct={false} maxStock={maxStock} />
      <h2 className="mb-2 mt-8 text-lg font-semibold">History</h2>
      <p className="mb-3 text-sm text-stone-600">
        {total === 0
          ? "No changes yet."
          : `${total.toLocaleString("en-US")} ${total === 1 ? "change" : "changes"}, newest first.`}
      </p>
      {history.length > 0 && (
        <ol className="divide-y divide-stone-200 bg-white text-sm ring-1 ring-stone-200" aria-label="Stock history">
          {history.map((m) => (
            <li key={m.id} className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 p-3">
              <p>
                <span className="font-semibold">{m.reason}</span>
                {m.combination && <span className="text-stone-700"> · {m.combination}</span>}
              </p>
              <p className="text-end tabular-nums">
                <span className={m.delta < 0 ? "text-red-700" : "text-green-800"}>
                  {m.delta > 0 ? `+${m.delta}` : m.delta}
                </span>
                <span className="ms-2 text-stone-600">
                  {m.before} → {m.after}
                </span>
              </p>
              <p className="col-span-2 text-xs text-stone-600">
                {m.at} · {m.who}
                {m.orderId !== null && m.trackingId && (
                  <>
                    {" · "}
                    <Link to={`/admin/orders/${m.orderId}`} className="underline underline-offset-4">
                      {m.trackingId}
                    </Link>
                  </>
                )}
              </p>
              {m.note && <p className="col-span-2 break-words text-stone-800">{m.note}</p>}
            </li>
          ))}
        </ol>
      )}
      <Pager page={page} pages={pages} href={href} />
    </>
  );
}
