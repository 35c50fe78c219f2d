// One parcel on "Parcels to follow up" (decision 0104): who to reach and why, the courier's reason
// in large type, a tap to call or to open WhatsApp with a short message already written, and,
// where the courier's API takes it, the advice to send ("try again" or "send it back"). Plain
// forms: it works without JavaScript, at phone width first.
import { Form, Link } from "react-router";

export interface AttentionCardView {
  parcelId: number;
  orderId: number;
  trackingId: string;
  name: string;
  phone: string;
  tel: string;
  whatsapp: string;
  city: string;
  courierName: string;
  cn: string;
  why: "attempted" | "stalled";
  /** "Delivery attempted", "In transit"… */
  statusText: string;
  reason: string | null;
  /** "3 days" since the last movement */
  age: string;
  since: string;
  sinceIso: string;
  cod: string;
  canAdvise: boolean;
  /** "Retry asked 21 Nov 2026, 2:05 pm" */
  lastAdvice: string | null;
}

export function AttentionCard({ parcel, busy }: { parcel: AttentionCardView; busy: boolean }) {
  const attempted = parcel.why === "attempted";
  return (
    <li className="space-y-3 bg-white p-4 text-sm ring-1 ring-stone-200" aria-label={`Parcel ${parcel.cn}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="text-base font-semibold">{parcel.name}</p>
        <Link to={`/admin/orders/${parcel.orderId}`} className="underline underline-offset-4">
          Order {parcel.trackingId}
        </Link>
      </div>
      <p
        className={`px-3 py-2 ${attempted ? "bg-amber-50 text-amber-950 ring-1 ring-amber-200" : "bg-stone-100 text-stone-800"}`}
      >
        <span className="block text-xs font-semibold tracking-wide uppercase">
          {attempted ? "Delivery attempted" : `No movement for ${parcel.age}`}
        </span>
        <span className="text-base">
          {parcel.reason ? `${parcel.courierName}: ${parcel.reason}` : `${parcel.courierName}: ${parcel.statusText}`}
        </span>
      </p>
      <div className="grid grid-cols-1 gap-2 sm:flex sm:flex-wrap">
        <a
          href={parcel.tel}
          className="flex min-h-12 items-center justify-center gap-2 bg-emerald-700 px-4 text-lg font-semibold tabular-nums text-white hover:bg-emerald-800"
          aria-label={`Call ${parcel.name} on ${parcel.phone}`}
        >
          <span aria-hidden="true">☎</span> {parcel.phone}
        </a>
        <a
          href={parcel.whatsapp}
          target="_blank"
          rel="noopener noreferrer"
          className="btn-secondary min-h-12"
          aria-label={`WhatsApp ${parcel.name}`}
        >
          WhatsApp
        </a>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-stone-700">
        <dt className="text-stone-600">City</dt>
        <dd>{parcel.city}</dd>
        <dt className="text-stone-600">Courier</dt>
        <dd>
          {parcel.courierName} <span className="font-mono">{parcel.cn}</span>
        </dd>
        <dt className="text-stone-600">Status</dt>
        <dd>{parcel.statusText}</dd>
        <dt className="text-stone-600">Since</dt>
        <dd>
          <time dateTime={parcel.sinceIso} title={parcel.since}>
            {parcel.since}
          </time>
        </dd>
        <dt className="text-stone-600">To collect</dt>
        <dd className="tabular-nums">{parcel.cod}</dd>
      </dl>
      {parcel.lastAdvice && <p className="text-stone-700">{parcel.lastAdvice}</p>}
      <Form method="post" preventScrollReset className="space-y-2" aria-label={`Follow up ${parcel.cn}`}>
        <input type="hidden" name="parcel" value={parcel.parcelId} />
        <input type="hidden" name="cn" value={parcel.cn} />
        {parcel.canAdvise && (
          <label className="block">
            <span className="text-stone-700">Note for {parcel.courierName} (optional)</span>
            <input
              name="note"
              maxLength={200}
              autoComplete="off"
              className="field mt-1"
              placeholder="Shopper home after 5 pm"
            />
          </label>
        )}
        <div className="grid grid-cols-1 gap-2 sm:flex sm:flex-wrap">
          {parcel.canAdvise && (
            <>
              <button
                type="submit"
                name="intent"
                value="retry"
                disabled={busy}
                className="btn-primary min-h-11"
                aria-label={`Ask ${parcel.courierName} to try again: ${parcel.cn}`}
              >
                Ask to try again
              </button>
              <button
                type="submit"
                name="intent"
                value="return"
                disabled={busy}
                className="btn-secondary min-h-11"
                aria-label={`Ask ${parcel.courierName} to return it: ${parcel.cn}`}
              >
                Ask to return it
              </button>
            </>
          )}
          <button
            type="submit"
            name="intent"
            value="poll"
            disabled={busy}
            className="btn-secondary min-h-11"
            aria-label={`Ask ${parcel.courierName} where it is now: ${parcel.cn}`}
          >
            Check with {parcel.courierName} now
          </button>
        </div>
      </Form>
    </li>
  );
}
