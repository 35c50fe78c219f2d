// The settings page's "Currencies" panel (spec §9; decision 0091): the shop's rate for each
// display currency, rupees per unit, with when and by whom it was set (Pakistan time). An empty
// rate is a currency the storefront does not offer. The form posts with intent=currencies; a
// refused rate is shown under its own field.
import { Form, useNavigation } from "react-router";
import { CURRENCY_NAMES, type DisplayCurrency } from "../../../core/settings/currencies";
import { formatDayTime } from "../../lib/dates";
import { Panel } from "./Fields";
import { Notice } from "./Notice";

export interface CurrencyRatesView {
  currencies: {
    code: DisplayCurrency;
    /** "278.50"; "" when not offered */
    rate: string;
    setAt: string | null;
    setBy: string | null;
  }[];
  updatedAt: string;
}

export interface CurrencyRatesAnswer {
  done?: string;
  error?: string;
  /** the refused field: rates.USD */
  field?: string;
  /** what was typed, kept when a save is refused */
  values?: Partial<Record<DisplayCurrency, string>>;
}

function setLine(c: CurrencyRatesView["currencies"][number]): string {
  if (!c.setAt) return "Not offered yet.";
  const when = formatDayTime(c.setAt);
  const who = c.setBy ? ` by ${c.setBy}` : "";
  return c.rate ? `Set ${when}${who}.` : `Not offered since ${when}${who}.`;
}

export function CurrencyRatesPanel({
  settings,
  answer,
}: {
  settings: CurrencyRatesView;
  answer?: CurrencyRatesAnswer;
}) {
  const busy = useNavigation().state === "submitting";
  const fieldError = (code: DisplayCurrency) => (answer?.field === `rates.${code}` ? answer.error : undefined);
  const formError = answer?.error && !answer.field?.startsWith("rates.") ? answer.error : undefined;
  return (
    <Panel title="Currencies">
      <Form method="post" preventScrollReset className="space-y-4" aria-label="Currency rates" noValidate>
        <input type="hidden" name="intent" value="currencies" />
        <input type="hidden" name="updated_at" value={settings.updatedAt} />
        {formError && <Notice kind="error">{formError}</Notice>}
        {answer?.done && <Notice kind="success">{answer.done}</Notice>}
        <p className="text-sm text-stone-700">
          Shoppers can see the shop&apos;s prices in these currencies, converted at your rate and marked as approximate
          (≈ $8.97). They always pay in rupees, and the cart, checkout and their orders say so. Leave a rate empty to
          stop offering that currency.
        </p>
        {settings.currencies.map((c) => {
          const id = `rate-${c.code}`;
          const error = fieldError(c.code);
          return (
            <div key={c.code}>
              <label htmlFor={id} className="block text-sm font-semibold">
                {CURRENCY_NAMES[c.code]} ({c.code}): rupees per 1 {c.code}
              </label>
              <div className="mt-1 flex max-w-xs items-center">
                <span aria-hidden="true" className="border border-e-0 border-stone-300 bg-stone-50 px-3 py-2 text-sm">
                  Rs.
                </span>
                <input
                  id={id}
                  name={`rate_${c.code}`}
                  inputMode="decimal"
                  autoComplete="off"
                  maxLength={20}
                  defaultValue={answer?.values?.[c.code] ?? c.rate}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={`${id}-set${error ? ` ${id}-error` : ""}`}
                  className="w-full min-w-0 border border-stone-300 px-3 py-2 text-sm aria-[invalid=true]:border-red-700"
                />
              </div>
              {error && (
                <p id={`${id}-error`} className="mt-1 text-sm text-red-800">
                  {error}
                </p>
              )}
              <p id={`${id}-set`} className="mt-1 text-xs text-stone-600">
                {setLine(c)}
              </p>
            </div>
          );
        })}
        <button type="submit" disabled={busy} className="btn-primary">
          Save rates
        </button>
      </Form>
    </Panel>
  );
}
