// The stock rows of the console's stock pages: each row's stock as a number field over the stock
// the page showed, quick + and − buttons, one optional reason and Save. A plain form: it works
// without JavaScript; a 409 marks each row that moved and shows its stock now.
import { Form, Link } from "react-router";
import { Notice } from "./Notice";

export interface StockRowView {
  key: string;
  productId: number;
  productName: string;
  combinationName: string | null;
  sku: string | null;
  stock: number;
  available: boolean;
  productActive: boolean;
}

export interface StockAnswerView {
  error?: string;
  done?: string;
  moved?: Record<string, number>;
  invalid?: Record<string, string>;
}

export function StockRows({
  rows,
  answer,
  busy,
  showProduct = true,
  maxStock,
}: {
  rows: StockRowView[];
  answer: StockAnswerView | undefined;
  busy: boolean;
  showProduct?: boolean;
  maxStock: number;
}) {
  return (
    <Form method="post" preventScrollReset aria-label="Stock">
      {/* Enter in a field saves (the first submit button is the form's default, not a row's −) */}
      <button type="submit" name="intent" value="save" tabIndex={-1} aria-hidden="true" className="sr-only">
        Save changes
      </button>
      {answer && (answer.error || answer.done) && (
        <div className="mb-3">
          {answer.error && <Notice kind="error">{answer.error}</Notice>}
          {answer.done && <Notice kind="success">{answer.done}</Notice>}
        </div>
      )}
      <ul className="divide-y divide-stone-200 bg-white ring-1 ring-stone-200" aria-label="Stock rows">
        {rows.map((row) => {
          const moved = answer?.moved?.[row.key];
          const invalid = answer?.invalid?.[row.key];
          const label = `${row.productName}${row.combinationName ? ` (${row.combinationName})` : ""}`;
          return (
            <li
              key={row.key}
              className={`flex flex-wrap items-center gap-x-3 gap-y-2 p-3 text-sm ${moved !== undefined ? "bg-amber-50" : ""}`}
            >
              <input type="hidden" name="row" value={row.key} />
              {/* after a 409 the total is typed over the stock as it is now */}
              <input type="hidden" name={`was-${row.key}`} value={moved ?? row.stock} />
              <div className="min-w-0 flex-1 basis-48">
                {showProduct && (
                  <p className="font-semibold">
                    <Link to={`/admin/products/${row.productId}/stock`} className="underline underline-offset-4">
                      {row.productName}
                    </Link>
                    {!row.productActive && <span className="ms-2 text-xs font-normal text-stone-600">(hidden)</span>}
                  </p>
                )}
                <p className="text-stone-700">
                  {row.combinationName ?? "No options"}
                  {row.sku && <span className="ms-2 text-xs text-stone-500">{row.sku}</span>}
                  {!row.available && <span className="ms-2 text-xs text-stone-600">(not for sale)</span>}
                </p>
                {moved !== undefined && (
                  <p className="text-xs font-semibold text-amber-800">
                    Changed meanwhile (perhaps a sale): it is now {moved}. Check it and save again.
                  </p>
                )}
                {invalid && <p className="text-xs font-semibold text-red-700">{invalid}</p>}
              </div>
              <div className="flex items-center gap-1">
                <button
                  type="submit"
                  name="step"
                  value={`${row.key}:-1`}
                  disabled={busy || row.stock === 0}
                  className="btn-secondary min-w-11 px-0"
                  aria-label={`One less of ${label}`}
                >
                  −
                </button>
                <input
                  key={`${row.key}:${row.stock}`}
                  type="number"
                  inputMode="numeric"
                  name={`stock-${row.key}`}
                  defaultValue={row.stock}
                  min={0}
                  max={maxStock}
                  step={1}
                  aria-label={`Stock of ${label}`}
                  aria-invalid={invalid ? true : undefined}
                  className={`field w-24 text-end tabular-nums ${row.stock === 0 ? "text-red-700" : row.stock <= 5 ? "text-amber-800" : ""}`}
                />
                <button
                  type="submit"
                  name="step"
                  value={`${row.key}:+1`}
                  disabled={busy}
                  className="btn-secondary min-w-11 px-0"
                  aria-label={`One more of ${label}`}
                >
                  +
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      {rows.length > 0 && (
        <div className="mt-3 flex flex-wrap items-end gap-3 bg-white p-3 ring-1 ring-stone-200">
          <label className="min-w-0 flex-1 basis-60 text-sm">
            <span className="block font-semibold">Reason (optional)</span>
            <input
              type="text"
              name="note"
              maxLength={200}
              placeholder="Recount, damaged, new delivery…"
              className="field mt-1"
            />
          </label>
          <button type="submit" name="intent" value="save" disabled={busy} className="btn-primary">
            Save changes
          </button>
        </div>
      )}
    </Form>
  );
}
