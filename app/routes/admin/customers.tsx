// The shop's customers (the customers permission: owner, manager, fulfilment; decision 0096):
// everyone who ordered, guests included, one per phone, with their orders, delivered, refused or
// returned, and last order (Pakistan time); searchable by name, phone or email, sorted by last
// order, number of orders or name, paged. A blocked phone says so. Each links to their page.
import { Link, useLoaderData } from "react-router";
import { CUSTOMER_SEARCH_MAX, CUSTOMER_SORTS, listCustomers, type CustomerSort } from "../../../core/orders/customers";
import { ConsoleErrorBoundary } from "../../components/admin/ConsoleError";
import { PageTitle } from "../../components/admin/Fields";
import { FilterForm, SearchBox, SelectFilter } from "../../components/admin/ListFilters";
import { ListCount, listHref, pageCount, Pager } from "../../components/admin/Lists";
import { consoleMeta, pageParam } from "../../lib/console";
import { formatDay } from "../../lib/dates";
import { requireStaff } from "../../lib/staff.server";
import type { Route } from "./+types/customers";

export const meta = () => consoleMeta("Customers");
export const ErrorBoundary = ConsoleErrorBoundary;

const PAGE_SIZE = 50;

const SORT_LABELS: Record<CustomerSort, string> = {
  last_order: "Last order, newest first",
  orders: "Most orders first",
  name: "Name, A to Z",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireStaff(request, context, "customers");
  const params = new URL(request.url).searchParams;
  // core cuts the search to its length and drops control characters before comparing
  const search = (params.get("search") ?? "").slice(0, CUSTOMER_SEARCH_MAX);
  const asked = params.get("sort");
  const sort: CustomerSort = (CUSTOMER_SORTS as readonly string[]).includes(asked ?? "")
    ? (asked as CustomerSort)
    : "last_order";
  const page = pageParam(params);
  const found = await listCustomers(context.core, actor, {
    search,
    sort,
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  });
  return {
    items: found.items.map((c) => ({
      id: c.id,
      name: c.name || "(no name)",
      phone: c.phone,
      email: c.email,
      orders: c.orders,
      delivered: c.delivered,
      returned: c.returned,
      lastOrder: formatDay(c.lastOrderAt),
      hasAccount: c.userId !== null,
      blocked: c.blocked !== null,
    })),
    total: found.total,
    search: search.trim(),
    sort,
    page,
    pages: pageCount(found.total, PAGE_SIZE),
  };
}

const count = (n: number) => n.toLocaleString("en-US");

function Badges({ hasAccount, blocked }: { hasAccount: boolean; blocked: boolean }) {
  return (
    <>
      {blocked && (
        <span className="ms-2 inline-block bg-red-50 px-1.5 py-0.5 text-xs font-semibold text-red-800 ring-1 ring-red-200">
          Blocked
        </span>
      )}
      {!hasAccount && (
        <span className="ms-2 inline-block bg-stone-100 px-1.5 py-0.5 text-xs text-stone-700 ring-1 ring-stone-200">
          Guest
        </span>
      )}
    </>
  );
}

export default function ConsoleCustomers() {
  const { items, total, search, sort, page, pages } = useLoaderData<typeof loader>();
  const href = (n: number) => listHref("/admin/customers", { search, sort, page: n }, { sort: "last_order" });
  return (
    <>
      <PageTitle
        title="Customers"
        intro="Everyone who ordered, guests included: one customer per phone number, however it was typed."
      />
      <FilterForm label="Find customers" className="max-w-3xl">
        <SearchBox
          value={search}
          label="Search by name, phone or email"
          maxLength={CUSTOMER_SEARCH_MAX}
          placeholder="Name, phone or email"
          button="Search"
        >
          <SelectFilter
            name="sort"
            label="Order of the list"
            hideLabel
            value={sort}
            options={CUSTOMER_SORTS.map((s) => ({ value: s, label: SORT_LABELS[s] }))}
          />
        </SearchBox>
      </FilterForm>
      <ListCount
        total={total}
        page={page}
        pages={pages}
        noun={["customer", "customers"]}
        empty={search ? "No customer matches this search." : "No orders yet, so no customers."}
      />
      {items.length > 0 && (
        <>
          {/* phones: one card a customer */}
          <ul className="divide-y divide-stone-200 bg-white ring-1 ring-stone-200 md:hidden" aria-label="Customers">
            {items.map((c) => (
              <li key={c.id} className="p-3 text-sm">
                <p className="font-semibold">
                  <Link to={`/admin/customers/${c.id}`} className="underline underline-offset-4">
                    {c.name}
                  </Link>
                  <Badges hasAccount={c.hasAccount} blocked={c.blocked} />
                </p>
                <p className="text-stone-700">{c.phone}</p>
                {c.email && <p className="break-all text-stone-600">{c.email}</p>}
                <p className="mt-1 text-xs text-stone-600">
                  {c.orders === 1 ? "1 order" : `${count(c.orders)} orders`} · {count(c.delivered)} delivered ·{" "}
                  {count(c.returned)} refused or returned · last {c.lastOrder}
                </p>
              </li>
            ))}
          </ul>
          {/* wider screens: a table */}
          <table className="hidden w-full bg-white text-sm ring-1 ring-stone-200 md:table">
            <caption className="sr-only">Customers</caption>
            <thead className="bg-stone-50 text-start text-xs text-stone-600 uppercase">
              <tr>
                <th scope="col" className="p-3">
                  Name
                </th>
                <th scope="col" className="p-3">
                  Phone and email
                </th>
                <th scope="col" className="p-3 text-end">
                  Orders
                </th>
                <th scope="col" className="p-3 text-end">
                  Delivered
                </th>
                <th scope="col" className="p-3 text-end">
                  Refused or returned
                </th>
                <th scope="col" className="p-3">
                  Last order
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-200">
              {items.map((c) => (
                <tr key={c.id}>
                  <td className="p-3 font-semibold">
                    <Link to={`/admin/customers/${c.id}`} className="underline underline-offset-4">
                      {c.name}
                    </Link>
                    <Badges hasAccount={c.hasAccount} blocked={c.blocked} />
                  </td>
                  <td className="p-3">
                    <span className="block">{c.phone}</span>
                    {c.email && <span className="block break-all text-xs text-stone-600">{c.email}</span>}
                  </td>
                  <td className="p-3 text-end tabular-nums">{count(c.orders)}</td>
                  <td className="p-3 text-end tabular-nums">{count(c.delivered)}</td>
                  <td className="p-3 text-end tabular-nums">{count(c.returned)}</td>
                  <td className="p-3 whitespace-nowrap">{c.lastOrder}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      <Pager
        page={page}
        pages={pages}
        href={href}
        labels={sort === "last_order" ? ["Newer", "Older"] : ["Previous", "Next"]}
      />
    </>
  );
}
