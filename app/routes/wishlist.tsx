// The wishlist (spec §2 Wishlist, §4): saved products with their stock, the date they were saved,
// and Move to Cart, Add to Cart and remove. Read from the API with the stored token after load;
// without a token nothing is fetched and the list is empty.
import { Fragment, type ReactNode, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { Price } from "../components/Price";
import { Picture } from "../components/Picture";
import { ApiError, api, authToken, errorText } from "../lib/api";
import { addToCart } from "../lib/cart";
import { useCartCount } from "../lib/cart-store";
import { pageMeta, publicPageHeaders } from "../lib/seo";
import { clearSession, loginHref, useSignedIn } from "../lib/session";
import { useHydrated } from "../lib/use-hydrated";
import type { ShellData } from "../lib/shell.server";
import { toast } from "../lib/toast";
import { forgetWishlistId, setWishlistIds } from "../lib/wishlist";
import { localeOfPath } from "../i18n/locales";
import { translatorIn, useT } from "../i18n/t";
import type { Route } from "./+types/wishlist";

export const headers = publicPageHeaders;

export function meta({ matches, location }: Route.MetaArgs) {
  const shell = matches[0]?.data as ShellData | undefined;
  const t = translatorIn(localeOfPath(location.pathname));
  return pageMeta(shell?.seo, {
    title: `${t("My Wishlist")} | ${shell?.siteName ?? ""}`,
    path: "/wishlist",
    noindex: true,
    locale: t.locale,
  });
}

interface ApiCombination {
  id: number;
  combination_name: string;
  variant_attributes: string;
  price: number;
  stock_quantity: number;
  is_available: boolean;
}

interface Entry {
  product_id: number;
  added_at: string;
  product: {
    id: number;
    name: string;
    description: string;
    custom_url: string | null;
    price: number;
    image_url: string | null;
    stock_quantity: number;
    daraz_link: string | null;
    variant_combinations: ApiCombination[];
  };
}

/** spec §9: "Added!" shows on the button for one second */
const ADDED_FLASH_MS = 1000;

const paisa = (rupees: number) => Math.round(Number(rupees) * 100);

// the day a product was saved, in the page's language and in Pakistan time ("28 نومبر، 2026")
const dayFormats = new Map<string, Intl.DateTimeFormat>();
function savedOn(tag: string, iso: string): string {
  let format = dayFormats.get(tag);
  if (!format) {
    format = new Intl.DateTimeFormat(tag, { day: "numeric", month: "long", year: "numeric", timeZone: "Asia/Karachi" });
    dayFormats.set(tag, format);
  }
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : format.format(date);
}

/** A translated sentence with elements where its {placeholders} are (bold figures inside words). */
function withParts(text: string, parts: Record<string, ReactNode>): ReactNode[] {
  return text
    .split(/\{(\w+)\}/)
    .map((piece, i) => (i % 2 === 1 ? <Fragment key={i}>{parts[piece] ?? `{${piece}}`}</Fragment> : piece));
}

function plainText(text: string): string {
  return text
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

function attributesOf(combo: ApiCombination): Record<string, string> {
  try {
    const value: unknown = JSON.parse(combo.variant_attributes);
    return value && typeof value === "object" ? (value as Record<string, string>) : {};
  } catch {
    return {};
  }
}

function inStockCombos(entry: Entry): ApiCombination[] {
  return entry.product.variant_combinations.filter((c) => c.is_available && c.stock_quantity > 0);
}

function isInStock(entry: Entry): boolean {
  return entry.product.stock_quantity > 0;
}

function WishlistCard({ entry, onRemoved }: { entry: Entry; onRemoved: (id: number) => void }) {
  const t = useT();
  const { product } = entry;
  const hasVariants = product.variant_combinations.length > 0;
  const options = inStockCombos(entry);
  const [comboId, setComboId] = useState<number | null>(options[0]?.id ?? null);
  const [flash, setFlash] = useState<"add" | "move" | null>(null);
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const combo = options.find((c) => c.id === comboId) ?? null;
  const inStock = isInStock(entry) && (!hasVariants || options.length > 0);
  const href = t.path(product.custom_url ? `/p/${encodeURIComponent(product.custom_url)}` : `/product/${product.id}`);
  const pricePaisa = combo ? paisa(combo.price) : paisa(product.price);

  async function add(): Promise<boolean> {
    const variants = combo ? attributesOf(combo) : {};
    return addToCart(
      {
        id: product.id,
        name: product.name,
        image: product.image_url ?? "",
        price: pricePaisa / 100,
        variant: { size: variants.size, color: variants.color },
        variants,
        combination_id: combo?.id ?? null,
        daraz_link: product.daraz_link,
        maxStock: combo ? combo.stock_quantity : 999,
      },
      1,
    );
  }

  async function remove(quiet = false) {
    try {
      await api(`/users/wishlist/${product.id}`, { method: "DELETE", auth: true });
      forgetWishlistId(product.id);
      onRemoved(product.id);
      if (!quiet) toast.success("Removed from wishlist");
    } catch (error) {
      toast.error(errorText(error, "Failed to remove from wishlist"));
    }
  }

  async function run(kind: "add" | "move") {
    setBusy(true);
    const ok = await add();
    setBusy(false);
    if (!ok) return;
    setFlash(kind);
    timer.current = setTimeout(() => {
      setFlash(null);
      // spec §4: Move to Cart adds to the cart, then removes from the wishlist
      if (kind === "move") void remove(true);
    }, ADDED_FLASH_MS);
  }

  const headingId = `wish-${product.id}`;
  return (
    <article aria-labelledby={headingId} className="flex h-full flex-col bg-white ring-1 ring-stone-200">
      <Link to={href} tabIndex={-1} aria-hidden="true" className="relative block">
        <Picture url={product.image_url} alt="" sizes="(min-width: 768px) 30vw, 48vw" width={400} />
        <span
          className={`absolute top-2 start-2 px-2 py-1 text-[10px] font-semibold tracking-widest uppercase ${
            inStock ? "bg-white/90 text-emerald-800" : "bg-ink text-white"
          }`}
        >
          {inStock ? t("In Stock") : t("Out of Stock")}
        </span>
      </Link>
      <div className="flex flex-1 flex-col p-3 md:p-4">
        <h2 id={headingId} className="text-sm leading-snug font-semibold md:text-base">
          <Link to={href} className="hover:underline">
            {product.name}
          </Link>
        </h2>
        {/* the product's own words, in their own direction (an English one is cut at its end) */}
        <p dir="auto" className="mt-1 line-clamp-2 text-xs text-stone-600 md:text-sm">
          {plainText(product.description)}
        </p>
        <p className="mt-2 text-sm font-semibold">
          <Price paisa={pricePaisa} />
        </p>
        <p className="mt-0.5 text-xs text-stone-600">{t("Added {date}", { date: savedOn(t.tag, entry.added_at) })}</p>
        <p className="sr-only">{inStock ? t("In Stock") : t("Out of Stock")}</p>
        {hasVariants && options.length > 0 && (
          <div className="mt-2">
            <label htmlFor={`option-${product.id}`} className="sr-only">
              {t("Option for {name}", { name: product.name })}
            </label>
            <select
              id={`option-${product.id}`}
              value={comboId ?? ""}
              onChange={(e) => setComboId(Number(e.target.value))}
              className="h-9 w-full border border-stone-300 bg-white px-2 text-xs"
            >
              {options.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.combination_name || Object.values(attributesOf(c)).join(" / ")}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="mt-auto grid gap-1.5 pt-3">
          {inStock && (
            <button
              type="button"
              onClick={() => run("add")}
              disabled={busy || flash !== null}
              className="btn-primary min-h-10 px-2 text-[11px] tracking-[0.1em]"
            >
              {flash === "add" ? t("Added!") : t("Add to Cart")}
            </button>
          )}
          <button
            type="button"
            onClick={() => run("move")}
            disabled={!inStock || busy || flash !== null}
            className="btn-secondary min-h-10 px-2 text-[11px] tracking-[0.1em]"
          >
            {flash === "move" ? t("Added!") : t("Move to Cart")}
          </button>
          <button
            type="button"
            onClick={() => remove()}
            aria-label={t("Remove {name} from wishlist", { name: product.name })}
            className="min-h-9 text-[11px] font-semibold tracking-[0.18em] text-stone-600 uppercase underline-offset-4 hover:text-ink hover:underline"
          >
            {t("Remove")}
          </button>
        </div>
      </div>
    </article>
  );
}

export default function WishlistPage() {
  const t = useT();
  const signedIn = useSignedIn();
  const cartCount = useCartCount();
  const [loaded, setLoaded] = useState<Entry[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const hydrated = useHydrated();
  // spec §2: without a token nothing is fetched and the list is empty
  const entries = !hydrated ? null : signedIn ? loaded : [];

  useEffect(() => {
    if (!authToken()) return;
    let live = true;
    api<Entry[]>("/users/wishlist", { auth: true })
      .then((list) => {
        if (!live) return;
        setLoaded(list);
        setWishlistIds(list.map((e) => e.product_id));
      })
      .catch((error: unknown) => {
        if (!live) return;
        if (error instanceof ApiError && error.status === 401) {
          clearSession();
          setLoaded([]);
          return;
        }
        setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [attempt, signedIn]);

  function retry() {
    setFailed(false);
    setLoaded(null);
    setAttempt((n) => n + 1);
  }

  const available = entries?.filter((e) => isInStock(e)).length ?? 0;
  const removeEntry = (id: number) => setLoaded((list) => list?.filter((e) => e.product_id !== id) ?? null);

  return (
    <main className="mx-auto max-w-7xl px-4 py-8 md:px-8 md:py-12">
      <p className="eyebrow">{t("Saved for later")}</p>
      <h1 className="mt-2 font-serif text-3xl md:text-4xl">{t("My Wishlist")}</h1>
      {failed ? (
        <div className="mt-8" role="alert">
          <p className="text-sm text-red-800">{t("Failed to load your wishlist. Please try again.")}</p>
          <button type="button" onClick={retry} className="btn-secondary mt-4">
            {t("Try Again")}
          </button>
        </div>
      ) : entries === null ? (
        <p className="mt-8 text-sm text-stone-600" aria-live="polite">
          {t("Loading your wishlist…")}
        </p>
      ) : entries.length === 0 ? (
        <div className="mt-8 bg-white p-8 text-center ring-1 ring-stone-200 md:p-12">
          <p className="font-serif text-2xl">{t("Your wishlist is empty")}</p>
          {signedIn ? (
            <p className="mt-2 text-sm text-stone-600">
              {t("Tap the heart on any product to save it here for later.")}
            </p>
          ) : (
            <p className="mt-2 text-sm text-stone-600">{t("Sign in to see the products you saved, on any device.")}</p>
          )}
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            {!signedIn && (
              <Link to={t.path(loginHref(t.path("/wishlist")))} className="btn-primary">
                {t("Sign In")}
              </Link>
            )}
            <Link to={t.path("/collection/all")} className={signedIn ? "btn-primary" : "btn-secondary"}>
              {t("Continue Shopping")}
            </Link>
          </div>
        </div>
      ) : (
        <>
          <ul
            aria-label={t("Saved products")}
            className="mt-8 grid grid-cols-2 gap-3 md:grid-cols-3 md:gap-6 lg:grid-cols-4"
          >
            {entries.map((entry) => (
              <li key={entry.product_id}>
                <WishlistCard entry={entry} onRemoved={removeEntry} />
              </li>
            ))}
          </ul>
        </>
      )}
      {entries && entries.length > 0 && (
        <footer
          aria-label={t("Wishlist summary")}
          className="mt-10 flex flex-wrap items-center justify-between gap-4 border-t border-stone-200 pt-6 text-sm"
        >
          <p data-testid="wishlist-counts">
            {withParts(t.count(entries.length, "{figures} item available", "{figures} items available"), {
              figures: (
                <span className="font-semibold">
                  {t("{available} of {count}", { available, count: entries.length })}
                </span>
              ),
            })}
            {" · "}
            {withParts(t.count(cartCount, "{figure} item in your cart", "{figure} items in your cart"), {
              figure: <span className="font-semibold">{cartCount}</span>,
            })}
          </p>
          <div className="grid w-full gap-2 md:flex md:w-auto md:gap-3">
            <Link to={t.path("/cart")} className="btn-primary md:order-last">
              {t("View Cart")}
            </Link>
            <Link to={t.path("/collection/all")} className="btn-secondary">
              {t("Continue Shopping")}
            </Link>
          </div>
        </footer>
      )}
    </main>
  );
}
