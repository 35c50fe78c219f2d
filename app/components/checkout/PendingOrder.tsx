// What checkout shows when an earlier try's answer never arrived and the cart has since gone (the
// order may have cleared it): one button sends the same attempt again for its confirmation.
import type { Ref } from "react";
import { Link } from "react-router";
import { useT } from "../../i18n/t";
import { shopperMessage } from "../../lib/shopper-messages";

export function PendingOrder({
  alert,
  alertRef,
  submitting,
  onResume,
}: {
  alert: { message: string } | null;
  alertRef: Ref<HTMLDivElement>;
  submitting: boolean;
  onResume: () => void;
}) {
  const t = useT();
  return (
    <section className="mx-auto max-w-md py-12 text-center" aria-labelledby="pending-title">
      <h2 id="pending-title" className="font-serif text-2xl">
        {t("Your order may already be placed")}
      </h2>
      <p className="mt-3 text-sm text-stone-700">
        {t(
          "The connection dropped while your order was being sent. Tap below to get its confirmation: it will not be placed twice.",
        )}
      </p>
      {alert && (
        <div
          ref={alertRef}
          tabIndex={-1}
          role="alert"
          className="mt-4 bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-200"
        >
          {shopperMessage(t, alert.message)}
        </div>
      )}
      <button type="button" onClick={onResume} disabled={submitting} className="btn-primary mt-6 w-full">
        {submitting ? t("Placing Order...") : t("Get my order confirmation")}
      </button>
      <Link to={t.path("/collection/all")} className="btn-secondary mt-2 w-full">
        {t("Continue Shopping")}
      </Link>
    </section>
  );
}
