import { useT } from "../i18n/t";
import type { CardProduct } from "../lib/catalog-view.server";
import { ProductCard } from "./ProductCard";

/** The "You might also like" row under a product and under the cart: nothing when there is none. */
export function YouMightAlsoLike({
  products,
  imageAfterLoad = false,
}: {
  products: CardProduct[];
  /** the row starts below the fold wherever the page is: its pictures wait for the page to load */
  imageAfterLoad?: boolean;
}) {
  const t = useT();
  if (products.length === 0) return null;
  return (
    <section aria-labelledby="you-might-also-like" className="mt-16 border-t border-stone-200 py-12">
      <h2 id="you-might-also-like" className="text-center font-serif text-3xl">
        {t("You might also like")}
      </h2>
      <ul className="mt-8 grid grid-cols-2 gap-x-3 gap-y-8 md:grid-cols-4 md:gap-x-6">
        {products.map((p) => (
          <li key={p.id} className="flex">
            <ProductCard product={p} imageAfterLoad={imageAfterLoad} sizes="(min-width: 768px) 22vw, 48vw" />
          </li>
        ))}
      </ul>
    </section>
  );
}
