// The new order form's "Items" panel: each chosen line with its price and stock, a quantity field
// and a Remove link (which takes the line out of the address); the lines' refusal under them.
import { Link } from "react-router";
import { formatRupees } from "../../../core/shared/money";
import { MAX_QUANTITY, type ChosenLineView, type NewOrderHref } from "../../lib/manual-order-form";
import { describedBy, GroupError, Panel, useFieldError } from "./Fields";

export function OrderNewItems({
  lines,
  quantities,
  href,
}: {
  lines: ChosenLineView[];
  /** each line's quantity as typed, by its key, when the form comes back refused */
  quantities: Record<string, string> | undefined;
  href: NewOrderHref;
}) {
  const { message: itemsError } = useFieldError("items", "new-order-items");
  return (
    <Panel title="Items">
      {lines.length === 0 ? (
        <p className="text-sm text-stone-700">No items yet: find them and press Add.</p>
      ) : (
        <ul className="divide-y divide-stone-200" aria-label="Order items">
          {lines.map((line) => (
            <li key={line.key} className="flex items-center gap-3 py-3 text-sm">
              <input type="hidden" name="item_product" value={line.productId} />
              <input type="hidden" name="item_combination" value={line.combinationId ?? ""} />
              <div className="min-w-0 flex-1">
                <p className="font-semibold">{line.name}</p>
                <p className="text-stone-600">
                  {[line.variant, line.pricePaisa === null ? null : formatRupees(line.pricePaisa)]
                    .filter(Boolean)
                    .join(" · ")}{" "}
                  · {line.stock} in stock
                </p>
              </div>
              <label className="w-20 shrink-0">
                <span className="sr-only">Quantity of {line.name}</span>
                <input
                  type="number"
                  name="item_quantity"
                  min={1}
                  max={MAX_QUANTITY}
                  defaultValue={quantities?.[line.key] ?? String(line.quantity)}
                  inputMode="numeric"
                  aria-invalid={!!itemsError || undefined}
                  aria-describedby={describedBy(itemsError && "new-order-items-error")}
                  className="field"
                />
              </label>
              <Link
                to={href({ remove: line.key })}
                preventScrollReset
                className="text-stone-600 underline underline-offset-4"
                aria-label={`Remove ${line.name}`}
              >
                Remove
              </Link>
            </li>
          ))}
        </ul>
      )}
      <GroupError name="items" id="new-order-items" />
    </Panel>
  );
}
