// A bulk booking's progress and results (decision 0103): how many of the ticked orders are booked,
// not booked or still waiting, and each order's result (its CN, or why not), in the order ticked.
// The store's workers book them whether this page is open or not; while they work the page reads
// the batch again every few seconds (a refresh without a script, a quiet reload with one). Once
// done it offers the airway bills and load sheet of the booked ones, and a new batch of the rest.
import { useEffect } from "react";
import { data, Link, useLoaderData, useRevalidator } from "react-router";
import { getParcelBatch } from "../../../core/parcels/bulk-booking";
import { BackLink } from "../../components/admin/BackLink";
import { ConsoleErrorBoundary } from "../../components/admin/ConsoleError";
import { PageTitle, Panel } from "../../components/admin/Fields";
import { printHref } from "../../components/admin/parcels/parcel-state";
import { consoleMeta } from "../../lib/console";
import { formatDayTime } from "../../lib/dates";
import { requireStaff } from "../../lib/staff.server";
import type { Route } from "./+types/parcel-batch";

export const meta = () => consoleMeta("Booking with courier");
export const ErrorBoundary = ConsoleErrorBoundary;

const REFRESH_SECONDS = 3;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const actor = await requireStaff(request, context, "orders");
  const id = /^\d{1,10}$/.test(params.id ?? "") ? Number(params.id) : NaN;
  if (!(id >= 1 && id <= 2_147_483_647)) throw data({ detail: "No such booking batch." }, { status: 404 });
  const batch = await getParcelBatch(context.core, actor, id).catch((error: { status?: number; message?: string }) => {
    if (error.status === 404) throw data({ detail: error.message }, { status: 404 });
    throw error;
  });
  return { ...batch, started: formatDayTime(batch.createdAt) };
}

const STATE_TEXT: Record<string, string> = {
  waiting: "Waiting",
  working: "Booking…",
  booked: "Booked",
  refused: "Not booked",
  unknown: "Not known: check the courier's portal",
};

export default function ParcelBatch() {
  const batch = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const { done } = batch;
  useEffect(() => {
    if (done) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, REFRESH_SECONDS * 1000);
    return () => clearInterval(timer);
  }, [done, revalidator]);
  const finished = batch.counts.booked + batch.counts.refused + batch.counts.unknown;
  const booked = batch.items.filter((i) => i.state === "booked").map((i) => i.orderId);
  const notBooked = batch.items.filter((i) => i.state === "refused").map((i) => i.orderId);
  return (
    <>
      {/* without a script the page refreshes itself until the batch is done */}
      {!done && (
        <noscript>
          <meta httpEquiv="refresh" content={String(REFRESH_SECONDS)} />
        </noscript>
      )}
      <BackLink to="/admin/orders" label="← Orders" muted />
      <PageTitle
        title={`Booking with ${batch.courierName}`}
        intro={`Started ${batch.started}. ${done ? "Done" : "Under way"}: ${finished} of ${batch.total} ${batch.total === 1 ? "order has" : "orders have"} a result.`}
      />
      <Panel>
        <div
          role="progressbar"
          aria-label="Orders with a result"
          aria-valuemin={0}
          aria-valuemax={batch.total}
          aria-valuenow={finished}
          className="h-3 w-full bg-stone-200"
        >
          <div
            className="h-3 bg-emerald-700"
            style={{ width: `${batch.total ? (finished / batch.total) * 100 : 100}%` }}
          />
        </div>
        <p className="mt-3 text-sm" aria-live="polite" data-testid="batch-counts">
          <strong>{batch.counts.booked}</strong> booked · <strong>{batch.counts.refused}</strong> not booked
          {batch.counts.unknown > 0 && (
            <>
              {" "}
              · <strong>{batch.counts.unknown}</strong> to check
            </>
          )}{" "}
          · <strong>{batch.counts.waiting + batch.counts.working}</strong> waiting
        </p>
        {!done && (
          <p className="mt-1 text-xs text-stone-600">
            The store books them whether this page is open or not.{" "}
            <Link to="." className="underline underline-offset-4" reloadDocument>
              Refresh
            </Link>
          </p>
        )}
        {done && (
          <div className="mt-4 flex flex-wrap gap-2">
            {booked.length > 0 && (
              <>
                <a href={printHref("airway-bills", booked)} className="btn-primary px-4" target="_blank" rel="noopener">
                  Airway bills ({booked.length})
                </a>
                <a href={printHref("load-sheet", booked)} className="btn-secondary px-4" target="_blank" rel="noopener">
                  Load sheet
                </a>
              </>
            )}
            {notBooked.length > 0 && (
              <Link to={`/admin/parcels/book?ids=${notBooked.join(",")}`} className="btn-secondary px-4">
                Book the {notBooked.length} not booked again
              </Link>
            )}
          </div>
        )}
      </Panel>
      <ul className="mt-4 space-y-2" aria-label="Results">
        {batch.items.map((item) => (
          <li
            key={item.orderId}
            className="flex flex-wrap items-baseline gap-x-3 bg-white p-3 text-sm ring-1 ring-stone-200"
            data-state={item.state}
          >
            <Link to={`/admin/orders/${item.orderId}`} className="font-mono font-semibold underline underline-offset-4">
              {item.trackingId}
            </Link>
            <span
              className={
                item.state === "booked"
                  ? "font-semibold text-emerald-800"
                  : item.state === "refused" || item.state === "unknown"
                    ? "font-semibold text-red-800"
                    : "text-stone-600"
              }
            >
              {STATE_TEXT[item.state]}
            </span>
            {item.cn && <span className="font-mono">CN {item.cn}</span>}
            {item.state !== "booked" && item.message && <span className="w-full text-stone-700">{item.message}</span>}
          </li>
        ))}
      </ul>
    </>
  );
}
