// The order page's money lines for its finished parcels (decision 0106): what the courier should
// pay, what it paid and took, and whether it fell short, read only for members with the money
// permission (fulfilment sees the parcel panel without them), and "Check payment now".
import type { CoreContext } from "../../../../core/context";
import type { ParcelView } from "../../../../core/parcels/parcel-reads";
import {
  checkParcelPayment,
  readParcelMoney,
  type DeductionKind,
  type ParcelMoney,
} from "../../../../core/remittances/parcel-money";
import { formatRupees } from "../../../../core/shared/money";
import { can, type StaffActor } from "../../../../core/shared/permissions";
import { formatDay } from "../../../lib/dates";

const DEDUCTION_LABELS: Readonly<Record<DeductionKind, string>> = {
  delivery: "Delivery charge",
  cash_handling: "Cash handling",
  fuel: "Fuel surcharge",
  gst: "GST",
  return_charge: "Return charge",
  withheld_tax: "Income tax withheld",
  other: "Other deductions",
};

/** A parcel's money as the order page shows it: words and rupees, worked out on the server. */
export interface MoneyLines {
  due: string;
  /** null until the courier pays */
  collected: string | null;
  deductions: { label: string; amount: string }[];
  net: string | null;
  batch: string | null;
  paidOn: string | null;
  source: string | null;
  /** "Paid short Rs. 200" or "Charged more than the rate card Rs. 90" */
  flag: string | null;
}

function moneyLines(money: ParcelMoney): MoneyLines {
  const batch = [money.referenceGiven === false ? null : money.reference, money.secondReference].filter(Boolean);
  const flag = money.difference
    ? `${money.difference.kind === "paid short" ? "Paid short" : "Charged more than the rate card"} ${formatRupees(money.difference.paisa)}`
    : null;
  return {
    due: formatRupees(money.duePaisa),
    collected: money.collectedPaisa === null ? null : formatRupees(money.collectedPaisa),
    deductions: money.deductions.map((d) => ({ label: DEDUCTION_LABELS[d.kind], amount: formatRupees(d.paisa) })),
    net: money.netPaisa === null ? null : formatRupees(money.netPaisa),
    batch: batch.length ? batch.join(" / ") : null,
    paidOn: money.paidOn ? formatDay(`${money.paidOn}T12:00:00+05:00`) : null,
    source:
      money.source === "report" ? "from the courier's report" : money.source === "api" ? "from the courier" : null,
    flag,
  };
}

/** The money lines of the order's delivered and returned parcels, by parcel id; none without the money permission. */
export async function loadParcelMoney(
  core: CoreContext,
  actor: StaffActor,
  parcels: readonly Pick<ParcelView, "id" | "bookingState" | "status">[],
): Promise<Record<number, MoneyLines>> {
  if (!can(actor, "money")) return {};
  const finished = parcels.filter(
    (p) => p.bookingState === "booked" && (p.status === "delivered" || p.status === "returned"),
  );
  const shown: Record<number, MoneyLines> = {};
  for (const parcel of finished) {
    const money = await readParcelMoney(core, actor, parcel.id).catch(() => null);
    if (money) shown[parcel.id] = moneyLines(money);
  }
  return shown;
}

/** What staff read after asking the courier about one parcel's payment now. */
export async function checkPaymentText(core: CoreContext, actor: StaffActor, parcelId: number): Promise<string> {
  const check = await checkParcelPayment(core, actor, parcelId);
  const name = `${check.money.courierName} (CN ${check.money.cn})`;
  if (!check.paid) return `${name} has not paid for this parcel yet.`;
  const lines = moneyLines(check.money);
  const net = lines.net ? `: net ${lines.net}` : "";
  if (check.outcome === "kept") return `${name} says it paid${net}; the figures from its report stand.`;
  return `${name} has paid for this parcel${net}${lines.flag ? ` (${lines.flag})` : ""}.`;
}
