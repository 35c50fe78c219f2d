// The product editor's "Options and stock" panel: the option rows (sizes, colours, any choice),
// "Update the grid" for a page without JavaScript, and either the product's own stock or the grid
// of its combinations, which follows the option fields as they are typed.
import { useState } from "react";
import { optionTypeLabel } from "../../../core/catalog/product-options";
import { draftOptions, gridFor, isColourType, type ProductDraft } from "../../lib/product-form";
import { FieldInput, Panel, TextField } from "./Fields";
import { ProductEditorGrid, swatchesOf } from "./ProductEditorGrid";

export function ProductEditorOptions({
  draft,
  canEditStock,
  busy,
}: {
  draft: ProductDraft;
  canEditStock: boolean;
  busy: boolean;
}) {
  const [options, setOptions] = useState(draft.options);
  const grid = gridFor(draftOptions({ options }), draft.combinations);
  const setOption = (i: number, change: Partial<ProductDraft["options"][number]>) =>
    setOptions((rows) => rows.map((r, j) => (j === i ? { ...r, ...change } : r)));
  return (
    <Panel title="Options and stock">
      <p className="mb-3 text-sm text-stone-600">
        Sizes, colours or any other choice. Separate values with commas; give a colour its swatch after its name, such
        as “Maroon #800000”. Every combination gets a row below.
      </p>
      <div className="space-y-3">
        {options.map((o, i) => (
          <div key={i} className="grid gap-2 md:grid-cols-[12rem_1fr]">
            <div>
              <label className="block text-sm font-semibold" htmlFor={`option-type-${i}`}>
                Option {i + 1}
              </label>
              <FieldInput
                id={`option-type-${i}`}
                name={`option_type_${i}`}
                value={o.type}
                onChange={(e) => setOption(i, { type: e.target.value })}
                maxLength={30}
                placeholder="such as length"
                className="field mt-1"
              />
            </div>
            <div>
              <label className="block text-sm font-semibold" htmlFor={`option-values-${i}`}>
                {o.type.trim() ? `${optionTypeLabel(o.type.trim().toLowerCase())} values` : "Values"}
              </label>
              <FieldInput
                id={`option-values-${i}`}
                name={`option_values_${i}`}
                value={o.values}
                onChange={(e) => setOption(i, { values: e.target.value })}
                maxLength={2_000}
                placeholder={isColourType(o.type) ? "Black #111111, Maroon #800000" : "S, M, L"}
                className="field mt-1"
              />
            </div>
          </div>
        ))}
      </div>
      <div className="mt-3">
        <button type="submit" name="intent" value="grid" formNoValidate disabled={busy} className="btn-secondary">
          Update the grid
        </button>
      </div>
      {grid.length === 0 ? (
        <div className="mt-4 max-w-xs">
          {canEditStock ? (
            <>
              <TextField
                label="Stock"
                name="stock"
                defaultValue={draft.stock}
                inputMode="numeric"
                maxLength={9}
                hint="Sold without options: the units on the shelf."
              />
              {draft.stockSeen !== null && <input type="hidden" name="stock_seen" value={draft.stockSeen} />}
            </>
          ) : (
            <p className="text-sm">Stock: {draft.stock}</p>
          )}
        </div>
      ) : (
        <ProductEditorGrid rows={grid} canEditStock={canEditStock} swatches={swatchesOf(options)} />
      )}
    </Panel>
  );
}
