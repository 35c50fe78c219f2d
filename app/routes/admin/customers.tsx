// Customer accounts (the customers permission: owner, manager, fulfilment): who signed up, newest
// first, searchable by email, name or phone, so the person on the phone with a shopper can find
// them; each with their number of orders and a link to their page (issue 14, point 10).
import { Form, Link, useLoaderData } from "react-router";
import { orderCounts } from "../../../core/accounts/customers";
import { listUsers } from "../../../core/accounts/users";
import { ConsoleErrorBoundary } from "../../components/admin/ConsoleError";
import { PageTitle } from "../../components/admin/Fields";
import { consoleMeta, pageParam } from "../../lib/console";
import { Pager } from "../../components/admin/Lists";
import { formatDay } from "../../lib/dates";
import { requireStaff } from "../../lib/staff.server";
import type { Route } from "./+types/customers";

export const meta = () => consoleMeta("Customers");
export const ErrorBoundary = ConsoleErrorBoundary;

const PAGE_SIZE = 50;

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireStaff(request, context, "customers");
  const params = new URL(request.url).searchParams;
  const search = (params.get("search") ?? "").trim().slice(0, 100);
  const page = pageParam(params);
  const found = await listUsers(context.core, actor, { search, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  const counts = await orderCounts(context.core, found.items);
  return {
    items: found.items.map((user) => ({ ...user, orderCount: counts.get(user.id) ?? 0 })),
    total: found.total,
    search,
    page,
    pages: Math.max(1, Math.ceil(found.total / PAGE_SIZE)),
  };
}

export default function ConsoleCustomers() {
  const { items, total, search, page, pages } = useLoaderData<typeof loader>();
  const href = (n: number) => {
    const q = new URLSearchParams();
    if (search) q.set("search", search);
    if (n > 1) q.set("page", String(n));
    return q.size ? `/admin/customers?${q}` : "/admin/customers";
  };
  return (
    <>
      <PageTitle
        title="Customers"
        intro="Accounts, newest first. A shopper who never made an account is found by their orders, on Orders."
      />
      <Form method="get" role="search" className="mb-4 flex max-w-xl gap-2">
        <label htmlFor="customer-search" className="sr-only">
          Search by email, name or phone
        </label>
        <input
          id="customer-search"
          type="search"
          name="search"
          defaultValue={search}
          maxLength={100}
          placeholder="Email, name or phone"
          className="field"
        />
        <button type="submit" className="btn-primary">
          Search
        </button>
      </Form>
      <p className="mb-3 text-sm text-stone-600" role="status">
        {total === 0
          ? "No accounts found."
          : `${total.toLocaleString("en-US")} ${total === 1 ? "account" : "accounts"}, page ${page} of ${pages}.`}
      </p>
      <ul className="divide-y divide-stone-200 bg-white ring-1 ring-stone-200" aria-label="Customers">
        {items.map((user) => (
          <li key={user.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 p-3 text-sm">
            <div className="min-w-0">
              <p className="font-semibold">
                <Link to={`/admin/customers/${user.id}`} className="underline-offset-4 hover:underline">
                  {`${user.firstName} ${user.lastName}`.trim() || "(no name)"}
                </Link>
              </p>
              <p className="break-all text-stone-600">{user.email}</p>
            </div>
            <div className="text-right text-xs text-stone-600">
              {user.phone && <p>{user.phone}</p>}
              <p>Joined {formatDay(user.createdAt)}</p>
              <p>{user.orderCount === 1 ? "1 order" : `${user.orderCount.toLocaleString("en-US")} orders`}</p>
              {user.role !== "customer" && <p className="font-semibold">Staff</p>}
            </div>
          </li>
        ))}
      </ul>
      <Pager page={page} pages={pages} href={href} />
    </>
  );
}
