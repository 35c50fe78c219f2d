// The console's home: a greeting, today's figures for the areas the member's role covers, and for
// the orders side the last 30 days: orders placed, the share confirmed, cash collected on
// delivery, the share returned, the calls still to make with the oldest one's age, a chart of
// orders per day, how the confirmation question ended per week and per city, and the stock
// running low.
import { Link, useLoaderData } from "react-router";
import { formatRupees } from "../../../core/shared/money";
import { getConsoleHome } from "../../../core/dashboard/console-home";
import { confirmationFigures, type ConfirmationCounts } from "../../../core/orders/confirmation-figures";
import { can } from "../../../core/shared/permissions";
import { ROLE_DESCRIPTIONS, ROLE_LABELS } from "../../../core/shared/permissions";
import { ConsoleErrorBoundary } from "../../components/admin/ConsoleError";
import { PageTitle, Panel } from "../../components/admin/Fields";
import { OrdersChart } from "../../components/admin/OrdersChart";
import { ageText, consoleMeta, shareText } from "../../lib/console";
import { requireStaff } from "../../lib/staff.server";
import type { Route } from "./+types/home";

export const meta = () => consoleMeta("Home");
export const ErrorBoundary = ConsoleErrorBoundary;

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireStaff(request, context);
  return {
    firstName: actor.firstName,
    role: actor.role,
    figures: await getConsoleHome(context.core, actor),
    // how the confirmation question ends (confirmed, cancelled, expired, refused), per week and per city
    confirmations: can(actor, "orders") ? await confirmationFigures(context.core, actor) : null,
    // the ages are worked out against the server's clock, so the page reads the same hydrated
    now: Date.now(),
    // today in Pakistan (YYYY-MM-DD), for the orders list's From and To: "Orders today" opens it
    today: new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Karachi" }).format(new Date()),
  };
}

function Figure({ label, value, note, href }: { label: string; value: string; note?: string; href?: string }) {
  const body = (
    <>
      <p className="text-xs font-semibold tracking-wider text-stone-600 uppercase">{label}</p>
      <p className="mt-2 text-3xl font-semibold tabular-nums">{value}</p>
      {note && <p className="mt-1 text-sm text-stone-600">{note}</p>}
    </>
  );
  return (
    <li className="bg-white p-4 ring-1 ring-stone-200">
      {href ? (
        <Link to={href} className="block hover:underline">
          {body}
        </Link>
      ) : (
        body
      )}
    </li>
  );
}

/** "— oldest 9 days, 14 parcels": what stands behind the cash couriers hold */
function cashNote(cash: { parcels: number; oldestDays: number | null }): string {
  if (cash.parcels === 0) return "Every delivered parcel is paid for";
  const days = cash.oldestDays ?? 0;
  const parcels = `${cash.parcels} ${cash.parcels === 1 ? "parcel" : "parcels"} delivered, not yet paid for`;
  return `— oldest ${days} ${days === 1 ? "day" : "days"}; ${parcels}`;
}

const COUNT_COLUMNS: { key: Exclude<keyof ConfirmationCounts, "placed">; label: string }[] = [
  { key: "confirmed", label: "Confirmed" },
  { key: "cancelledByShopper", label: "Cancelled" },
  { key: "expired", label: "Expired" },
  { key: "refused", label: "Refused" },
];

/** "17 Nov": a week by its Monday, short enough for a phone's column */
const weekLabel = (monday: string) =>
  new Date(`${monday}T00:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });

/** One table of the figures: a row per week or city, each count with its share of the orders placed. */
function ConfirmationTable({
  caption,
  first,
  rows,
  wrap = false,
}: {
  caption: string;
  first: string;
  rows: ({ label: string } & ConfirmationCounts)[];
  /** a long city name may take two lines; a week's "17 Nov" never needs to */
  wrap?: boolean;
}) {
  return (
    <div className="overflow-x-auto bg-white ring-1 ring-stone-200">
      <table className="w-full text-sm">
        <caption className="px-3 pt-3 text-start font-semibold">{caption}</caption>
        <thead>
          <tr className="text-start text-xs text-stone-600">
            <th scope="col" className="py-2 pe-1 ps-3 font-semibold">
              {first}
            </th>
            {COUNT_COLUMNS.map((c) => (
              <th key={c.key} scope="col" className="px-1.5 py-2 text-end font-semibold last:pe-3">
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {rows.map((row) => (
            <tr key={row.label}>
              {/* the orders placed sit under the week or city: one column fewer, so it fits a phone */}
              <th scope="row" className="py-2 pe-1 ps-3 text-start font-normal">
                <span className={`block ${wrap ? "" : "whitespace-nowrap"}`}>{row.label}</span>
                <span className="block text-xs whitespace-nowrap text-stone-600 tabular-nums">
                  {row.placed} {row.placed === 1 ? "order" : "orders"}
                </span>
              </th>
              {COUNT_COLUMNS.map((c) => (
                <td key={c.key} className="px-1.5 py-2 text-end tabular-nums last:pe-3">
                  <span className="block font-semibold">{shareText(row[c.key], row.placed)}</span>
                  <span className="block text-xs text-stone-600">{row[c.key]}</span>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function ConsoleHome() {
  const { firstName, role, figures, now, confirmations, today } = useLoaderData<typeof loader>();
  const last30 = figures.orders;
  const hasFigures = Object.keys(figures).length > 0;
  const hasToday =
    figures.ordersToConfirm !== undefined ||
    figures.ordersToday !== undefined ||
    figures.newCustomersThisWeek !== undefined ||
    figures.activeStaff !== undefined ||
    figures.cashWithCouriers !== undefined;
  return (
    <>
      <PageTitle
        title={firstName ? `Hello, ${firstName}` : "Hello"}
        intro={`You are signed in as ${ROLE_LABELS[role]}: ${ROLE_DESCRIPTIONS[role].toLowerCase()}.`}
      />
      {hasToday ? (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-label="Today">
          {figures.ordersToConfirm !== undefined && (
            <Figure
              label="Orders to confirm"
              value={String(figures.ordersToConfirm)}
              note={
                last30?.oldestPendingAt
                  ? `The oldest has waited ${ageText(last30.oldestPendingAt, now)}`
                  : "Cash on delivery orders waiting for a call"
              }
              href="/admin/calls"
            />
          )}
          {figures.ordersToday !== undefined && (
            <Figure
              label="Orders today"
              value={String(figures.ordersToday.count)}
              note={`${formatRupees(figures.ordersToday.totalPaisa)} since midnight, cancelled ones left out`}
              href={`/admin/orders?from=${today}&to=${today}`}
            />
          )}
          {figures.newCustomersThisWeek !== undefined && (
            <Figure
              label="New customers"
              value={String(figures.newCustomersThisWeek)}
              note="Accounts opened in the last 7 days"
              href="/admin/customers"
            />
          )}
          {figures.activeStaff !== undefined && (
            <Figure label="Staff" value={String(figures.activeStaff)} note="Active members" href="/admin/staff" />
          )}
          {figures.cashWithCouriers !== undefined && (
            <Figure
              label="Cash with couriers"
              value={formatRupees(figures.cashWithCouriers.paisa)}
              note={cashNote(figures.cashWithCouriers)}
              href="/admin/money"
            />
          )}
        </ul>
      ) : null}
      {last30 && (
        <section aria-labelledby="last-30-days" className="mt-8">
          <h2 id="last-30-days" className="mb-3 text-lg font-semibold">
            Last 30 days
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-label="Last 30 days">
            <Figure label="Orders placed" value={String(last30.placed)} note="Every order, whatever became of it" />
            <Figure
              label="Confirmed"
              value={shareText(last30.confirmed, last30.decided)}
              note={`${last30.confirmed} of the ${last30.decided} orders decided on; the rest were cancelled unconfirmed`}
            />
            <Figure
              label="Cash collected"
              value={formatRupees(last30.cashCollectedPaisa)}
              note={`${last30.delivered} ${last30.delivered === 1 ? "order" : "orders"} delivered`}
            />
            <Figure
              label="Returned"
              value={shareText(last30.returned, last30.finished)}
              note={`${last30.returned} of ${last30.finished} parcels that reached the door came back`}
            />
          </ul>
          <div className="mt-4">
            <OrdersChart days={last30.perDay} />
          </div>
        </section>
      )}
      {confirmations && (
        <section aria-labelledby="confirmation-figures" className="mt-8">
          <h2 id="confirmation-figures" className="mb-1 text-lg font-semibold">
            How orders ended
          </h2>
          <p className="mb-3 text-sm text-stone-600">
            Of the orders placed each week (Monday to Sunday) and in each city over the last 8 weeks: confirmed,
            cancelled by the customer (WhatsApp, the confirm page or a call), expired without an answer, and refused at
            the door.
          </p>
          <div className="grid gap-4 xl:grid-cols-2">
            <ConfirmationTable
              caption="Per week"
              first="Week"
              rows={confirmations.weeks.map((w) => ({ ...w, label: weekLabel(w.week) })).reverse()}
            />
            {confirmations.cities.length > 0 ? (
              <ConfirmationTable
                caption="Per city"
                first="City"
                wrap
                rows={confirmations.cities.map((c) => ({ ...c, label: c.city }))}
              />
            ) : (
              <p className="bg-white p-4 text-sm text-stone-700 ring-1 ring-stone-200">No orders in these 8 weeks.</p>
            )}
          </div>
        </section>
      )}
      {figures.lowStock && (
        <div className="mt-8">
          <Panel title="Running low">
            {figures.lowStock.count === 0 ? (
              <p className="text-sm text-stone-700">Nothing on sale has {figures.lowStock.at} units or fewer left.</p>
            ) : (
              <>
                <p className="text-sm text-stone-700">
                  {figures.lowStock.count} {figures.lowStock.count === 1 ? "item has" : "items have"}{" "}
                  {figures.lowStock.at} units or fewer left
                  {figures.lowStock.count > figures.lowStock.items.length ? "; the lowest:" : ":"}
                </p>
                <ul className="mt-2 divide-y divide-stone-100 text-sm">
                  {figures.lowStock.items.map((item) => (
                    <li
                      key={`${item.productId}-${item.combinationName ?? ""}`}
                      className="flex justify-between gap-3 py-2"
                    >
                      <span>
                        {item.productName}
                        {item.combinationName && <span className="text-stone-600"> · {item.combinationName}</span>}
                      </span>
                      <span
                        className={`shrink-0 whitespace-nowrap tabular-nums ${item.stock === 0 ? "font-semibold text-rose-700" : ""}`}
                      >
                        {item.stock === 0 ? "Sold out" : `${item.stock} left`}
                      </span>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </Panel>
        </div>
      )}
      {!hasFigures && (
        <p className="bg-white p-4 text-sm text-stone-700 ring-1 ring-stone-200">
          The products, stock and content screens for your role are on their way. Until then, your account page is open
          to you.
        </p>
      )}
    </>
  );
}
