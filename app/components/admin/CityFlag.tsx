// An order whose city matched none of the store's cities (decision 0105): a small flag beside the
// city on the order page and in the orders list, so staff check the address before booking a
// courier (no courier can be booked to a city the store does not know).
export function CityFlag({ unmatched, className = "ms-1.5" }: { unmatched: boolean | undefined; className?: string }) {
  if (!unmatched) return null;
  return (
    <span
      className={`${className} inline-block bg-amber-100 px-1.5 py-0.5 align-middle text-xs font-semibold whitespace-nowrap text-amber-900 ring-1 ring-amber-300`}
    >
      City not recognised
    </span>
  );
}
