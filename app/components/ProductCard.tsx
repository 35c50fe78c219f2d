import { contentLang } from "../i18n/content-lang";
import { useId, useMemo, useState } from "react";
import { Link } from "react-router";
import { useT } from "../i18n/t";
import { addToCart } from "../lib/cart";
import { quantityInCart, useCart } from "../lib/cart-store";
import type { CardProduct } from "../lib/catalog-view.server";
import { toast } from "../lib/toast";
import { findCombination, isComplete, optionInStock, type Selection } from "../lib/variants";
import { OptionName } from "./product/OptionName";
import { Picture } from "./Picture";
import { Price } from "./Price";
import { WishlistButton } from "./WishlistButton";

export const CARD_MAX_QUANTITY = 10;

function firstInStock(product: CardProduct): Selection {
  const combo = product.combinations.find((c) => c.stock > 0);
  return combo ? { ...combo.attrs } : {};
}

/**
 * A product in a grid: picture, name, price, and a small buy box with the card rules of spec §5
 * (an in-stock choice, at most min(10, stock minus what is already in the cart)).
 */
export function ProductCard({
  product,
  priority = false,
  imageAfterLoad = false,
  sizes,
}: {
  product: CardProduct;
  /** the page's first cards: the picture is fetched at once, at high priority */
  priority?: boolean;
  /** the card always starts below the fold: its picture waits for the page to load */
  imageAfterLoad?: boolean;
  sizes: string;
}) {
  const [selection, setSelection] = useState<Selection>(() => firstInStock(product));
  const [quantity, setQuantity] = useState(1);
  const [busy, setBusy] = useState(false);
  const t = useT();
  const href = t.path(product.href);
  useCart(); // re-render when the cart changes: the quantity limit depends on it
  const hasVariants = product.options.length > 0;
  const combo = hasVariants ? findCombination(product.combinations, product.options, selection) : null;
  const stock = hasVariants ? (combo?.stock ?? 0) : product.stock;
  const price = combo?.pricePaisa ?? product.pricePaisa;
  const inCart = typeof window === "undefined" ? 0 : quantityInCart(product.id, combo?.id ?? null);
  const maxChoice = Math.max(1, Math.min(CARD_MAX_QUANTITY, stock - inCart));
  const quantities = useMemo(() => Array.from({ length: maxChoice }, (_, i) => i + 1), [maxChoice]);
  const soldOut = product.stock <= 0;

  function choose(type: string, value: string) {
    setSelection((s) => ({ ...s, [type]: value }));
    setQuantity(1);
  }

  async function add() {
    if (hasVariants && (!isComplete(product.options, selection) || !combo || combo.stock <= 0)) {
      toast.error(t("Please select available options"));
      return;
    }
    let wanted = Math.min(quantity, maxChoice);
    if (inCart + wanted > stock) {
      toast.error(
        t.count(
          stock,
          "Only {count} item available in stock. You already have {inCart} in cart.",
          "Only {count} items available in stock. You already have {inCart} in cart.",
          { inCart },
        ),
      );
      wanted = stock - inCart;
      setQuantity(Math.max(1, wanted));
      if (wanted <= 0) return;
    }
    setBusy(true);
    const variants = hasVariants ? { ...selection } : {};
    await addToCart(
      {
        id: product.id,
        // the English name, and the Urdu when the page shows it: the cart shows each in its language
        name: product.englishName ?? product.name,
        name_ur: product.englishName && product.name,
        image: product.image?.url ?? "",
        price: price / 100,
        variant: { size: variants.size, color: variants.color },
        variants,
        combination_id: combo?.id ?? null,
        daraz_link: product.darazLink,
        maxStock: hasVariants ? stock : 999,
      },
      wanted,
    );
    setBusy(false);
    setQuantity(1);
  }

  // one product can be in two sections of a page (home): ids made per card, never per product, so
  // each card's name and its quantity label point at its own heading and box
  const id = useId();
  const headingId = `${id}-name`;
  return (
    <article aria-labelledby={headingId} className="group relative flex flex-col">
      <WishlistButton
        productId={product.id}
        productName={product.name}
        className="absolute top-1.5 end-1.5 z-10 grid h-9 w-9 place-items-center rounded-full bg-white/90 shadow-sm hover:bg-white disabled:opacity-60"
      />
      <Link to={href} className="relative block overflow-hidden" tabIndex={-1} aria-hidden="true">
        <Picture
          url={product.image?.url}
          alt=""
          sizes={sizes}
          priority={priority}
          afterPageLoad={imageAfterLoad}
          className="transition-transform duration-500 group-hover:scale-[1.03]"
        />
        {soldOut && (
          <span className="absolute top-2 start-2 bg-white/90 px-2 py-1 text-[10px] font-semibold tracking-widest uppercase">
            {t("Sold out")}
          </span>
        )}
      </Link>
      <div className="flex flex-1 flex-col pt-3">
        <h3 id={headingId} className="text-sm leading-snug" lang={contentLang(product.name, t.locale)}>
          <Link to={href} className="hover:underline">
            {product.name}
          </Link>
        </h3>
        <div className="mt-1 flex flex-wrap items-baseline gap-x-2">
          <p className="text-sm font-semibold">
            <Price paisa={price} />
          </p>
          {product.comparePricePaisa !== null && product.comparePricePaisa > price && (
            <s className="text-xs text-stone-600">
              <span className="sr-only">{`${t("Was")} `}</span>
              <Price paisa={product.comparePricePaisa} struck />
            </s>
          )}
        </div>
        {product.options.map((group) => (
          <fieldset key={group.type} className="mt-2">
            <legend className="sr-only">
              <OptionName type={group.type} t={t} />
            </legend>
            <div className="flex flex-wrap gap-1">
              {group.values.map((v) => {
                const available = optionInStock(product.combinations, {}, group.type, v.value);
                const active = selection[group.type] === v.value;
                return group.type === "color" && v.hex ? (
                  <button
                    key={v.value}
                    type="button"
                    aria-pressed={active}
                    aria-label={available ? v.value : t("{value} (No Stock)", { value: v.value })}
                    lang={contentLang(v.value, t.locale)}
                    title={v.value}
                    disabled={!available}
                    onClick={() => choose(group.type, v.value)}
                    className={`grid h-7 w-7 place-items-center rounded-full ${active ? "ring-1 ring-ink" : ""} disabled:opacity-30`}
                  >
                    <span
                      className="block h-5 w-5 rounded-full ring-1 ring-black/15"
                      style={{ backgroundColor: v.hex }}
                    />
                  </button>
                ) : (
                  <button
                    key={v.value}
                    type="button"
                    aria-pressed={active}
                    aria-label={available ? v.value : t("{value} (No Stock)", { value: v.value })}
                    lang={contentLang(v.value, t.locale)}
                    disabled={!available}
                    onClick={() => choose(group.type, v.value)}
                    className={`h-7 min-w-7 border px-1.5 text-[11px] ${
                      active ? "border-ink bg-ink text-white" : "border-stone-300 bg-white"
                    } disabled:border-stone-200 disabled:text-stone-400 disabled:line-through`}
                  >
                    {v.value}
                  </button>
                );
              })}
            </div>
          </fieldset>
        ))}
        <div className="mt-auto flex items-stretch gap-1.5 pt-3">
          <label className="sr-only" htmlFor={`${id}-qty`}>
            {t("Quantity")}
          </label>
          <select
            id={`${id}-qty`}
            value={Math.min(quantity, maxChoice)}
            onChange={(e) => setQuantity(Number(e.target.value))}
            disabled={soldOut}
            className="h-10 w-14 shrink-0 border border-stone-300 bg-white px-1 text-sm"
          >
            {quantities.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
          <button
            type="button"
            onClick={add}
            disabled={busy || soldOut}
            className="btn-primary min-h-10 flex-1 px-1 text-[11px] tracking-[0.06em] whitespace-nowrap"
          >
            {soldOut ? t("Sold out") : busy ? t("Adding…") : t("Add to Cart")}
          </button>
        </div>
        <Link
          to={href}
          className="mt-1.5 py-1.5 text-center text-[11px] font-semibold tracking-[0.18em] uppercase underline-offset-4 hover:underline"
        >
          {t("View Details")}
          <span className="sr-only" lang={contentLang(product.name, t.locale)}>
            : {product.name}
          </span>
        </Link>
      </div>
    </article>
  );
}
