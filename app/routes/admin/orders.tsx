// The orders screen: tabs with the number of orders in each status under the filters, search by
// tracking ID, phone, name or email, a date range and a city, newest first, fifty to a page, the
// age of each order waiting for confirmation, and bulk moves (confirm, mark packed, cancel) for
// the ticked orders, each applied through core one order at a time so one refusal does not stop
// the rest and every move is checked and recorded as a single one would be.
// On a phone the first order is in the first screen: the filters other than search fold away, and
// the bulk moves appear in a bar at the bottom only once an order is ticked. Orders that arrive
// while the list is open are announced ("2 new orders — show") and shown when asked, so ticks and
// a half-typed search are never swept away (decision 0094).
import { useState } from "react";
import {
  data,
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  useOutletContext,
  useRevalidator,
} from "react-router";
import { ORDER_STATUSES, type OrderStatus } from "../../../core/orders/vocabulary";
import { listOrders } from "../../../core/orders/staff-orders";
import { newestOrderId } from "../../../core/orders/order-pulse";
import { moveOrder } from "../../../core/orders/workflow";
import { AppError } from "../../../core/shared/errors";
import { formatRupees } from "../../../core/shared/money";
import { CityFlag } from "../../components/admin/CityFlag";
import { ConsoleErrorBoundary } from "../../components/admin/ConsoleError";
import { AnswerNotices, Notice } from "../../components/admin/Notice";
import { PrintTickedButtons } from "../../components/admin/PrintLinks";
import { BulkParcelButtons } from "../../components/admin/parcels/BulkParcelButtons";
import { ageText, consoleMeta, formText, karachiDay, MOVE_LABELS, pageParam, statusLabel } from "../../lib/console";
import { readOrderFilters } from "../../lib/order-filters.server";
import {
  CheckFilter,
  DayRangeFields,
  FilterActions,
  FilterForm,
  MoreFilters,
  SearchBox,
  TextFilter,
} from "../../components/admin/ListFilters";
import { ListCount, listHref, ListProblems, pageCount, Pager } from "../../components/admin/Lists";
import { ListTabs } from "../../components/admin/ListTabs";
import { formatDay, formatDayTime } from "../../lib/dates";
import { requireStaff } from "../../lib/staff.server";
import type { Route } from "./+types/orders";
import type { OrdersOutlet } from "./layout";

export const meta = () => consoleMeta("Orders");
export const ErrorBoundary = ConsoleErrorBoundary;

const PAGE_SIZE = 50;
const BULK_LIMIT = 200;
const BULK_MOVES: OrderStatus[] = ["confirmed", "packed", "cancelled"];

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireStaff(request, context, "orders");
  const params = new URL(request.url).searchParams;
  const { filters, query, problems } = readOrderFilters(params);
  const page = pageParam(params);
  // read first: an order placed while the list is read is then counted as new, never missed
  const since = await newestOrderId(context.core, actor);
  const found = await listOrders(context.core, actor, {
    ...query,
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  });
  const now = Date.now();
  return {
    since,
    filters,
    problems,
    page,
    pages: pageCount(found.total, PAGE_SIZE),
    total: found.total,
    tabs: [
      { status: "", label: "All", count: Object.values(found.counts).reduce((a, b) => a + b, 0) },
      ...ORDER_STATUSES.map((s) => ({ status: s as string, label: statusLabel(s), count: found.counts[s] })),
    ],
    orders: found.items.map((o) => ({
      id: o.id,
      trackingId: o.trackingId,
      status: o.status as string,
      name: `${o.firstName} ${o.lastName}`.trim(),
      phone: o.phone,
      city: o.city,
      cityUnmatched: o.cityUnmatched,
      total: formatRupees(o.totalPaisa),
      items: o.itemCount,
      source: o.source as string,
      placed: formatDayTime(o.createdAt),
      waiting: o.status === "pending confirmation" ? ageText(o.createdAt, now) : null,
      // the fake-order signals found when it was placed (decision 0073)
      held: o.heldForCall,
      signals: (o.risk?.signals ?? []).map((s) => ({ reason: s.reason, holds: s.holds })),
    })),
  };
}

interface BulkAnswer {
  error?: string;
  done?: string;
  refused?: { id: number; detail: string }[];
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireStaff(request, context, "orders");
  const form = await request.formData();
  const to = formText(form, "move");
  if (!(BULK_MOVES as string[]).includes(to))
    return data<BulkAnswer>({ error: "Choose what to do with the ticked orders." }, { status: 400 });
  const ids = [...new Set(form.getAll("id").map((v) => Number(v)))].filter((id) => Number.isSafeInteger(id) && id > 0);
  if (ids.length === 0) return data<BulkAnswer>({ error: "Tick the orders first." }, { status: 422 });
  if (ids.length > BULK_LIMIT)
    return data<BulkAnswer>({ error: `At most ${BULK_LIMIT} orders at a time.` }, { status: 422 });
  const refused: { id: number; detail: string }[] = [];
  let moved = 0;
  for (const id of ids) {
    try {
      await moveOrder(context.core, actor, id, { status: to });
      moved += 1;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (error.status === 403) throw data({ detail: error.message }, { status: 403 });
      refused.push({ id, detail: error.message });
    }
  }
  return {
    done: `${moved} ${moved === 1 ? "order" : "orders"} moved to ${to}.`,
    refused,
  } satisfies BulkAnswer;
}

export default function ConsoleOrders() {
  const { filters, problems, page, pages, total, tabs, orders } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as BulkAnswer | undefined;
  const busy = useNavigation().state === "submitting";
  const { newSince } = useOutletContext<OrdersOutlet>();
  const revalidator = useRevalidator();
  const [ticked, setTicked] = useState(0);
  const href = (changes: Record<string, string>) => listHref("/admin/orders", { ...filters, ...changes });
  const exportQuery = new URLSearchParams(Object.entries(filters).filter(([, v]) => v !== "")).toString();
  const exportHref = `/admin/orders/export.csv${exportQuery ? `?${exportQuery}` : ""}`;
  const countTicks = (form: HTMLFormElement) =>
    setTicked(form.querySelectorAll<HTMLInputElement>("input[name=id]:checked").length);
  return (
    <>
      <div className="mb-4 flex items-center justify-between gap-3">
        <div className="min-w-0">
          <h1 className="font-serif text-2xl md:text-3xl">Orders</h1>
          <p className="mt-1 hidden text-sm text-stone-600 sm:block">
            Newest first. Confirm cash-on-delivery orders, pack and ship them, record what was delivered.
          </p>
        </div>
        <Link to="/admin/orders/new" className="btn-primary shrink-0 px-4">
          New order
        </Link>
      </div>
      <ListTabs
        label="Order status"
        compact
        className="mb-3"
        current={filters.status}
        tabs={tabs.map((tab) => ({ ...tab, key: tab.status, href: href({ status: tab.status }) }))}
      />
      <FilterForm label="Find orders" keep={{ status: filters.status }} compact>
        <SearchBox value={filters.search} placeholder="Tracking ID, phone, name or email" />
        <MoreFilters inForce={foldedFilters(filters)} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <TextFilter name="city" label="City" value={filters.city} maxLength={60} />
          <DayRangeFields from={filters.from} to={filters.to} />
          <CheckFilter name="held" label="Held for a call" checked={filters.held === "1"} />
          <FilterActions submit="Apply filters" clear="/admin/orders" className="sm:col-span-2 lg:col-span-4">
            {/* a file download, not a page: a plain link (decision 0059) */}
            <a href={exportHref} className="btn-secondary ms-auto whitespace-nowrap" download>
              Export CSV
            </a>
          </FilterActions>
        </MoreFilters>
      </FilterForm>
      <ListProblems problems={problems} />
      <Form
        method="post"
        preventScrollReset
        aria-label="Orders"
        className="group/orders has-[.order-tick:checked]:pb-20"
        onChange={(event) => countTicks(event.currentTarget)}
        onReset={(event) => {
          const form = event.currentTarget;
          setTimeout(() => countTicks(form), 0);
        }}
      >
        <div className="mb-2 flex flex-wrap items-center gap-2">
          <ListCount
            total={total}
            page={page}
            pages={pages}
            noun={["order", "orders"]}
            empty="No orders."
            className="me-auto text-sm text-stone-600"
          />
          {!!newSince && (
            <button
              type="button"
              onClick={() => void revalidator.revalidate()}
              className="inline-flex min-h-11 items-center bg-amber-100 px-3 text-sm font-semibold text-amber-950 ring-1 ring-amber-300"
              data-testid="new-orders"
            >
              {newSince} new {newSince === 1 ? "order" : "orders"} — show
            </button>
          )}
        </div>
        <AnswerNotices answer={answer}>
          {answer?.refused && answer.refused.length > 0 && (
            <Notice kind="error">Not moved: {answer.refused.map((r) => `#${r.id}: ${r.detail}`).join(" ")}</Notice>
          )}
        </AnswerNotices>
        <ul className="space-y-2" aria-label="Order list">
          {orders.map((order) => (
            <li key={order.id} className="flex items-start gap-3 bg-white p-3 text-sm ring-1 ring-stone-200">
              <input
                type="checkbox"
                name="id"
                value={order.id}
                aria-label={`Tick order ${order.trackingId}`}
                className="order-tick mt-1 h-5 w-5 shrink-0"
              />
              <div className="grid min-w-0 flex-1 gap-1 sm:grid-cols-[10rem_minmax(0,1fr)_8rem]">
                <div>
                  <Link to={`/admin/orders/${order.id}`} className="font-semibold underline underline-offset-4">
                    {order.trackingId}
                  </Link>
                  <p className="text-xs text-stone-600">{order.placed}</p>
                </div>
                <div className="min-w-0">
                  <p className="truncate">
                    {order.name} · {order.city}
                  </p>
                  <CityFlag unmatched={order.cityUnmatched} className="my-0.5" />
                  <p className="text-xs text-stone-600">
                    {order.phone} · {order.items} {order.items === 1 ? "item" : "items"}
                    {order.source !== "website" ? ` · ${order.source}` : ""}
                  </p>
                </div>
                <div className="sm:text-end">
                  <p className="font-semibold tabular-nums">{order.total}</p>
                  <p className="text-xs">
                    {statusLabel(order.status)}
                    {order.waiting && (
                      <span className="block font-semibold text-amber-800">waiting {order.waiting}</span>
                    )}
                  </p>
                  <SignalsBadge held={order.held} signals={order.signals} />
                </div>
              </div>
            </li>
          ))}
        </ul>
        {/* the bulk moves: only once an order is ticked (CSS :has, so before the script loads too),
            fixed to the bottom of the screen (beside the side menu on a wide one) so they stay in
            reach while the list scrolls; the list gains room below so its last order clears it */}
        <div
          role="region"
          aria-label="Ticked orders"
          className="fixed inset-x-0 bottom-0 z-30 hidden items-center gap-2 border-t border-stone-300 bg-white px-4 py-2 shadow-[0_-4px_12px_rgba(0,0,0,0.08)] group-has-[.order-tick:checked]/orders:flex lg:start-56 lg:px-8"
          data-testid="bulk-bar"
        >
          <p className="shrink-0 text-sm font-semibold" aria-live="polite">
            {ticked > 0 ? `${ticked} ticked` : "Ticked"}
          </p>
          {/* one row, swiped sideways on a phone: the bar never hides more of the list than a button's
              height; on a wide screen the buttons wrap, all in sight */}
          <div className="-my-1 flex min-w-0 flex-1 gap-2 overflow-x-auto py-1 whitespace-nowrap lg:flex-wrap lg:overflow-visible">
            {BULK_MOVES.map((move) => (
              <button
                key={move}
                type="submit"
                name="move"
                value={move}
                disabled={busy}
                className="btn-secondary shrink-0 px-3"
              >
                {MOVE_LABELS[move]}
                <span className="sr-only"> ticked</span>
              </button>
            ))}
            <PrintTickedButtons disabled={busy} />
            <BulkParcelButtons disabled={busy} />
            <button type="reset" className="min-h-11 shrink-0 px-2 text-sm underline underline-offset-4">
              Untick all
            </button>
          </div>
        </div>
      </Form>
      <Pager page={page} pages={pages} href={(n) => href({ page: String(n) })} />
    </>
  );
}

/** The folded filters in force, in a few words: "27 Nov – 27 Nov · Lahore · held". */
function foldedFilters(filters: { city: string; from: string; to: string; held: string }): string {
  const day = (value: string) => {
    const at = karachiDay(value);
    return at ? formatDay(at) : value;
  };
  const parts: string[] = [];
  if (filters.from && filters.from === filters.to) parts.push(day(filters.from));
  else if (filters.from || filters.to)
    parts.push(`${filters.from ? day(filters.from) : "…"} – ${filters.to ? day(filters.to) : "…"}`);
  if (filters.city) parts.push(filters.city);
  if (filters.held === "1") parts.push("held for a call");
  return parts.join(" · ");
}

/**
 * An order's fake-order signals in the list (decision 0073): a small badge ("Held · 2 signals") that opens to the reasons, so they can be read on a phone, where a tooltip cannot.
 */
function SignalsBadge({ held, signals }: { held: boolean; signals: { reason: string; holds: boolean }[] }) {
  if (signals.length === 0) return null;
  const count = `${signals.length} ${signals.length === 1 ? "signal" : "signals"}`;
  return (
    <details className="mt-1 text-xs sm:text-end" data-testid="order-signals">
      <summary
        className={`inline-flex min-h-8 cursor-pointer items-center px-1.5 font-semibold ${held ? "bg-red-50 text-red-900 ring-1 ring-red-200" : "bg-amber-50 text-amber-900 ring-1 ring-amber-200"}`}
      >
        {held ? `Held · ${count}` : count}
      </summary>
      <ul className="mt-1 space-y-0.5 text-start text-stone-700">
        {signals.map((s, n) => (
          <li key={n}>
            {s.reason}
            {s.holds ? " (holds)" : ""}
          </li>
        ))}
      </ul>
    </details>
  );
}
