// One customer (decision 0096): everyone who ordered with one phone, in any of its forms. Their
// counts, whether the phone is blocked, the account that ordered with it (and that account's other
// phones, each a customer of its own), the addresses they ship to, and their orders, paged, each
// linking to the order.
import { data, Link, useLoaderData } from "react-router";
import { getCustomer, listCustomerOrders } from "../../../core/orders/customers";
import { AppError } from "../../../core/shared/errors";
import { formatRupees } from "../../../core/shared/money";
import { ConsoleErrorBoundary } from "../../components/admin/ConsoleError";
import { PageTitle, Panel } from "../../components/admin/Fields";
import { listHref, pageCount, Pager } from "../../components/admin/Lists";
import { consoleMeta, pageParam, statusLabel } from "../../lib/console";
import { formatDay, formatDayTime } from "../../lib/dates";
import { requireStaff } from "../../lib/staff.server";
import type { Route } from "./+types/customer";

export const meta = ({ data: page }: Route.MetaArgs) => consoleMeta(page ? page.name : "Customer");
export const ErrorBoundary = ConsoleErrorBoundary;

const PAGE_SIZE = 20;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const actor = await requireStaff(request, context, "customers");
  const page = pageParam(new URL(request.url).searchParams);
  try {
    const [c, found] = await Promise.all([
      getCustomer(context.core, actor, params.id),
      listCustomerOrders(context.core, actor, params.id, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }),
    ]);
    return {
      id: c.id,
      name: c.name || "(no name)",
      email: c.email,
      phone: c.phone,
      blocked: c.blocked,
      account: c.account && { ...c.account, joined: formatDay(c.account.joinedAt) },
      otherPhones: c.otherPhones,
      firstOrder: formatDay(c.firstOrderAt),
      totals: {
        orders: c.orders,
        delivered: c.delivered,
        returned: c.returned,
        cancelled: c.cancelled,
        spent: formatRupees(c.spentPaisa),
      },
      addresses: c.addresses.map((a) => ({ ...a, lastUsed: formatDay(a.lastUsedAt) })),
      orders: found.items.map((o) => ({
        id: o.id,
        trackingId: o.trackingId,
        status: statusLabel(o.status),
        total: formatRupees(o.totalPaisa),
        placed: formatDayTime(o.createdAt),
        guest: o.placedAs === "guest",
      })),
      ordersTotal: found.total,
      page,
      pages: pageCount(found.total, PAGE_SIZE),
    };
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw data({ detail: error.message }, { status: 404 });
    throw error;
  }
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="bg-stone-50 p-3 ring-1 ring-stone-200">
      <dt className="text-xs text-stone-600">{label}</dt>
      <dd className="mt-1 text-lg font-semibold">{value}</dd>
    </div>
  );
}

export default function ConsoleCustomer() {
  const c = useLoaderData<typeof loader>();
  const href = (n: number) => listHref(`/admin/customers/${c.id}`, { page: n });
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/customers" className="underline underline-offset-4">
          ← Customers
        </Link>
      </p>
      <PageTitle
        title={c.name}
        intro={`${c.phone} · ${c.totals.orders === 1 ? "1 order" : `${c.totals.orders.toLocaleString("en-US")} orders`}${c.account ? "" : " · guest"}`}
      />
      <div className="max-w-3xl space-y-6">
        {c.blocked && (
          <p role="note" className="bg-red-50 px-4 py-3 text-sm text-red-800 ring-1 ring-red-200">
            <strong>This phone is on the block list:</strong> its orders are held for a call.
            {c.blocked.reason && ` Reason: ${c.blocked.reason}`}{" "}
            <Link to="/admin/block-list" className="underline underline-offset-4">
              Block list
            </Link>
          </p>
        )}
        <Panel title="Contact">
          <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="text-stone-600">Phone</dt>
            <dd>
              <a href={`tel:${c.phone.replace(/[^\d+]/g, "")}`} className="underline underline-offset-4">
                {c.phone}
              </a>
            </dd>
            <dt className="text-stone-600">Email</dt>
            <dd className="break-all">
              {c.email ? (
                <a href={`mailto:${c.email}`} className="underline underline-offset-4">
                  {c.email}
                </a>
              ) : (
                "Not given"
              )}
            </dd>
            <dt className="text-stone-600">First order</dt>
            <dd>{c.firstOrder}</dd>
            <dt className="text-stone-600">Account</dt>
            <dd>
              {c.account
                ? `${c.account.name || c.account.email} (${c.account.email}), joined ${c.account.joined}${c.account.isStaff ? ", a staff member" : ""}`
                : "None: ordered as a guest"}
            </dd>
            {c.otherPhones.length > 0 && (
              <>
                <dt className="text-stone-600">The account’s other phones</dt>
                <dd>
                  <ul>
                    {c.otherPhones.map((p) => (
                      <li key={p.id}>
                        <Link to={`/admin/customers/${p.id}`} className="underline underline-offset-4">
                          {p.phone}
                        </Link>{" "}
                        <span className="text-stone-600">({p.orders === 1 ? "1 order" : `${p.orders} orders`})</span>
                      </li>
                    ))}
                  </ul>
                </dd>
              </>
            )}
          </dl>
        </Panel>
        <Panel title="Totals">
          <dl className="grid grid-cols-2 gap-3 md:grid-cols-4" aria-label="Totals">
            <Figure label="Orders" value={c.totals.orders.toLocaleString("en-US")} />
            <Figure label="Delivered" value={c.totals.delivered.toLocaleString("en-US")} />
            <Figure label="Refused or returned" value={c.totals.returned.toLocaleString("en-US")} />
            <Figure label="Cancelled" value={c.totals.cancelled.toLocaleString("en-US")} />
            <Figure label="Spent (delivered)" value={c.totals.spent} />
          </dl>
        </Panel>
        <Panel title="Orders">
          {c.ordersTotal === 0 ? (
            <p className="text-sm text-stone-600">No orders yet.</p>
          ) : (
            <>
              <ul className="divide-y divide-stone-200 ring-1 ring-stone-200" aria-label="Orders">
                {c.orders.map((o) => (
                  <li key={o.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 p-3 text-sm">
                    <div>
                      <Link
                        to={`/admin/orders/${o.id}`}
                        className="font-mono font-semibold underline underline-offset-4"
                      >
                        {o.trackingId}
                      </Link>
                      <span className="ms-2 text-stone-600">{o.placed}</span>
                      {o.guest && (
                        <span className="ms-2 bg-amber-50 px-1.5 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-200">
                          Guest order
                        </span>
                      )}
                    </div>
                    <div className="text-end">
                      <span className="me-3">{o.status}</span>
                      <span className="font-semibold">{o.total}</span>
                    </div>
                  </li>
                ))}
              </ul>
              <Pager page={c.page} pages={c.pages} href={href} />
            </>
          )}
        </Panel>
        <Panel title="Addresses">
          {c.addresses.length === 0 ? (
            <p className="text-sm text-stone-600">No orders, so no addresses yet.</p>
          ) : (
            <ul className="space-y-3 text-sm" aria-label="Addresses">
              {c.addresses.map((a) => (
                <li key={`${a.shippingAddress}|${a.city}`} className="ring-1 ring-stone-200 p-3">
                  <p className="break-words">{a.shippingAddress}</p>
                  <p className="mt-1 text-xs text-stone-600">
                    {a.city} · {a.orders === 1 ? "1 order" : `${a.orders} orders`} · last used {a.lastUsed}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </Panel>
      </div>
    </>
  );
}
