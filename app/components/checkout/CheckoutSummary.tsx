// The checkout's order summary beside the form: what is being ordered, the promo code box, the
// figures, the answer to the last try and the Place Order button.
import type { Ref } from "react";
import type { OrderFigures } from "../../../core/shared/pricing";
import { attributesOf, lineName } from "../CartStates";
import { LeftToRight, money, SummaryLines, WeAccept } from "../OrderSummary";
import { Picture } from "../Picture";
import { lineKey, toPaisa, type CartItem } from "../../lib/cart-store";
import type { useCheckoutVoucher } from "../../lib/use-checkout-voucher";
import { VoucherBox } from "./VoucherBox";
import { useT } from "../../i18n/t";
import { shopperMessage } from "../../lib/shopper-messages";

export interface CheckoutAlert {
  message: string;
  tone: "error" | "warning";
}

function SummaryItem({ item }: { item: CartItem }) {
  const t = useT();
  // the name in the page's language: the Urdu on an Urdu page where there is one
  const name = lineName(item, t);
  const attributes = attributesOf(item.variants, t);
  return (
    <li className="flex gap-3 py-3">
      <div className="relative w-14 shrink-0">
        <Picture url={item.image} alt="" sizes="56px" width={400} />
        <span className="absolute -top-2 -end-2 grid h-5 min-w-5 place-items-center rounded-full bg-stone-700 px-1 text-[11px] font-semibold text-white">
          <span className="sr-only">{t("Quantity")} </span>
          {item.quantity}
        </span>
      </div>
      <div className="min-w-0 flex-1 text-sm">
        <p className="leading-snug" lang={name.lang}>
          {name.text}
        </p>
        {attributes && <p className="text-xs text-stone-600">{attributes}</p>}
        <p className="text-xs text-stone-600">
          <LeftToRight>
            {item.quantity} × {money(toPaisa(item.price))}
          </LeftToRight>
        </p>
      </div>
      <p className="text-sm font-medium">{money(toPaisa(item.price) * item.quantity)}</p>
    </li>
  );
}

export function CheckoutSummary({
  items,
  figures,
  voucher,
  alert,
  alertRef,
  submitting,
}: {
  items: CartItem[];
  figures: OrderFigures;
  voucher: ReturnType<typeof useCheckoutVoucher>;
  alert: CheckoutAlert | null;
  alertRef: Ref<HTMLDivElement>;
  submitting: boolean;
}) {
  const t = useT();
  return (
    <aside aria-labelledby="checkout-summary-title" className="md:sticky md:top-28 md:self-start">
      <section className="space-y-5 bg-white p-5 ring-1 ring-stone-200">
        <h2 id="checkout-summary-title" className="text-xs font-semibold tracking-[0.18em] uppercase">
          {t("Order Summary")}
        </h2>
        <ul className="-mt-3 divide-y divide-stone-100 border-b border-stone-200" aria-label={t("Items in your order")}>
          {items.map((item) => (
            <SummaryItem key={lineKey(item)} item={item} />
          ))}
        </ul>
        <VoucherBox
          key={voucher.uncheckedCode ?? ""}
          initialCode={voucher.uncheckedCode ?? ""}
          applied={voucher.applied}
          onApply={voucher.apply}
          onRemove={voucher.remove}
          error={voucher.error}
          checking={voucher.checking}
        />
        <SummaryLines
          {...figures}
          voucherCode={voucher.applied?.code}
          shippingVoucher={voucher.applied?.freeShipping ?? false}
        />
        {alert && (
          <div
            ref={alertRef}
            tabIndex={-1}
            role="alert"
            className={`p-3 text-sm ${alert.tone === "error" ? "bg-red-50 text-red-900 ring-1 ring-red-200" : "bg-amber-50 text-amber-950 ring-1 ring-amber-300"}`}
          >
            {shopperMessage(t, alert.message)}
          </div>
        )}
        <button type="submit" disabled={submitting} className="btn-primary w-full">
          {submitting ? t("Placing Order...") : t("Place Order")}
        </button>
        <WeAccept />
      </section>
    </aside>
  );
}
