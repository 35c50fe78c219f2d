// What the courier reported of the shopper's parcel (decision 0104), on the tracking page and in
// My Orders: each event in our words, the courier's reason and place, and when, in Pakistan time
// (the caller formats the date). Newest first, as a courier's own tracking page lists them.

/** One courier event, its date already written out. */
export interface ParcelEventView {
  status: string;
  reason: string | null;
  location: string | null;
  courier: string;
  date: string;
}

/** What each of our parcel statuses says to the shopper. */
export const PARCEL_EVENT_WORDS: Readonly<Record<string, string>> = {
  booked: "Booked with the courier",
  "picked up": "Picked up by the courier",
  "in transit": "On its way",
  "out for delivery": "Out for delivery",
  "delivery attempted": "Delivery attempted",
  delivered: "Delivered",
  returning: "Being returned to the store",
  returned: "Returned to the store",
};

export function ParcelEvents({ events, className = "" }: { events: readonly ParcelEventView[]; className?: string }) {
  if (events.length === 0) return null;
  const couriers = [...new Set(events.map((event) => event.courier))].join(", ");
  const newestFirst = [...events].reverse();
  return (
    <section className={className} aria-label="Courier updates">
      <h3 className="text-xs font-semibold tracking-[0.18em] uppercase">Updates from {couriers}</h3>
      <ol className="mt-2 space-y-2 text-sm">
        {newestFirst.map((event, n) => (
          <li
            key={`${event.date}-${event.status}-${n}`}
            className={`border-s-2 ps-3 ${n === 0 ? "border-emerald-700" : "border-stone-200"}`}
          >
            <p className={n === 0 ? "font-semibold" : "font-medium"}>
              {PARCEL_EVENT_WORDS[event.status] ?? event.status}
              {event.reason && <span className="font-normal text-stone-700">: {event.reason}</span>}
            </p>
            <p className="text-xs text-stone-600">
              {event.date}
              {event.location && ` · ${event.location}`}
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
