// "Export for the accountant (CSV)": every parcel's money for a range of days, by the day it was
// delivered or returned or the day it was paid, of one courier or all. A plain GET form to the
// file's address: the browser downloads it, no page changes.
import { SelectFilter, TextFilter, type FilterOption } from "../ListFilters";

export function MoneyExportForm({ couriers }: { couriers: readonly FilterOption[] }) {
  return (
    <section aria-labelledby="money-export" className="mt-8 bg-white p-4 ring-1 ring-stone-200">
      <h2 id="money-export" className="text-base font-semibold">
        For the accountant
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        Every parcel with every amount, in rupees, dates in Pakistan time. Leave the days empty for all of them.
      </p>
      <form
        method="get"
        action="/admin/money/export.csv"
        className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_1fr_auto] lg:items-end"
      >
        <SelectFilter
          name="by"
          label="Days of"
          value="owed"
          options={[
            { value: "owed", label: "Delivered or returned" },
            { value: "paid", label: "Paid" },
          ]}
        />
        <TextFilter type="date" name="from" label="From" value="" />
        <TextFilter type="date" name="to" label="To" value="" />
        <SelectFilter name="courier" label="Courier" value="" options={couriers} />
        <button type="submit" className="btn-primary">
          Export for the accountant (CSV)
        </button>
      </form>
    </section>
  );
}
