// The product editor's grid of combinations: a row for each combination of the option values
// (price, SKU, stock, for sale), with the colour's swatch; the rows are drawn from the option
// fields as they are typed, or by "Update the grid" without JavaScript.
import { HEX_COLOUR } from "../../../core/catalog/product-options";
import { draftOptions, type ProductDraft } from "../../lib/product-form";
import { FieldInput } from "./Fields";

/** Each colour's swatch, by its name, as typed in the colour option. */
export function swatchesOf(options: ProductDraft["options"]): Record<string, string> {
  const colours = draftOptions({ options }).find((o) => o.type === "color");
  return Object.fromEntries(
    (colours?.values ?? [])
      .filter((v) => v.color_hex && HEX_COLOUR.test(v.color_hex))
      .map((v) => [v.value, v.color_hex!]),
  );
}

export function ProductEditorGrid({
  rows,
  canEditStock,
  swatches,
}: {
  rows: ProductDraft["combinations"];
  canEditStock: boolean;
  swatches: Record<string, string>;
}) {
  return (
    <div className="mt-4">
      <div
        aria-hidden
        className="hidden gap-2 px-2 text-xs font-semibold uppercase tracking-wide text-stone-600 md:grid md:grid-cols-[1.4fr_1fr_1.2fr_0.8fr_auto]"
      >
        <span>Combination</span>
        <span>Price (Rs.)</span>
        <span>SKU</span>
        <span>Stock</span>
        <span>For sale</span>
      </div>
      <ul aria-label="Combinations" className="mt-1 divide-y divide-stone-200 ring-1 ring-stone-200">
        {rows.map((row, i) => (
          <li
            key={row.name}
            className="grid grid-cols-2 items-end gap-2 p-2 md:grid-cols-[1.4fr_1fr_1.2fr_0.8fr_auto] md:items-center"
          >
            <input type="hidden" name={`c_${i}_attrs`} value={JSON.stringify(row.attributes)} />
            <input type="hidden" name={`c_${i}_name`} value={row.name} />
            {row.seen !== null && <input type="hidden" name={`c_${i}_seen`} value={row.seen} />}
            <p className="col-span-2 flex items-center gap-2 text-sm font-semibold md:col-span-1">
              {row.attributes.color && swatches[row.attributes.color] && (
                <span
                  aria-hidden
                  className="inline-block h-4 w-4 shrink-0 rounded-full ring-1 ring-stone-300"
                  style={{ backgroundColor: swatches[row.attributes.color] }}
                />
              )}
              {row.name}
              {row.seen === null && <span className="ms-2 text-xs font-normal text-emerald-800">new</span>}
            </p>
            <label className="text-xs md:text-sm">
              <span className="md:sr-only">Price (Rs.)</span>
              <FieldInput
                name={`c_${i}_price`}
                defaultValue={row.price}
                inputMode="decimal"
                maxLength={20}
                placeholder="Product price"
                aria-label={`${row.name} price`}
                className="field mt-1 md:mt-0"
              />
            </label>
            <label className="text-xs md:text-sm">
              <span className="md:sr-only">SKU</span>
              <FieldInput
                name={`c_${i}_sku`}
                defaultValue={row.sku}
                maxLength={64}
                aria-label={`${row.name} SKU`}
                className="field mt-1 md:mt-0"
              />
            </label>
            <label className="text-xs md:text-sm">
              <span className="md:sr-only">{row.seen === null ? "First stock" : "Stock"}</span>
              {canEditStock ? (
                <FieldInput
                  name={`c_${i}_stock`}
                  defaultValue={row.stock}
                  inputMode="numeric"
                  maxLength={9}
                  aria-label={`${row.name} stock`}
                  className="field mt-1 md:mt-0"
                />
              ) : (
                <span className="block py-2 text-sm tabular-nums">{row.stock}</span>
              )}
            </label>
            <label className="flex min-h-11 items-center gap-2 text-sm">
              <input
                type="checkbox"
                name={`c_${i}_available`}
                defaultChecked={row.available}
                aria-label={`${row.name} for sale`}
                className="h-5 w-5"
              />
              <span className="md:sr-only">For sale</span>
            </label>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-stone-600">
        Removing a value deletes its combinations, or keeps them as not for sale when they were ever ordered. A stock
        typed here replaces the stock shown; if a sale changed it meanwhile, the save is refused so no sale is lost.
      </p>
    </div>
  );
}
