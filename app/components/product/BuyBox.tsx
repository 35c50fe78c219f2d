// The product page's buying controls: the option choices, stock and price of the chosen
// combination (fresh from the server), quantity, Add to Cart, Buy it Now, the wishlist heart,
// the Daraz link and Share.
import { contentLang } from "../../i18n/content-lang";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { Price } from "../Price";
import { SizeGuide } from "../SizeGuide";
import { WishlistButton } from "../WishlistButton";
import { api } from "../../lib/api";
import { addToCart } from "../../lib/cart";
import type { ProductView } from "../../lib/product-view.server";
import { sharePage } from "../../lib/share";
import { sizeGuideForChoice } from "../../lib/size-guide";
import { toast } from "../../lib/toast";
import { findCombination, isComplete, optionInStock, type Selection } from "../../lib/variants";
import { OptionName } from "./OptionName";
import { OutlineIcon } from "../OutlineIcon";
import { useT } from "../../i18n/t";

/** spec §5: product-page quantity is a whole number from 1 to 99 */
function clampQuantity(value: unknown): number {
  const n = Math.floor(Number(value));
  if (!Number.isFinite(n) || n < 1) return 1;
  return Math.min(n, 99);
}

export function BuyBox({ product }: { product: ProductView }) {
  const t = useT();
  const navigate = useNavigate();
  const [selection, setSelection] = useState<Selection>({});
  const [quantity, setQuantity] = useState("1");
  const [fresh, setFresh] = useState<{ id: number; stock: number; pricePaisa: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const hasVariants = product.options.length > 0;
  const sizeGuide = sizeGuideForChoice(
    product.sizeGuide,
    product.options.find((g) => g.type === "size")?.values.map((v) => v.value) ?? [],
  );
  const complete = isComplete(product.options, selection);
  const combo = hasVariants ? findCombination(product.combinations, product.options, selection) : null;
  const current = combo && fresh?.id === combo.id ? fresh : combo;
  const stock = hasVariants ? (current?.stock ?? null) : product.stock;
  const pricePaisa = current?.pricePaisa ?? product.pricePaisa;
  const canBuy = (!hasVariants || (complete && current !== null)) && (stock ?? 0) > 0;

  // spec §4: choosing a combination refreshes its stock and price from the server
  const comboId = combo?.id ?? null;
  useEffect(() => {
    if (comboId === null) return;
    let live = true;
    api<{ stock_quantity: number; price: number }>(`/variant-combination/${comboId}/quantity`)
      .then(
        (r) =>
          live && setFresh({ id: comboId, stock: r.stock_quantity, pricePaisa: Math.round(Number(r.price) * 100) }),
      )
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [comboId]);

  function choose(type: string, value: string) {
    setSelection((s) => ({ ...s, [type]: value }));
    setQuantity("1");
  }

  async function add(): Promise<boolean> {
    if (hasVariants && !complete) {
      toast.error(t("Please select all variant options"));
      return false;
    }
    const wanted = clampQuantity(quantity);
    setBusy(true);
    const ok = await addToCart(
      {
        id: product.id,
        // the English name, and the Urdu when the page shows it: the cart shows each in its language
        name: product.englishName ?? product.name,
        name_ur: product.englishName && product.name,
        image: product.images[0]?.url ?? "",
        price: pricePaisa / 100,
        variant: { size: selection.size, color: selection.color },
        variants: hasVariants ? { ...selection } : {},
        combination_id: combo?.id ?? null,
        daraz_link: product.darazLink,
        maxStock: hasVariants ? (stock ?? 999) : 999,
      },
      wanted,
    );
    setBusy(false);
    return ok;
  }

  return (
    <div>
      {product.options.map((group) => (
        // the legend is the fieldset's first child, so it names the group ("Size", "Color"); the
        // size guide sits beside it on the same line, outside the name
        <fieldset key={group.type} className="relative mt-6">
          <legend className="text-xs font-semibold tracking-[0.18em] uppercase">
            <OptionName type={group.type} t={t} />
            {selection[group.type] && (
              <span className="ms-2 font-normal tracking-normal normal-case">{selection[group.type]}</span>
            )}
          </legend>
          {group.type === "size" && sizeGuide && (
            <div className="absolute top-0 end-0">
              <SizeGuide guide={sizeGuide} />
            </div>
          )}
          <div className="mt-2 flex flex-wrap gap-2">
            {group.values.map((v) => {
              const available = optionInStock(product.combinations, selection, group.type, v.value);
              const active = selection[group.type] === v.value;
              return (
                <button
                  key={v.value}
                  type="button"
                  aria-pressed={active}
                  onClick={() => choose(group.type, v.value)}
                  className={`relative inline-flex min-h-11 min-w-11 items-center justify-center gap-2 border px-3 text-sm ${
                    active ? "border-ink ring-1 ring-ink" : "border-stone-300 hover:border-ink"
                  } ${available ? "bg-white" : "bg-stone-100 text-stone-600"}`}
                >
                  {v.hex && group.type === "color" && (
                    <span
                      aria-hidden="true"
                      className="h-4 w-4 rounded-full ring-1 ring-black/15"
                      style={{ backgroundColor: v.hex }}
                    />
                  )}
                  <span className={available ? "" : "line-through"} lang={contentLang(v.value, t.locale)}>
                    {v.value}
                  </span>
                  {!available && <span className="text-[10px] tracking-wide uppercase">{t("No Stock")}</span>}
                </button>
              );
            })}
          </div>
        </fieldset>
      ))}
      {!hasVariants && <div className="mt-4" />}

      <p className="mt-4 min-h-5 text-sm" aria-live="polite" data-testid="stock">
        {stock === null ? (
          <span className="text-stone-600">{t("Choose your options")}</span>
        ) : stock > 0 ? (
          <span className="text-emerald-800">{t("{count} in stock", { count: stock })}</span>
        ) : (
          <span className="text-red-800">{t("Out of stock")}</span>
        )}
      </p>
      {hasVariants && complete && current && current.pricePaisa !== product.pricePaisa && (
        <p className="mt-1 text-sm">
          {t("Price for this choice:")} <Price paisa={current.pricePaisa} />
        </p>
      )}

      <div className="mt-4 flex items-stretch gap-2">
        <label htmlFor="quantity" className="sr-only">
          {t("Quantity")}
        </label>
        <div className="flex border border-stone-300 bg-white">
          <button
            type="button"
            aria-label={t("Decrease quantity")}
            onClick={() => setQuantity(String(clampQuantity(Number(quantity) - 1)))}
            className="w-10 text-lg"
          >
            −
          </button>
          <input
            id="quantity"
            type="number"
            inputMode="numeric"
            min={1}
            max={99}
            value={quantity}
            onChange={(e) => setQuantity(e.target.value)}
            onBlur={() => setQuantity(String(clampQuantity(quantity)))}
            className="w-12 [appearance:textfield] text-center text-sm [&::-webkit-inner-spin-button]:appearance-none"
          />
          <button
            type="button"
            aria-label={t("Increase quantity")}
            onClick={() => setQuantity(String(clampQuantity(Number(quantity) + 1)))}
            className="w-10 text-lg"
          >
            +
          </button>
        </div>
        <button type="button" onClick={add} disabled={!canBuy || busy} className="btn-primary flex-1">
          {busy ? t("Adding…") : t("Add to Cart")}
        </button>
        <WishlistButton
          productId={product.id}
          className="grid w-12 place-items-center border border-stone-300 bg-white hover:border-ink"
        />
      </div>
      <button
        type="button"
        disabled={!canBuy || busy}
        onClick={async () => {
          if (await add()) navigate(t.path("/checkout"));
        }}
        className="btn-secondary mt-2 w-full"
      >
        {t("Buy it Now")}
      </button>
      {product.darazLink && (
        <a
          href={product.darazLink}
          target="_blank"
          rel="noopener noreferrer"
          className="btn-secondary mt-2 w-full border-[#b33d00] text-[#9a3400] hover:bg-[#9a3400]"
        >
          {t("Buy on Daraz")}
        </a>
      )}
      {/* written out here rather than ShareButton: sharing that component with the blog would give
          both pages one more script to load */}
      <button
        type="button"
        onClick={() => sharePage(product.name, t)}
        className="mt-4 inline-flex items-center gap-2 text-xs font-semibold tracking-[0.18em] uppercase hover:underline"
      >
        <OutlineIcon size={16} strokeWidth="1.8">
          <path d="M12 3v12M7 8l5-5 5 5M5 14v6h14v-6" />
        </OutlineIcon>
        {t("Share")}
      </button>
    </div>
  );
}
