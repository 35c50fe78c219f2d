// The exchange form on a delivered order's page (decision 0056): for each line,
// how many units come back, which size or colour of the same product replaces them, and whether
// the returned units can be sold again; a written reason when it is more than 7 days since
// delivery. Core checks all of it again; the form only offers what is in stock.
import { useId } from "react";
import { Form, useNavigation } from "react-router";
import type { ExchangeChoices } from "../../../core/orders/exchange";
import { formatRupees } from "../../../core/shared/money";
import { formText } from "../../lib/console";
import { Notice } from "./Notice";

/** The form's fields as createExchange takes them: lines with no units chosen are left out. */
export function exchangeFormInput(form: FormData) {
  const lines = form.getAll("item_id").flatMap((value) => {
    const itemId = typeof value === "string" ? value : "";
    const quantity = Number(formText(form, `quantity_${itemId}`) || "0");
    if (quantity === 0) return [];
    const combination = formText(form, `combination_${itemId}`);
    return [
      {
        item_id: Number(itemId),
        quantity,
        // "" is the product itself, for a product without sizes or colours
        combination_id: combination === "" ? null : Number(combination),
        resellable: form.get(`resellable_${itemId}`) === "yes",
      },
    ];
  });
  const reason = formText(form, "reason").trim();
  const note = formText(form, "note").trim();
  return {
    lines,
    expected_status: formText(form, "expected_status") || undefined,
    ...(reason ? { reason } : {}),
    ...(note ? { note } : {}),
  };
}

export function ExchangeForm({ choices, error }: { choices: ExchangeChoices; error?: string }) {
  const busy = useNavigation().state === "submitting";
  const id = useId();
  const open = choices.lines.filter((line) => line.exchangeable > 0);
  if (open.length === 0) {
    return <p className="text-sm text-stone-700">Every item of this order has already been exchanged.</p>;
  }
  return (
    <Form method="post" className="space-y-4" aria-label="Exchange items">
      <input type="hidden" name="intent" value="exchange" />
      <input type="hidden" name="expected_status" value="delivered" />
      <p className="text-sm text-stone-700">
        Makes a new, confirmed order with the replacements at today&apos;s prices. What the shopper paid for the
        returned units is set against it; the courier collects any difference. Delivery is free.
      </p>
      <ul className="divide-y divide-stone-200">
        {open.map((line) => (
          <li key={line.itemId} className="space-y-2 py-3 text-sm">
            <input type="hidden" name="item_id" value={line.itemId} />
            <p className="font-semibold">
              {line.name}
              {line.variant && <span className="font-normal text-stone-600"> · {line.variant}</span>}
            </p>
            <p className="text-stone-600">
              Paid {formatRupees(line.unitPricePaisa)} each · {line.exchangeable} can be exchanged
            </p>
            {line.options.length === 0 ? (
              <p className="text-stone-700">No size or colour of this product is in stock.</p>
            ) : (
              <div className="grid gap-2 sm:grid-cols-[8rem_minmax(0,1fr)]">
                <label className="block">
                  <span className="font-semibold">Units back</span>
                  <select name={`quantity_${line.itemId}`} defaultValue="0" className="field mt-1">
                    {Array.from({ length: line.exchangeable + 1 }, (_, n) => (
                      <option key={n} value={n}>
                        {n}
                      </option>
                    ))}
                  </select>
                </label>
                <label className="block min-w-0">
                  <span className="font-semibold">Replace with</span>
                  <select name={`combination_${line.itemId}`} className="field mt-1">
                    {line.options.map((option) => (
                      <option key={option.combinationId ?? "product"} value={option.combinationId ?? ""}>
                        {option.name} · {formatRupees(option.pricePaisa)} · {option.stock} in stock
                      </option>
                    ))}
                  </select>
                </label>
                <label className="flex gap-2 sm:col-span-2">
                  <input type="checkbox" name={`resellable_${line.itemId}`} value="yes" defaultChecked />
                  Can be resold (untick for opened lingerie)
                </label>
              </div>
            )}
          </li>
        ))}
      </ul>
      {choices.late && (
        <div>
          <label htmlFor={`${id}-reason`} className="block text-sm font-semibold">
            Reason (more than 7 days since delivery)
          </label>
          <textarea
            id={`${id}-reason`}
            name="reason"
            maxLength={1000}
            rows={2}
            required
            className="field mt-1 h-auto py-2"
          />
        </div>
      )}
      <div>
        <label htmlFor={`${id}-note`} className="block text-sm font-semibold">
          Note for the staff (optional)
        </label>
        <textarea id={`${id}-note`} name="note" maxLength={2000} rows={2} className="field mt-1 h-auto py-2" />
      </div>
      <button type="submit" disabled={busy} className="btn-primary">
        Make replacement order
      </button>
      {error && <Notice kind="error">{error}</Notice>}
    </Form>
  );
}
