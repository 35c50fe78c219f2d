// A courier's rate card as the owner types it from the courier's agreement (decision 0109): the day
// it takes effect, the weight bands (each a row of grams and a charge per zone; rows added and
// removed in place, a row left empty is not a band), the extra per 500 g, the percentages, the
// return charge and the tolerance. Each field's name is its path in the staff API's body, so a
// refusal shows under its field. On a phone each band's four fields wrap in two columns, so
// nothing runs off the screen.
import { useState } from "react";
import { ConsoleForm, FieldInput, FormNotice, GroupError, TextField } from "../Fields";
import { SubmitButton } from "../SubmitButton";

export interface EditorBand {
  up_to_grams: string;
  city: string;
  province: string;
  country: string;
}

export interface EditorValues {
  effective_from: string;
  bands: EditorBand[];
  extra_per_500g: { city: string; province: string; country: string };
  cash_handling_percent: string;
  fuel_percent: string;
  gst_percent: string;
  return_charge: string;
  delivery_charged_on_return: boolean;
  tolerance: string;
}

const ZONES = [
  ["city", "Within the city"],
  ["province", "Within the province"],
  ["country", "Across Pakistan"],
] as const;

const BANDS_MAX = 20;
const EMPTY: EditorBand = { up_to_grams: "", city: "", province: "", country: "" };

function Cell({ name, label, value }: { name: string; label: string; value: string }) {
  // the message sits under its input, inside the label, so it is read with the field
  return (
    <label className="block min-w-0 text-xs font-semibold text-stone-700">
      {label}
      <FieldInput
        name={name}
        defaultValue={value}
        inputMode="decimal"
        autoComplete="off"
        maxLength={40}
        className="field mt-1 min-w-0"
      />
    </label>
  );
}

function BandRows({ initial }: { initial: EditorBand[] }) {
  // a key each row keeps while rows above it come and go, so what was typed stays in its row
  const [rows, setRows] = useState(() => (initial.length ? initial : [EMPTY]).map((band, i) => ({ band, key: i })));
  const [next, setNext] = useState(rows.length);
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-semibold">Weight bands</legend>
      <p className="text-xs text-stone-600">
        The delivery charge for a parcel up to each weight, lightest first, in rupees. Leave a row empty to drop it.
      </p>
      <GroupError name="bands" id="bands" />
      <ol className="space-y-3">
        {rows.map(({ band, key }, i) => (
          <li key={key} className="bg-stone-50 p-3 ring-1 ring-stone-200" aria-label={`Band ${i + 1}`}>
            <div className="grid grid-cols-2 gap-3 md:grid-cols-4 md:items-end">
              <Cell name={`bands.${i}.up_to_grams`} label="Up to, grams" value={band.up_to_grams} />
              {ZONES.map(([zone, label]) => (
                <Cell key={zone} name={`bands.${i}.${zone}`} label={`${label}, Rs.`} value={band[zone]} />
              ))}
              <button
                type="button"
                className="btn-secondary col-span-2 md:col-span-4 md:justify-self-start"
                disabled={rows.length === 1}
                onClick={() => setRows(rows.filter((row) => row.key !== key))}
              >
                Remove band {i + 1}
              </button>
            </div>
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="btn-secondary"
        disabled={rows.length >= BANDS_MAX}
        onClick={() => {
          setRows([...rows, { band: EMPTY, key: next }]);
          setNext(next + 1);
        }}
      >
        Add a weight band
      </button>
    </fieldset>
  );
}

export function RateCardEditor({
  courier,
  courierName,
  values,
  answer,
  example,
  isNew,
}: {
  courier: string;
  courierName: string;
  values: EditorValues;
  answer: unknown;
  example: string[] | null;
  isNew: boolean;
}) {
  return (
    <ConsoleForm method="post" answer={answer} className="space-y-5" aria-label={`${courierName} rate card`}>
      <input type="hidden" name="courier" value={courier} />
      <TextField
        name="effective_from"
        label="Takes effect from"
        type="date"
        defaultValue={values.effective_from}
        required
        hint={
          isNew
            ? "Parcels delivered or returned from this day (Pakistan time) are held to this card. A card of the same day is replaced."
            : "Saving under another day keeps this card and adds one from that day."
        }
      />
      <BandRows initial={values.bands} />
      <fieldset>
        <legend className="text-sm font-semibold">Each 500 g more (above the heaviest band)</legend>
        <div className="mt-2 grid grid-cols-2 gap-3 md:grid-cols-3">
          {ZONES.map(([zone, label]) => (
            <Cell
              key={zone}
              name={`extra_per_500g.${zone}`}
              label={`${label}, Rs.`}
              value={values.extra_per_500g[zone]}
            />
          ))}
        </div>
      </fieldset>
      <div className="grid grid-cols-2 gap-3 md:grid-cols-3">
        <Cell name="cash_handling_percent" label="Cash handling, % of the cash" value={values.cash_handling_percent} />
        <Cell name="fuel_percent" label="Fuel, % of delivery" value={values.fuel_percent} />
        <Cell name="gst_percent" label="GST, % of the charges" value={values.gst_percent} />
        <Cell name="return_charge" label="Return charge, Rs." value={values.return_charge} />
        <Cell name="tolerance" label="Tolerance, Rs." value={values.tolerance} />
      </div>
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          name="delivery_charged_on_return"
          defaultChecked={values.delivery_charged_on_return}
          className="mt-1"
        />
        <span>
          <span className="font-semibold">Charge delivery on returns too</span>
          <span className="block text-xs text-stone-600">
            A parcel that came back pays its delivery (and fuel) besides the return charge.
          </span>
        </span>
      </label>
      <p className="text-xs text-stone-600">
        A difference no larger than the tolerance is taken as the courier&apos;s rounding, not a dispute (Rs. 1,000 at
        most).
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <SubmitButton name="intent" value="save-card">
          Save {courierName} card
        </SubmitButton>
        <SubmitButton name="intent" value="preview" secondary>
          Work out the example
        </SubmitButton>
        <FormNotice />
      </div>
      {example && (
        <section aria-label="Worked example" className="space-y-1 bg-amber-50 p-3 text-sm ring-1 ring-amber-200">
          <h3 className="font-semibold">What this card means</h3>
          {example.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </section>
      )}
    </ConsoleForm>
  );
}
