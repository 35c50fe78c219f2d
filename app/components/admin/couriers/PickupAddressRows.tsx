// The pickup addresses of a courier account's form: one group of fields per address, and one
// empty group more to add another (a form without script adds rows by saving). A group left empty
// is not an address; clearing every field of one removes it. Each field's name is its path in the
// staff API's body, so a refusal shows under the field it names.
import { useId } from "react";
import { describedBy, FieldError, TextField, useFieldError } from "../Fields";

export interface PickupRow {
  label: string;
  address: string;
  /** the store's city id as text; "" for none */
  city_id: string;
  phone: string;
  code: string;
}

export const EMPTY_PICKUP: PickupRow = { label: "", address: "", city_id: "", phone: "", code: "" };

/** How many groups the form shows at most: the API takes 10 addresses. */
export const PICKUP_ROWS_MAX = 10;

function CitySelect({ name, value, cities }: { name: string; value: string; cities: { id: number; name: string }[] }) {
  const id = useId();
  const { message, errorId } = useFieldError(name, id);
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        City
      </label>
      <select
        id={id}
        name={name}
        defaultValue={value}
        aria-invalid={!!message || undefined}
        aria-describedby={describedBy(message && errorId)}
        className="field mt-1 aria-invalid:border-red-700"
      >
        <option value="">{cities.length ? "Choose the city" : "No cities in the store's list yet"}</option>
        {cities.map((c) => (
          <option key={c.id} value={String(c.id)}>
            {c.name}
          </option>
        ))}
      </select>
      <FieldError id={errorId} message={message} />
    </div>
  );
}

export function PickupAddressRows({ rows, cities }: { rows: PickupRow[]; cities: { id: number; name: string }[] }) {
  const shown = rows.length < PICKUP_ROWS_MAX ? [...rows, EMPTY_PICKUP] : rows;
  return (
    <fieldset className="space-y-4">
      <legend className="mb-1 text-sm font-semibold tracking-wide text-stone-700 uppercase">Pickup addresses</legend>
      <p className="text-xs text-stone-600">
        Where the courier collects parcels. The courier&apos;s code is the id its portal gives the address, where it
        gives one (Trax, PostEx). Clear every field of an address to remove it.
      </p>
      {shown.map((row, i) => {
        const path = (field: string) => `pickup_addresses.${i}.${field}`;
        const extra = i === rows.length;
        const title = extra ? (rows.length ? "Add another address" : "Add a pickup address") : `Address ${i + 1}`;
        return (
          <div
            key={i}
            role="group"
            aria-label={title}
            className="grid gap-3 bg-stone-50 p-3 ring-1 ring-stone-200 md:grid-cols-2"
          >
            <p className="text-sm font-semibold md:col-span-2">{title}</p>
            <TextField name={path("label")} label="Name" defaultValue={row.label} maxLength={80} autoComplete="off" />
            <TextField
              name={path("phone")}
              label="Phone"
              type="tel"
              defaultValue={row.phone}
              maxLength={30}
              autoComplete="off"
            />
            <TextField
              name={path("address")}
              label="Address"
              defaultValue={row.address}
              maxLength={300}
              autoComplete="off"
              className="md:col-span-2"
            />
            <CitySelect name={path("city_id")} value={row.city_id} cities={cities} />
            <TextField
              name={path("code")}
              label="Courier's code (optional)"
              defaultValue={row.code}
              maxLength={60}
              autoComplete="off"
              autoCapitalize="off"
            />
          </div>
        );
      })}
    </fieldset>
  );
}
