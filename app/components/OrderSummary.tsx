import { formatRupees } from "../../core/shared/money";
import type { ReactNode } from "react";
import type { Locale } from "../i18n/locales";
import { useT } from "../i18n/t";
import { PaysInRupees } from "./Price";
import { OutlineIcon } from "./OutlineIcon";
import { MessageWith } from "./Sentence";

/** Cart money shows 2 decimals (spec §9). */
export const money = (paisa: number) => formatRupees(paisa, { decimals: true });

/**
 * Subtotal, discount, shipping and total (spec §2). Shipping reads "FREE" when the fee is 0 and
 * "FREE (Voucher Applied)" with a shipping voucher.
 */
export function SummaryLines({
  subtotalPaisa,
  shippingPaisa,
  discountPaisa,
  totalPaisa,
  voucherCode = null,
  shippingVoucher = false,
}: {
  subtotalPaisa: number;
  shippingPaisa: number;
  discountPaisa: number;
  totalPaisa: number;
  voucherCode?: string | null;
  shippingVoucher?: boolean;
}) {
  const t = useT();
  // amounts read left to right inside an Urdu page: "−Rs. 200.00", never "Rs. 200.00−"
  const ltr = ltrIn(t.locale);
  return (
    <>
      <dl className="space-y-2.5 text-sm" aria-label={t("Order summary")}>
        <div className="flex justify-between gap-4">
          <dt className="text-stone-600">{t("Subtotal")}</dt>
          <dd data-testid="subtotal" dir={ltr}>
            {money(subtotalPaisa)}
          </dd>
        </div>
        {discountPaisa > 0 && (
          <div className="flex justify-between gap-4 text-emerald-800">
            <dt>
              {t("Discount")}
              {voucherCode ? ` (${voucherCode})` : ""}
            </dt>
            <dd data-testid="discount" dir={ltr}>
              −{money(discountPaisa)}
            </dd>
          </div>
        )}
        <div className="flex justify-between gap-4">
          <dt className="text-stone-600">{t("Shipping")}</dt>
          <dd
            data-testid="shipping"
            className={shippingPaisa === 0 ? "font-semibold text-emerald-800" : ""}
            dir={shippingPaisa === 0 || shippingVoucher ? undefined : ltr}
          >
            {shippingVoucher ? t("FREE (Voucher Applied)") : shippingPaisa === 0 ? t("FREE") : money(shippingPaisa)}
          </dd>
        </div>
        <div className="flex justify-between gap-4 border-t border-stone-200 pt-3 text-base font-semibold">
          <dt>{t("Total")}</dt>
          <dd data-testid="total" dir={ltr}>
            {money(totalPaisa)}
          </dd>
        </div>
      </dl>
      {/* a shopper who chose dollars reads that these are rupees (decision 0091) */}
      <PaysInRupees className="mt-3" />
    </>
  );
}

/** spec §2: the "We accept" line; cash on delivery is the only way to pay (spec §9). */
export function WeAccept() {
  const t = useT();
  return (
    <p className="flex items-center justify-center gap-2 text-xs text-stone-600">
      <span>{t("We accept")}</span>
      <span className="inline-flex items-center gap-1.5 border border-stone-300 bg-white px-2 py-1 font-semibold text-ink">
        <OutlineIcon size={16} strokeWidth="1.6">
          <rect x="2.5" y="6" width="19" height="12" rx="1.5" />
          <circle cx="12" cy="12" r="2.5" />
          <path d="M6 9.5v5M18 9.5v5" />
        </OutlineIcon>
        {t("Cash on Delivery")}
      </span>
    </p>
  );
}

/** spec §2: how far the cart is from free shipping; nothing when the store sets no threshold. */
export function FreeShippingBar({
  subtotalPaisa,
  thresholdPaisa,
}: {
  subtotalPaisa: number;
  thresholdPaisa: number | null;
}) {
  const t = useT();
  if (thresholdPaisa === null || thresholdPaisa <= 0) return null;
  const missing = thresholdPaisa - subtotalPaisa;
  const percent = Math.min(100, Math.floor((subtotalPaisa / thresholdPaisa) * 100));
  return (
    <div className="bg-white p-4 ring-1 ring-stone-200">
      <p className="text-sm" id="free-shipping-text">
        {missing > 0 ? (
          <MessageWith message={t("{amount} more for free shipping")} name="amount">
            <strong dir={ltrIn(t.locale)}>{money(missing)}</strong>
          </MessageWith>
        ) : (
          <strong className="text-emerald-800">{t("Your order ships free")}</strong>
        )}
      </p>
      <div
        role="progressbar"
        aria-labelledby="free-shipping-text"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="mt-2 h-1.5 overflow-hidden rounded-full bg-stone-200"
      >
        <div
          className={`h-full rounded-full ${missing > 0 ? "bg-accent" : "bg-emerald-700"}`}
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}

/**
 * dir for an amount, a phone number or an ID on its own inside the page's words: left to right on
 * an Urdu page, and nothing on an English one (whose text already runs that way).
 */
export const ltrIn = (locale: Locale) => (locale === "en" ? undefined : "ltr");

/** Words that must read left to right ("2 × Rs. 1,200.00") kept so inside an Urdu sentence. */
export function LeftToRight({ children }: { children: ReactNode }) {
  const t = useT();
  return t.locale === "en" ? <>{children}</> : <span dir="ltr">{children}</span>;
}
