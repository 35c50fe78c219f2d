// The store's three promises (delivery, exchange, cash on delivery) as links under the buy box,
// and the owner's delivery promise from the settings, shown where the shopper decides.
import { Link } from "react-router";
import type { ShippingRule } from "../../../core/shared/pricing";
import { storePromises, type StorePromise } from "../../lib/store-promises";
import { OutlineIcon } from "../OutlineIcon";
import { useT } from "../../i18n/t";

const PROMISE_ICONS: Record<StorePromise["key"], string> = {
  delivery: "M3 7h11v9H3zM14 10h4l3 3v3h-7z",
  exchange: "M4 9h12a4 4 0 0 1 0 8H8M4 9l4-4M4 9l4 4",
  payment: "M3 7h18v10H3zM12 9.5a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z",
};

export function ProductPromises({ shipping, deliveryPromise }: { shipping: ShippingRule; deliveryPromise: string }) {
  const t = useT();
  return (
    <>
      <ul
        className="mt-8 grid grid-cols-3 gap-2 border-y border-stone-200 py-4 text-center text-[11px] font-semibold tracking-[0.12em] uppercase"
        aria-label={t("Our promises")}
      >
        {storePromises(shipping, t).map((promise) => (
          <li key={promise.key}>
            <Link to={t.path(promise.href)} className="flex flex-col items-center gap-2 hover:underline">
              <OutlineIcon size={22} strokeWidth="1.5">
                <path d={PROMISE_ICONS[promise.key]} />
              </OutlineIcon>
              {promise.text}
            </Link>
          </li>
        ))}
      </ul>
      <p className="mt-3 text-center text-sm text-stone-700" data-testid="delivery-promise">
        {/* the shop's usual promise is translated; one the owner wrote stays in their words */}
        {t(deliveryPromise)}
      </p>
    </>
  );
}
