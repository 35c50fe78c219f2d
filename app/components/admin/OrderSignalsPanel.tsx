// The settings page's "Fake-order signals" panel (decision 0073): which
// signals hold an order for a call (a checkbox each, with its meaning), the store's
// cash-on-delivery limit and the limits per city. The form posts with intent=signals and the
// version it showed; the city rows are added and removed in the browser, and without its script
// one empty row still adds a city.
import { useId, useState } from "react";
import { useNavigation } from "react-router";
import { RISK_SIGNAL_MEANINGS, RISK_SIGNALS } from "../../../core/orders/risk-rules";
import { ConsoleForm, FieldInput, FormNotice, GroupError, Panel, TextField } from "./Fields";
import { Notice, Revealed } from "./Notice";

export interface OrderSignalsView {
  holdSignals: string[];
  /** rupees as the form shows them, "" for none */
  codLimit: string;
  cityLimits: { city: string; limit: string }[];
  updatedAt: string;
}

export interface OrderSignalsAnswer {
  error?: string;
  /** input name (city.N and city_limit.N by the row's place as posted) → message */
  fields?: Record<string, string>;
  done?: string;
}

let rowKey = 0;

export function OrderSignalsPanel({ settings, answer }: { settings: OrderSignalsView; answer?: OrderSignalsAnswer }) {
  const busy = useNavigation().state === "submitting";
  const id = useId();
  const [rows, setRows] = useState(() => [
    ...settings.cityLimits.map((c) => ({ ...c, key: ++rowKey })),
    { city: "", limit: "", key: ++rowKey },
  ]);
  return (
    <Panel title="Fake-order signals">
      <ConsoleForm answer={answer} method="post" preventScrollReset className="space-y-5" aria-label="Fake-order signals">
        <input type="hidden" name="intent" value="signals" />
        <input type="hidden" name="updated_at" value={settings.updatedAt} />
        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold">Hold an order for a call when it is…</legend>
          <p className="text-xs text-stone-600">
            A held order gets no WhatsApp question; the shopper is told the shop will call to confirm. Every signal is
            shown on the order either way.
          </p>
          {RISK_SIGNALS.map((code) => (
            <label key={code} className="flex items-start gap-3 text-sm">
              <input
                type="checkbox"
                name="hold_signals"
                value={code}
                defaultChecked={settings.holdSignals.includes(code)}
                className="mt-0.5 h-5 w-5 shrink-0"
              />
              <span>
                <span className="block font-semibold">{RISK_SIGNAL_MEANINGS[code].label}</span>
                <span className="text-stone-700">{RISK_SIGNAL_MEANINGS[code].meaning}</span>
              </span>
            </label>
          ))}
          <GroupError name="hold_signals" id={`${id}-hold`} />
        </fieldset>
        <TextField
          name="cod_limit"
          label="Cash-on-delivery limit (Rs.)"
          inputMode="decimal"
          maxLength={20}
          defaultValue={settings.codLimit}
          hint="An order above it is flagged. Empty: no limit."
          className="max-w-xs"
        />
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold">Limits per city (Rs.)</legend>
          <p className="text-xs text-stone-600">Compared ignoring upper and lower case. Empty a row to remove it.</p>
          <ul className="space-y-2" aria-label="City limits">
            {rows.map((row, n) => (
              <li
                key={row.key}
                className="grid grid-cols-[minmax(0,1fr)_auto] gap-2 border-b border-stone-100 pb-2 sm:grid-cols-[minmax(0,1fr)_8rem_auto] sm:border-0 sm:pb-0"
              >
                {/* on a phone the city has the row to itself, its limit and Remove below */}
                <label className="col-span-2 text-sm sm:col-span-1">
                  <span className="sr-only">City {n + 1}</span>
                  {/* the save answers by the row's place in the form as posted (decision 0096) */}
                  <FieldInput
                    name="city"
                    errorName={`city.${n}`}
                    defaultValue={row.city}
                    maxLength={60}
                    placeholder="City"
                    aria-label={`City ${n + 1}`}
                  />
                </label>
                <label className="text-sm">
                  <span className="sr-only">Limit for city {n + 1}</span>
                  <FieldInput
                    name="city_limit"
                    errorName={`city_limit.${n}`}
                    defaultValue={row.limit}
                    inputMode="decimal"
                    maxLength={20}
                    placeholder="Rupees"
                    aria-label={`Limit for city ${n + 1}`}
                  />
                </label>
                <button
                  type="button"
                  className="btn-secondary self-start"
                  onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))}
                >
                  Remove<span className="sr-only"> city {n + 1}</span>
                </button>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="btn-secondary"
            onClick={() => setRows((all) => [...all, { city: "", limit: "", key: ++rowKey }])}
          >
            Add a city
          </button>
        </fieldset>
        <button type="submit" disabled={busy} className="btn-primary">
          Save signals
        </button>
        {/* beside the button pressed: on a phone the top of this long form is far out of sight */}
        <FormNotice />
        {answer?.done && (
          <Revealed>
            <Notice kind="success">{answer.done}</Notice>
          </Revealed>
        )}
      </ConsoleForm>
    </Panel>
  );
}
