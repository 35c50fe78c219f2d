// What the courier reported of the shopper's parcel (decision 0104), on the tracking page and in
// My Orders: each event in our words, the courier's reason and place, and when, in Pakistan time
// (the caller formats the date). Newest first, as a courier's own tracking page lists them.

import { useT } from "../i18n/t";
import { MessageWith } from "./Sentence";

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
  const t = useT();
  if (events.length === 0) return null;
  const couriers = [...new Set(events.map((event) => event.courier))].join(", ");
  const newestFirst = [...events].reverse();
  return (
    <section className={className} aria-label={t("Courier updates")}>
      <h3 className="text-xs font-semibold tracking-[0.18em] uppercase">
        {t.locale === "en" ? <>Updates from {couriers}</> : t("Updates from {couriers}", { couriers })}
      </h3>
      <ol className="mt-2 space-y-2 text-sm">
        {newestFirst.map((event, n) => (
          <li
            key={`${event.date}-${event.status}-${n}`}
            className={`border-s-2 ps-3 ${n === 0 ? "border-emerald-700" : "border-stone-200"}`}
          >
            <p className={n === 0 ? "font-semibold" : "font-medium"}>
              {/* our words are translated; the courier's own reason and place stay as it sent them */}
              {t(PARCEL_EVENT_WORDS[event.status] ?? event.status)}
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

/** "Sent with PostEx, consignment number 123…": the courier and its consignment number (decision 0055). */
export function SentWith({ courier, trackingNumber }: { courier: string; trackingNumber: string | null }) {
  const t = useT();
  if (t.locale !== "en") return <UrduSentWith courier={courier} trackingNumber={trackingNumber} />;
  return (
    <>
      Sent with <span className="font-medium">{courier}</span>
      {trackingNumber && (
        <>
          , consignment number <span className="font-mono font-medium">{trackingNumber}</span>
        </>
      )}
      .
    </>
  );
}

// in Urdu's order, the consignment number reading left to right
function UrduSentWith({ courier, trackingNumber }: { courier: string; trackingNumber: string | null }) {
  const t = useT();
  const courierName = <span className="font-medium">{courier}</span>;
  if (!trackingNumber) {
    return (
      <MessageWith message={t("Sent with {courier}.")} name="courier">
        {courierName}
      </MessageWith>
    );
  }
  const [before = "", after = ""] = t("Sent with {courier}, consignment number {cn}.").split("{courier}");
  const [between, end = ""] = after.split("{cn}");
  const cn = (
    <span className="font-mono font-medium" dir="ltr">
      {trackingNumber}
    </span>
  );
  // the translation may put the number before the courier: each keeps its own place
  if (before.includes("{cn}")) {
    const [first, middle = ""] = before.split("{cn}");
    return (
      <>
        {first}
        {cn}
        {middle}
        {courierName}
        {after}
      </>
    );
  }
  return (
    <>
      {before}
      {courierName}
      {between}
      {cn}
      {end}
    </>
  );
}
