// The cards at the top of "Cash from couriers": for each courier (and all of them together), the
// cash it holds and since when, what it paid this week, what it paid short or charged over the
// rate card while the dispute is open, and what this month's returns cost. They stack on a phone.
import type { CourierMoney } from "../../../../core/remittances/money-reads";
import { formatRupees } from "../../../../core/shared/money";
import { daysText } from "./money-view";

export interface CardView {
  key: string;
  courierName: string;
  cash: string;
  cashNote: string;
  paidThisWeek: string;
  paidThisWeekNote: string;
  paidShort: string | null;
  chargedMore: string | null;
  shortNote: string;
  returnCharges: string;
  returnNote: string;
}

const parcels = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "parcel" : "parcels"}`;

export function cardView(card: CourierMoney): CardView {
  const cash = card.cashWithCourier;
  const returns = card.returnCharges;
  return {
    key: card.courier ?? "all",
    courierName: card.courierName,
    cash: formatRupees(cash.paisa),
    cashNote:
      cash.parcels === 0
        ? "Every delivered parcel is paid for"
        : `${parcels(cash.parcels)}, oldest ${daysText(cash.oldestDays)}`,
    paidThisWeek: formatRupees(card.paidThisWeek.paisa),
    paidThisWeekNote: `net, for ${parcels(card.paidThisWeek.parcels)}`,
    paidShort: card.paidShort.parcels ? `Paid short ${formatRupees(card.paidShort.paisa)}` : null,
    chargedMore: card.chargedMore.parcels
      ? `Charged ${formatRupees(card.chargedMore.paisa)} more than the rate card`
      : null,
    shortNote:
      card.paidShort.parcels + card.chargedMore.parcels === 0
        ? "Nothing short"
        : `${parcels(card.paidShort.parcels + card.chargedMore.parcels)} not resolved`,
    returnCharges: formatRupees(returns.paisa),
    returnNote:
      returns.parcels === 0
        ? "No returns this month"
        : `${returns.parcels} ${returns.parcels === 1 ? "return" : "returns"}${
            returns.estimatedParcels ? `, ${returns.estimatedParcels} not yet charged (rate card)` : ""
          }`,
  };
}

function Figure({ label, value, note }: { label: string; value: React.ReactNode; note: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold tracking-wider text-stone-600 uppercase">{label}</dt>
      <dd className="mt-1 text-lg font-semibold break-words tabular-nums">{value}</dd>
      <dd className="text-sm text-stone-600">{note}</dd>
    </div>
  );
}

export function MoneyCards({ cards }: { cards: CardView[] }) {
  return (
    <ul className="mb-6 grid gap-3 md:grid-cols-2 xl:grid-cols-3" aria-label="Couriers">
      {cards.map((card) => (
        <li key={card.key} className="bg-white p-4 ring-1 ring-stone-200">
          <h2 className="text-base font-semibold">{card.courierName}</h2>
          <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-3">
            <Figure label="With the courier" value={card.cash} note={card.cashNote} />
            <Figure label="Paid this week" value={card.paidThisWeek} note={card.paidThisWeekNote} />
            <Figure
              label="Differences"
              value={
                card.paidShort || card.chargedMore ? (
                  <span className="block text-base text-red-800">
                    {card.paidShort && <span className="block">{card.paidShort}</span>}
                    {card.chargedMore && <span className="block">{card.chargedMore}</span>}
                  </span>
                ) : (
                  "Rs. 0"
                )
              }
              note={card.shortNote}
            />
            <Figure label="Return charges this month" value={card.returnCharges} note={card.returnNote} />
          </dl>
        </li>
      ))}
    </ul>
  );
}
