import type { ReactNode } from "react";
import { Link } from "react-router";
import { contentLang } from "../i18n/content-lang";
import { useT, type Translator } from "../i18n/t";
import type { CartItem } from "../lib/cart-store";
import { OutlineIcon } from "./OutlineIcon";
import { OptionName } from "./product/OptionName";

// the placeholder and the empty state take the same room, so nothing below them moves (CLS)
const STATE_BOX = "min-h-[22rem] py-16";

/**
 * A cart line's product name as the page shows it: on an Urdu page the Urdu where staff wrote one,
 * else the English marked lang="en"; English pages always the English.
 */
export function lineName(item: Pick<CartItem, "name" | "name_ur">, t: Translator): { text: string; lang?: "en" } {
  const text = (t.locale === "ur" && item.name_ur) || item.name;
  return { text, lang: contentLang(text, t.locale) };
}

/**
 * "Size: M · Colour: Black": the option's name in the page's language, its value as the shop wrote
 * it; on an Urdu page an owner's English word (a type she made up, a value) is marked lang="en".
 * Null when the line has no options.
 */
export function attributesOf(variants: Record<string, string>, t: Translator): ReactNode {
  const chosen = Object.entries(variants).filter(([, value]) => value);
  return chosen.length > 0
    ? chosen.map(([type, value], i) => [
        i > 0 && " · ",
        <OptionName key="n" type={type} t={t} />,
        ": ",
        <span key="v" lang={contentLang(value, t.locale)}>
          {value}
        </span>,
      ])
    : null;
}

/** spec §2: "Your cart is empty" with Continue Shopping (cart and checkout). */
export function EmptyCart() {
  const t = useT();
  return (
    <div className={`${STATE_BOX} mx-auto max-w-md text-center`}>
      <OutlineIcon size={48} strokeWidth="1.2" className="mx-auto text-stone-400">
        <path d="M5 8h14l-1 12H6L5 8Z" />
        <path d="M9 8V6a3 3 0 0 1 6 0v2" />
      </OutlineIcon>
      <p className="mt-4 font-serif text-2xl">{t("Your cart is empty")}</p>
      <p className="mt-2 text-sm text-stone-600">{t("Lawn, kurtis, formals and more are waiting for you.")}</p>
      <Link to={t.path("/collection/all")} className="btn-primary mt-8">
        {t("Continue Shopping")}
      </Link>
    </div>
  );
}

/** Until the browser has read the cart: never a wrong "empty" flash. */
export function CartLoading({ text = "Loading your cart…" }: { text?: string }) {
  const t = useT();
  return (
    <div className={`${STATE_BOX} grid place-items-center text-center text-sm text-stone-600`}>
      <p role="status">{t(text)}</p>
      <noscript>
        <p>{t("Your cart is kept in your browser: please turn on JavaScript to see it and check out.")}</p>
      </noscript>
    </div>
  );
}
