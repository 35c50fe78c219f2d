// Vouchers (decision 0066), for the vouchers permission (owner, manager): the
// list with a code search and state tabs, newest first, each linking to its own page.
import { Link, useLoaderData } from "react-router";
import { listVouchers } from "../../../core/vouchers/voucher-admin";
import { SEARCH_MAX, VOUCHER_STATE_LABELS, type VoucherState } from "../../../core/vouchers/voucher-rules";
import { formatRupees } from "../../../core/shared/money";
import { ConsoleErrorBoundary } from "../../components/admin/ConsoleError";
import { PageTitle } from "../../components/admin/Fields";
import { FilterForm, SearchBox } from "../../components/admin/ListFilters";
import { ListCount, listHref, pageCount, Pager } from "../../components/admin/Lists";
import { ListTabs } from "../../components/admin/ListTabs";
import { StateBadge } from "../../components/admin/VoucherForm";
import { consoleMeta, pageParam } from "../../lib/console";
import { formatDayTime } from "../../lib/dates";
import { requireStaff } from "../../lib/staff.server";
import type { Route } from "./+types/vouchers";

export const meta = () => consoleMeta("Vouchers");
export const ErrorBoundary = ConsoleErrorBoundary;

// eslint-disable-next-line no-control-regex -- control characters are never in a search
const CONTROL = /[\u0000-\u001f\u007f]/g;

const PAGE_SIZE = 50;
type Tab = VoucherState | "all";
const TABS: Tab[] = ["all", "active", "scheduled", "expired", "used_up", "inactive"];
const tabLabel = (tab: Tab) => (tab === "all" ? "All" : VOUCHER_STATE_LABELS[tab]);

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireStaff(request, context, "vouchers");
  const params = new URL(request.url).searchParams;
  const stateText = params.get("state") ?? "all";
  const state = (TABS as string[]).includes(stateText) ? (stateText as Tab) : "all";
  const search = (params.get("search") ?? "").slice(0, SEARCH_MAX).replace(CONTROL, "").trim();
  const page = pageParam(params);
  const found = await listVouchers(context.core, actor, {
    search: search || undefined,
    state: state === "all" ? undefined : state,
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  });
  return {
    state,
    search,
    page,
    pages: pageCount(found.total, PAGE_SIZE),
    total: found.total,
    vouchers: found.items.map((v) => ({
      id: v.id,
      code: v.code,
      description: v.description,
      state: v.state,
      discount:
        v.discountType === "percentage"
          ? `${v.discountValue}% off${v.maxDiscountPaisa !== null ? `, up to ${formatRupees(v.maxDiscountPaisa)}` : ""}`
          : v.discountType === "flat"
            ? `${formatRupees(v.discountValue)} off`
            : "Free shipping",
      minimum: v.minOrderPaisa > 0 ? `Orders from ${formatRupees(v.minOrderPaisa)}` : null,
      uses: `${v.usedCount.toLocaleString("en-US")}${v.usageLimit !== null ? ` of ${v.usageLimit.toLocaleString("en-US")}` : ""} used`,
      dates:
        v.startsAt || v.endsAt
          ? `${v.startsAt ? formatDayTime(v.startsAt) : "Now"} – ${v.endsAt ? formatDayTime(v.endsAt) : "no end"}`
          : null,
    })),
  };
}

export default function ConsoleVouchers() {
  const { state, search, page, pages, total, vouchers } = useLoaderData<typeof loader>();
  const href = (changes: { state?: Tab; page?: number }) =>
    listHref("/admin/vouchers", { state: changes.state ?? state, search, page: changes.page }, { state: "all" });
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <PageTitle title="Vouchers" intro="Codes shoppers type at the checkout. Dates are Pakistan time." />
        <Link to="/admin/vouchers/new" className="btn-primary">
          New voucher
        </Link>
      </div>
      <ListTabs
        label="Voucher state"
        current={state}
        tabs={TABS.map((tab) => ({ key: tab, label: tabLabel(tab), href: href({ state: tab }) }))}
      />
      <FilterForm label="Find vouchers" keep={{ state: state === "all" ? "" : state }}>
        <SearchBox
          value={search}
          label="Code"
          maxLength={SEARCH_MAX}
          placeholder="Search by code"
          autoCapitalize="characters"
        />
      </FilterForm>
      <ListCount total={total} page={page} pages={pages} noun={["voucher", "vouchers"]} empty="No vouchers here." />
      <ul className="grid gap-2 md:grid-cols-2" aria-label="Voucher list">
        {vouchers.map((v) => (
          <li key={v.id}>
            <Link
              to={`/admin/vouchers/${v.id}`}
              className="block h-full bg-white p-4 text-sm ring-1 ring-stone-200 hover:ring-ink"
            >
              <span className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-mono text-base font-semibold tracking-wide break-all">{v.code}</span>
                <StateBadge state={v.state} />
              </span>
              <span className="mt-1 block">{v.discount}</span>
              {v.description && <span className="mt-1 block text-stone-600">{v.description}</span>}
              <span className="mt-2 flex flex-wrap gap-x-3 text-xs text-stone-600">
                <span>{v.uses}</span>
                {v.minimum && <span>{v.minimum}</span>}
                {v.dates && <span>{v.dates}</span>}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <Pager page={page} pages={pages} href={(n) => href({ page: n })} />
    </>
  );
}
