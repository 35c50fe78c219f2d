// The filter form of a console list (decision 0099): a GET form in a white panel, so a filtered
// list is an address (kept, shared, reloaded, and it works before the script loads). Its pieces:
// the search box with its button beside it, labelled fields (a select, a text, a day range, a
// tick) laid out by the page in a grid, the row of buttons (Find, Clear, a page's own), and the
// "More filters" fold for filters a phone should not have to scroll past.
import { Form, Link } from "react-router";

/**
 * The form. `keep` are the values the form carries without showing them (the tab in force), so
 * searching keeps the tab; an empty one is left out.
 */
export function FilterForm({
  label,
  keep = {},
  compact = false,
  className = "",
  children,
}: {
  /** the form's name, read out and found by: "Find orders" */
  label: string;
  keep?: Record<string, string>;
  /** a tighter panel (the orders list, whose first order must show in a phone's first screen) */
  compact?: boolean;
  /** the layout of what is inside: "grid gap-3 sm:grid-cols-2 lg:grid-cols-4" */
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <Form
      method="get"
      aria-label={label}
      className={`${compact ? "mb-3 p-3" : "mb-4 p-4"} bg-white ring-1 ring-stone-200 ${className}`.trim()}
    >
      {Object.entries(keep).map(([name, value]) =>
        value ? <input key={name} type="hidden" name={name} value={value} /> : null,
      )}
      {children}
    </Form>
  );
}

/**
 * The search box (its label read out, not shown: the placeholder says what it finds) and the
 * button beside it; `children` sit between them (a list's order).
 */
export function SearchBox({
  value,
  placeholder,
  label = "Search",
  maxLength = 100,
  button = "Find",
  autoCapitalize,
  children,
}: {
  value: string;
  placeholder: string;
  label?: string;
  maxLength?: number;
  button?: string;
  autoCapitalize?: string;
  children?: React.ReactNode;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <label className="min-w-0 flex-1 basis-48 text-sm">
        <span className="sr-only">{label}</span>
        <input
          type="search"
          name="search"
          defaultValue={value}
          maxLength={maxLength}
          placeholder={placeholder}
          autoCapitalize={autoCapitalize}
          className="field"
        />
      </label>
      {children}
      <button type="submit" className="btn-primary shrink-0 px-4">
        {button}
      </button>
    </div>
  );
}

/** A filter's label above it: the frame of the fields below. */
function FilterLabel({ label, className, children }: { label: string; className?: string; children: React.ReactNode }) {
  return (
    <label className={className ? `text-sm ${className}` : "text-sm"}>
      <span className="block font-semibold">{label}</span>
      {children}
    </label>
  );
}

/** A typed filter with its label shown: a search among others, a number, a city. */
export function TextFilter({
  name,
  label,
  value,
  type = "text",
  maxLength = 100,
  placeholder,
  inputMode,
  className,
}: {
  name: string;
  label: string;
  value: string;
  type?: "text" | "search" | "date";
  maxLength?: number;
  placeholder?: string;
  inputMode?: "numeric" | "text";
  className?: string;
}) {
  return (
    <FilterLabel label={label} className={className}>
      <input
        type={type}
        name={name}
        defaultValue={value}
        maxLength={type === "date" ? undefined : maxLength}
        placeholder={placeholder}
        inputMode={inputMode}
        className="field mt-1"
      />
    </FilterLabel>
  );
}

export interface FilterOption {
  value: string | number;
  label: string;
}

/** A choice among a list's values; `label` shown above it, or only read out when `hideLabel`. */
export function SelectFilter({
  name,
  label,
  value,
  options,
  hideLabel = false,
  className,
}: {
  name: string;
  label: string;
  value: string;
  options: readonly FilterOption[];
  hideLabel?: boolean;
  className?: string;
}) {
  const select = (
    <select name={name} defaultValue={value} className={hideLabel ? "field" : "field mt-1"}>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
  if (hideLabel)
    return (
      <label className={className ? `text-sm ${className}` : "text-sm"}>
        <span className="sr-only">{label}</span>
        {select}
      </label>
    );
  return (
    <FilterLabel label={label} className={className}>
      {select}
    </FilterLabel>
  );
}

/** From and To, as days (read in Pakistan time by the page's loader). */
export function DayRangeFields({ from, to }: { from: string; to: string }) {
  return (
    <>
      <TextFilter type="date" name="from" label="From" value={from} />
      <TextFilter type="date" name="to" label="To" value={to} />
    </>
  );
}

/** A filter that is on or off ("Held for a call"), sent as `name=1` when ticked. */
export function CheckFilter({ name, label, checked }: { name: string; label: string; checked: boolean }) {
  return (
    <label className="flex min-h-11 items-center gap-2 self-end text-sm">
      <input type="checkbox" name={name} value="1" defaultChecked={checked} className="h-5 w-5" />
      {label}
    </label>
  );
}

/** The form's buttons under its fields: apply, clear (back to the bare list), and a page's own. */
export function FilterActions({
  submit = "Find",
  clear,
  className,
  children,
}: {
  submit?: string;
  /** the list without filters */
  clear: string;
  /** where the row sits in the form's grid: "sm:col-span-2 lg:col-span-4" */
  className?: string;
  children?: React.ReactNode;
}) {
  return (
    <div className={className ? `flex flex-wrap gap-2 ${className}` : "flex flex-wrap gap-2"}>
      <button type="submit" className="btn-primary">
        {submit}
      </button>
      <Link to={clear} className="btn-secondary">
        Clear
      </Link>
      {children}
    </div>
  );
}

/**
 * Filters folded under "More filters" on every screen (open, they would push a phone's first item
 * out of sight); folded, the summary says in a few words which are in force.
 */
export function MoreFilters({
  inForce,
  className,
  children,
}: {
  /** "27 Nov – 28 Nov · Lahore"; "" when none */
  inForce: string;
  /** the layout of the folded fields */
  className: string;
  children: React.ReactNode;
}) {
  return (
    <details className="group mt-2" data-testid="more-filters">
      <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 text-sm [&::-webkit-details-marker]:hidden">
        <span aria-hidden="true" className="group-open:rotate-90">
          ›
        </span>
        <span className="font-semibold">More filters</span>
        {inForce && <span className="min-w-0 truncate text-stone-600">· {inForce}</span>}
      </summary>
      <div className={`pt-2 ${className}`}>{children}</div>
    </details>
  );
}
