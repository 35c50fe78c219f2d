// The new order page's "Find items" panel: a GET form that searches what is on sale (the chosen
// lines ride along as hidden fields), and for each product found its sizes and colours with the
// stock left and an Add link, which puts the line in the address; so it works without JavaScript.
import { Form, Link } from "react-router";
import type { CatalogueMatch } from "../../../core/orders/manual-order";
import { formatRupees } from "../../../core/shared/money";
import { lineKey, type ChosenLineView, type NewOrderHref } from "../../lib/manual-order-form";
import { Panel } from "./Fields";
import { ProductSearchField } from "./ProductSearchField";

export function OrderNewSearch({
  q,
  lines,
  results,
  href,
}: {
  q: string | null;
  lines: ChosenLineView[];
  results: CatalogueMatch[];
  href: NewOrderHref;
}) {
  const chosen = new Set(lines.map((l) => l.key));
  return (
    <Panel title="Find items">
      <Form method="get" className="flex gap-2" aria-label="Find items" preventScrollReset>
        {lines.map((line) => (
          <input key={line.key} type="hidden" name="item" value={line.param} />
        ))}
        <ProductSearchField defaultValue={q ?? ""} placeholder="Product name or number" />
      </Form>
      {q !== null && (
        <ul className="mt-4 divide-y divide-stone-200" aria-label="Found items">
          {results.length === 0 && <li className="py-3 text-sm text-stone-700">Nothing on sale matches.</li>}
          {results.map((product) => (
            <li key={product.id} className="py-3 text-sm">
              <p className="font-semibold">
                {product.name} <span className="font-normal text-stone-600">#{product.id}</span>
              </p>
              <ul className="mt-2 space-y-2">
                {(product.combinations.length > 0
                  ? product.combinations.map((c) => ({
                      key: lineKey({ productId: product.id, combinationId: c.id }),
                      combinationId: c.id as number | null,
                      label: c.name,
                      price: c.pricePaisa,
                      stock: c.available ? c.stock : 0,
                    }))
                  : [
                      {
                        key: lineKey({ productId: product.id, combinationId: null }),
                        combinationId: null,
                        label: "One size",
                        price: product.pricePaisa,
                        stock: product.stock,
                      },
                    ]
                ).map((option) => (
                  <li key={option.key} className="flex items-center justify-between gap-3">
                    <span>
                      {option.label} · {formatRupees(option.price)} ·{" "}
                      <span className={option.stock > 0 ? "text-stone-600" : "text-red-800"}>
                        {option.stock > 0 ? `${option.stock} in stock` : "out of stock"}
                      </span>
                    </span>
                    {option.stock > 0 && (
                      <Link
                        to={href({
                          add: { productId: product.id, combinationId: option.combinationId, quantity: 1 },
                        })}
                        preventScrollReset
                        className="btn-secondary shrink-0"
                        aria-label={`Add ${product.name} ${option.label}`}
                      >
                        {chosen.has(option.key) ? "Add 1 more" : "Add"}
                      </Link>
                    )}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
