// One payment from a courier (decision 0106): its reference, day and sums, then each parcel it
// paid for with every amount: due, collected, each deduction, net, what the rate card expected
// and the difference. The amounts table scrolls within its box on a phone.
import { data, useLoaderData } from "react-router";
import { getPayoutBatch } from "../../../core/remittances/money-batches";
import { formatRupees } from "../../../core/shared/money";
import { BackLink } from "../../components/admin/BackLink";
import { ConsoleErrorBoundary } from "../../components/admin/ConsoleError";
import { PageTitle } from "../../components/admin/Fields";
import { MoneyBatchTable } from "../../components/admin/money/MoneyBatchTable";
import { lineView } from "../../components/admin/money/money-view";
import { consoleMeta } from "../../lib/console";
import { formatDay } from "../../lib/dates";
import { requireStaff } from "../../lib/staff.server";
import type { Route } from "./+types/money-batch";

export const meta = ({ data: page }: Route.MetaArgs) =>
  consoleMeta(page ? `Payment ${page.batch.reference}` : "Payment");
export const ErrorBoundary = ConsoleErrorBoundary;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const actor = await requireStaff(request, context, "money");
  const id = Number(params.id);
  if (!(params.id && /^\d{1,10}$/.test(params.id) && id > 0 && id <= 2_147_483_647))
    throw data({ detail: "No such payment batch." }, { status: 404 });
  const batch = await getPayoutBatch(context.core, actor, id).catch((error: { status?: number; message?: string }) => {
    if (error.status === 404) throw data({ detail: error.message }, { status: 404 });
    throw error;
  });
  return {
    batch: {
      reference: batch.reference,
      referenceGiven: batch.referenceGiven,
      courierName: batch.courierName,
      paidOn: formatDay(batch.paidOn),
      source: batch.source === "report" ? "from a payment report" : "from the courier's payment call",
      parcels: batch.parcels,
      collected: formatRupees(batch.collectedPaisa),
      deductions: formatRupees(batch.deductionsPaisa),
      net: formatRupees(batch.netPaisa),
      differing: batch.differing,
    },
    lines: batch.lines.map(lineView),
  };
}

export default function ConsoleMoneyBatch() {
  const { batch, lines } = useLoaderData<typeof loader>();
  return (
    <>
      <BackLink to="/admin/money?list=payments" label="Cash from couriers" />
      <PageTitle
        title={`${batch.courierName} payment ${batch.reference}`}
        intro={`Paid ${batch.paidOn}, ${batch.source}.${batch.referenceGiven ? "" : " The courier named no reference."}`}
      />
      <dl className="mb-6 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {[
          ["Parcels", String(batch.parcels)],
          ["Collected", batch.collected],
          ["Deductions", batch.deductions],
          ["Net paid", batch.net],
        ].map(([label, value]) => (
          <div key={label} className="bg-white p-3 ring-1 ring-stone-200">
            <dt className="text-xs font-semibold tracking-wider text-stone-600 uppercase">{label}</dt>
            <dd className="mt-1 text-lg font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {batch.differing > 0 && (
        <p className="mb-3 text-sm font-semibold text-red-800">
          {batch.differing} {batch.differing === 1 ? "parcel differs" : "parcels differ"} from what was due or the rate
          card.
        </p>
      )}
      <MoneyBatchTable lines={lines} />
    </>
  );
}
