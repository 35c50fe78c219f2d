import { useEffect, useState } from "react";
import { Link } from "react-router";
import { recommendedProducts } from "../../core/catalog/products";
import { getSiteSettings } from "../../core/settings/site-settings";
import { attributesOf, CartLoading, EmptyCart, lineName } from "../components/CartStates";
import { FreeShippingBar, money, SummaryLines, WeAccept } from "../components/OrderSummary";
import { Picture } from "../components/Picture";
import { YouMightAlsoLike } from "../components/YouMightAlsoLike";
import { reloadCart, removeFromCart, updateQuantity } from "../lib/cart";
import { cartFigures, lineKey, toPaisa, useCart, type CartItem } from "../lib/cart-store";
import { toCard } from "../lib/catalog-view.server";
import { pageMeta, publicPageHeaders } from "../lib/seo";
import type { ShellData } from "../lib/shell.server";
import { useHydrated } from "../lib/use-hydrated";
import { localeOfPath } from "../i18n/locales";
import { translatorIn, translatorOf, useT } from "../i18n/t";
import type { Route } from "./+types/cart";

// the page is the same for everyone: the cart itself fills in from the browser (design.md)
export const headers = publicPageHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale } = translatorOf(request);
  const [settings, recommended] = await Promise.all([
    getSiteSettings(context.core),
    recommendedProducts(context.core, 4).catch(() => []),
  ]);
  return {
    shipping: { feePaisa: settings.effectiveShippingFeePaisa, freeThresholdPaisa: settings.freeShippingThresholdPaisa },
    // their names in the page's language where staff wrote Urdu (decision 0111)
    recommended: recommended.map((p) => toCard(p, locale)),
  };
}

export function meta({ matches, location }: Route.MetaArgs) {
  const shell = matches[0]?.data as ShellData | undefined;
  const t = translatorIn(localeOfPath(location.pathname));
  return pageMeta(shell?.seo, {
    title: `${t("Your Cart")} | ${shell?.siteName ?? ""}`,
    path: "/cart",
    noindex: true,
    locale: t.locale,
  });
}

function CartLine({ item }: { item: CartItem }) {
  const t = useT();
  const key = lineKey(item);
  const [busy, setBusy] = useState(false);
  const unitPaisa = toPaisa(item.price);
  // the name in the page's language: the Urdu on an Urdu page where there is one
  const name = lineName(item, t);
  const attributes = attributesOf(item.variants, t);
  // spec §5: plus stops at maxStock ("Only {n} available"), minus at 1
  const atMax = item.quantity >= item.maxStock;
  const href = t.path(`/product/${item.id}`);

  async function run(action: () => Promise<void>) {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className="flex gap-4 py-5" aria-label={name.text} aria-busy={busy}>
      <Link to={href} tabIndex={-1} aria-hidden="true" className="w-20 shrink-0 md:w-28">
        <Picture url={item.image} alt="" sizes="112px" width={400} />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 className="text-sm leading-snug font-medium md:text-base" lang={name.lang}>
              <Link to={href} className="hover:underline">
                {name.text}
              </Link>
            </h2>
            {attributes && <p className="mt-1 text-xs text-stone-600">{attributes}</p>}
            <p className="mt-1 text-sm text-stone-700">
              {money(unitPaisa)} <span className="text-xs text-stone-500">{t("each")}</span>
            </p>
          </div>
          <p className="shrink-0 text-sm font-semibold" data-testid="line-total">
            <span className="sr-only">{t("Line total")} </span>
            {money(unitPaisa * item.quantity)}
          </p>
        </div>
        <div className="mt-auto flex items-center justify-between gap-3 pt-3">
          <div
            className="flex items-center border border-stone-300 bg-white"
            role="group"
            aria-label={t("Quantity of {name}", { name: name.text })}
          >
            <button
              type="button"
              aria-label={t("Decrease quantity of {name}", { name: name.text })}
              disabled={busy || item.quantity <= 1}
              onClick={() => run(() => updateQuantity(key, item.quantity - 1))}
              className="grid h-10 w-10 place-items-center text-lg disabled:text-stone-300"
            >
              −
            </button>
            <output className="w-9 text-center text-sm tabular-nums" aria-live="polite" data-testid="quantity">
              {item.quantity}
            </output>
            <button
              type="button"
              aria-label={t("Increase quantity of {name}", { name: name.text })}
              disabled={busy || atMax}
              onClick={() => run(() => updateQuantity(key, item.quantity + 1))}
              className="grid h-10 w-10 place-items-center text-lg disabled:text-stone-300"
            >
              +
            </button>
          </div>
          <button
            type="button"
            onClick={() => run(() => removeFromCart(key))}
            disabled={busy}
            className="text-xs font-semibold tracking-[0.15em] text-stone-600 uppercase underline-offset-4 hover:text-ink hover:underline"
          >
            {t("Remove")}
            <span className="sr-only" lang={name.lang}>
              {" "}
              {name.text}
            </span>
          </button>
        </div>
        {atMax && (
          <p className="mt-2 text-xs text-amber-800">{t("Only {count} available", { count: item.maxStock })}</p>
        )}
      </div>
    </li>
  );
}

export default function CartPage({ loaderData }: Route.ComponentProps) {
  const { shipping, recommended } = loaderData;
  const t = useT();
  const hydrated = useHydrated();
  const items = useCart();
  // the cart page always shows today's prices and stock
  useEffect(() => {
    void reloadCart();
  }, []);
  const figures = cartFigures(items, shipping);
  const count = items.reduce((sum, i) => sum + i.quantity, 0);

  return (
    <main className="mx-auto max-w-7xl px-4 pt-6 md:px-8 md:pt-10">
      <h1 className="font-serif text-3xl md:text-4xl">
        {t("Your Cart")}
        {hydrated && count > 0 && (
          <span className="ms-3 align-middle font-sans text-sm text-stone-600">
            {t.count(count, "{count} item", "{count} items")}
          </span>
        )}
      </h1>
      {!hydrated ? (
        <CartLoading />
      ) : items.length === 0 ? (
        <EmptyCart />
      ) : (
        <div className="mt-6 grid gap-8 md:grid-cols-[minmax(0,1fr)_22rem] md:gap-12">
          <ul className="divide-y divide-stone-200 border-y border-stone-200" aria-label={t("Cart items")}>
            {items.map((item) => (
              <CartLine key={lineKey(item)} item={item} />
            ))}
          </ul>
          <aside aria-labelledby="summary-title" className="space-y-4 md:sticky md:top-28 md:self-start">
            <FreeShippingBar subtotalPaisa={figures.subtotalPaisa} thresholdPaisa={shipping.freeThresholdPaisa} />
            <section className="bg-white p-5 ring-1 ring-stone-200">
              <h2 id="summary-title" className="mb-4 text-xs font-semibold tracking-[0.18em] uppercase">
                {t("Order Summary")}
              </h2>
              <SummaryLines {...figures} />
              <Link to={t.path("/checkout")} className="btn-primary mt-5 w-full">
                {t("Proceed to Checkout")}
              </Link>
              <Link to={t.path("/collection/all")} className="btn-secondary mt-2 w-full">
                {t("Continue Shopping")}
              </Link>
              <div className="mt-4">
                <WeAccept />
              </div>
            </section>
          </aside>
        </div>
      )}

      <YouMightAlsoLike products={recommended} />
    </main>
  );
}
