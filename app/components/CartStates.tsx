import { Link } from "react-router";
import { useT, type Translator } from "../i18n/t";
import { label } from "../lib/variants";
import { OutlineIcon } from "./OutlineIcon";

// the placeholder and the empty state take the same room, so nothing below them moves (CLS)
const STATE_BOX = "min-h-[22rem] py-16";

/** "Size: M · Colour: Black"; the option's name in the page's language, its value as the shop wrote it */
export function attributesText(variants: Record<string, string>, t?: Translator): string {
  return Object.entries(variants)
    .filter(([, value]) => value)
    .map(([type, value]) => `${t ? t(label(type)) : label(type)}: ${value}`)
    .join(" · ");
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
