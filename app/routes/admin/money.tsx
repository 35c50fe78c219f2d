// "Cash from couriers" (decision 0106), for the money permission: a card per courier with the
// cash it holds and since when, what it paid this week, what it paid short and this month's
// return charges; then the parcels not paid yet (oldest first), the payments, and the
// differences with their disputes editable in place; and the accountant's CSV for a range of days.
import { data, useActionData, useLoaderData, type ShouldRevalidateFunction } from "react-router";
import { COURIER_CODES, COURIER_NAMES, type CourierCode } from "../../../core/couriers/courier";
import { setParcelDispute } from "../../../core/remittances/disputes";
import { listMoneyDifferences, listPayoutBatches } from "../../../core/remittances/money-batches";
import { getMoneySummary, listUnpaidParcels } from "../../../core/remittances/money-reads";
import { AppError } from "../../../core/shared/errors";
import { formatRupees } from "../../../core/shared/money";
import { DISPUTE_STATES, type DisputeState } from "../../../core/remittances/money-lines";
import { ConsoleErrorBoundary } from "../../components/admin/ConsoleError";
import { PageTitle } from "../../components/admin/Fields";
import { FilterActions, FilterForm, SelectFilter } from "../../components/admin/ListFilters";
import { ListTabs } from "../../components/admin/ListTabs";
import { ListCount, listHref, pageCount, Pager } from "../../components/admin/Lists";
import type { DisputeAnswer } from "../../components/admin/money/DisputeForm";
import { cardView, MoneyCards } from "../../components/admin/money/MoneyCards";
import { MoneyExportForm } from "../../components/admin/money/MoneyExportForm";
import { BatchRow, DifferenceRow, UnpaidRow } from "../../components/admin/money/MoneyRows";
import { DISPUTE_WORDS, lineView } from "../../components/admin/money/money-view";
import { formErrorsFor } from "../../lib/form-errors.server";
import { consoleMeta, formText, pageParam } from "../../lib/console";
import { formatDay } from "../../lib/dates";
import { requireStaff } from "../../lib/staff.server";
import type { Route } from "./+types/money";

export const meta = () => consoleMeta("Cash from couriers");
export const ErrorBoundary = ConsoleErrorBoundary;

// a save refused because the row changed is the one refusal after which the page must read again:
// the member sees what changed (React Router reads again only after a 2xx by default)
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 || defaultShouldRevalidate;

const PAGE_SIZE = 25;
const LISTS = ["unpaid", "payments", "differences"] as const;
type ListName = (typeof LISTS)[number];
const LIST_LABELS: Record<ListName, string> = {
  unpaid: "Not paid yet",
  payments: "Payments",
  differences: "Differences",
};

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | "" =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : "";

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireStaff(request, context, "money");
  const params = new URL(request.url).searchParams;
  const list: ListName = oneOf(LISTS, params.get("list")) || "unpaid";
  const courier = oneOf<CourierCode>(COURIER_CODES, params.get("courier")) || undefined;
  const state = oneOf<DisputeState>(DISPUTE_STATES, params.get("state")) || undefined;
  const page = pageParam(params);
  const wanted = (name: ListName) => ({
    courier,
    limit: name === list ? PAGE_SIZE : 1,
    offset: name === list ? (page - 1) * PAGE_SIZE : 0,
  });
  const [summary, unpaid, payments, differences] = await Promise.all([
    getMoneySummary(context.core, actor),
    listUnpaidParcels(context.core, actor, wanted("unpaid")),
    listPayoutBatches(context.core, actor, wanted("payments")),
    listMoneyDifferences(context.core, actor, { ...wanted("differences"), state }),
  ]);
  const total = { unpaid: unpaid.total, payments: payments.total, differences: differences.total }[list];
  return {
    list,
    courier: courier ?? "",
    state: state ?? "",
    page,
    pages: pageCount(total, PAGE_SIZE),
    total,
    counts: { unpaid: unpaid.total, payments: payments.total, differences: differences.total },
    cards: [...(summary.couriers.length > 1 ? [summary.totals] : []), ...summary.couriers].map(cardView),
    couriers: summary.couriers.map((card) => card.courier!),
    lines:
      list === "unpaid" ? unpaid.items.map(lineView) : list === "differences" ? differences.items.map(lineView) : [],
    batches:
      list === "payments"
        ? payments.items.map((batch) => ({
            id: batch.id,
            courierName: batch.courierName,
            reference: batch.reference,
            paidOn: formatDay(batch.paidOn),
            parcels: batch.parcels,
            collected: formatRupees(batch.collectedPaisa),
            deductions: formatRupees(batch.deductionsPaisa),
            net: formatRupees(batch.netPaisa),
            differing: batch.differing,
          }))
        : [],
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireStaff(request, context, "money");
  const form = await request.formData();
  const parcelId = Number(formText(form, "parcel"));
  if (
    formText(form, "intent") !== "dispute" ||
    !Number.isSafeInteger(parcelId) ||
    parcelId < 1 ||
    parcelId > 2_147_483_647
  )
    return data<DisputeAnswer>({ error: "Choose a parcel from the list." }, { status: 422 });
  try {
    const saved = await setParcelDispute(context.core, actor, parcelId, {
      state: formText(form, "state"),
      note: formText(form, "note"),
      version: Number(formText(form, "version")),
    });
    const words = DISPUTE_WORDS[saved.state];
    return {
      parcelId,
      done: `Saved: ${words}${saved.note ? `, "${saved.note.slice(0, 60)}"` : ""}.`,
    } satisfies DisputeAnswer;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.status === 403) throw data({ detail: error.message }, { status: 403 });
    if (error.status === 409)
      return data<DisputeAnswer>(
        {
          parcelId,
          error:
            "This parcel's money changed since you opened the page (a payment, or someone else saved). Its dispute now reads as shown above the form: check it, then save again to replace it.",
        },
        { status: 409 },
      );
    // the version is the page's, not the member's: its refusal names no field of the form
    const refusal = formErrorsFor(error, { inputOf: (path) => (path === "state" || path === "note" ? path : null) });
    return data<DisputeAnswer>({ parcelId, ...refusal }, { status: error.status });
  }
}

export default function ConsoleMoney() {
  const { list, courier, state, page, pages, total, counts, cards, couriers, lines, batches } =
    useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as DisputeAnswer | undefined;
  const href = (values: Record<string, string | number>) =>
    listHref("/admin/money", { list, courier, state, ...values }, { list: "unpaid" });
  const courierOptions = [
    { value: "", label: "All couriers" },
    ...couriers.map((c) => ({ value: c, label: COURIER_NAMES[c] })),
  ];
  return (
    <>
      <PageTitle
        title="Cash from couriers"
        intro="What each courier owes the shop for the parcels it delivered, what it paid, and what it paid short."
      />
      <MoneyCards cards={cards} />
      <ListTabs
        label="Cash lists"
        current={list}
        tabs={LISTS.map((name) => ({
          key: name,
          label: LIST_LABELS[name],
          href: href({ list: name, state: name === "differences" ? state : "", page: 1 }),
          count: counts[name],
        }))}
      />
      <FilterForm
        label="Find in the list"
        keep={{ list }}
        className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
      >
        <SelectFilter name="courier" label="Courier" value={courier} options={courierOptions} />
        {list === "differences" && (
          <SelectFilter
            name="state"
            label="Dispute"
            value={state}
            options={[
              { value: "", label: "Every state" },
              ...DISPUTE_STATES.map((s) => ({ value: s, label: DISPUTE_WORDS[s] })),
            ]}
          />
        )}
        <FilterActions submit="Show" clear={href({ courier: "", state: "", page: 1 })} />
      </FilterForm>
      <ListCount
        total={total}
        page={page}
        pages={pages}
        noun={list === "payments" ? ["payment", "payments"] : ["parcel", "parcels"]}
        empty={
          list === "unpaid"
            ? "Every parcel is paid for."
            : list === "payments"
              ? "No payment yet."
              : "No difference: every courier paid what was due."
        }
      />
      <ul className="space-y-3" aria-label={LIST_LABELS[list]}>
        {list === "payments"
          ? batches.map((batch) => <BatchRow key={batch.id} batch={batch} />)
          : lines.map((line) =>
              list === "unpaid" ? (
                <UnpaidRow key={line.parcelId} line={line} answer={answer} />
              ) : (
                <DifferenceRow key={line.parcelId} line={line} answer={answer} />
              ),
            )}
      </ul>
      <Pager page={page} pages={pages} href={(n) => href({ page: n })} labels={["Previous", "Next"]} />
      <MoneyExportForm couriers={courierOptions} />
    </>
  );
}
