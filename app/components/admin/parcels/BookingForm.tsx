// The booking form of one order (decision 0103), folded under "Book with courier" until opened: the
// courier account (the default one chosen; an account whose courier does not deliver to the
// order's city says so and cannot be chosen), the weight (empty: the account's own), pieces, the
// cash to collect (what the order still owes, never more) and instructions for the rider.
import type { BookingChoices } from "../../../../core/parcels/parcel-reads";
import { formatRupees } from "../../../../core/shared/money";
import { ConsoleForm, FormNotice, TextField } from "../Fields";
import { SubmitButton } from "../SubmitButton";
import type { ParcelAnswer } from "./parcel-forms.server";

export function BookingForm({ choices, answer }: { choices: BookingChoices; answer: ParcelAnswer | undefined }) {
  const usable = choices.accounts.filter((a) => !a.refusal);
  const preselected = choices.accounts.find((a) => a.id === choices.preselectedAccountId);
  return (
    // open again after a refusal, so the member sees why beside the fields they sent
    <details className="group" open={!!answer?.error || undefined} data-testid="booking-dialog">
      <summary className="btn-primary w-full cursor-pointer list-none justify-center [&::-webkit-details-marker]:hidden">
        Book with courier
      </summary>
      <ConsoleForm
        method="post"
        answer={answer}
        className="mt-3 space-y-3 bg-stone-50 p-3 ring-1 ring-stone-200"
        aria-label="Book with courier"
      >
        <input type="hidden" name="intent" value="parcel_book" />
        <div>
          <label htmlFor="booking-account" className="block text-sm font-semibold">
            Courier account
          </label>
          <select
            id="booking-account"
            name="account_id"
            defaultValue={String(preselected && !preselected.refusal ? preselected.id : (usable[0]?.id ?? ""))}
            className="field mt-1"
          >
            {choices.accounts.map((a) => (
              <option key={a.id} value={a.id} disabled={!!a.refusal}>
                {a.label} ({a.courierName}){a.isDefault ? " · default" : ""}
                {a.refusal ? ` · does not deliver to ${choices.city}` : ""}
              </option>
            ))}
          </select>
          {usable.length === 0 && (
            <p className="mt-1 text-sm font-semibold text-red-800">
              {choices.accounts[0]?.refusal ?? "No courier account can deliver to this city."}
            </p>
          )}
        </div>
        <div className="grid grid-cols-2 gap-3">
          <TextField
            name="weight_grams"
            label="Weight (grams)"
            inputMode="numeric"
            maxLength={6}
            hint={preselected ? `Empty: the account's ${preselected.defaultWeightGrams} g` : undefined}
          />
          <TextField name="pieces" label="Pieces" inputMode="numeric" maxLength={2} defaultValue="1" />
        </div>
        <TextField
          name="cod_amount"
          label="Cash to collect (Rs.)"
          inputMode="numeric"
          maxLength={20}
          defaultValue={String(choices.codPaisa / 100)}
          hint={`What the order still has to collect: ${formatRupees(choices.codPaisa)}. Never more.`}
        />
        <TextField
          name="instructions"
          label="Instructions for the rider"
          maxLength={200}
          hint="Optional: “Call before delivery”"
        />
        <FormNotice />
        <SubmitButton>Book</SubmitButton>
      </ConsoleForm>
    </details>
  );
}
