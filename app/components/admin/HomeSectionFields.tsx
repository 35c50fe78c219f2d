// The home page layout's section fields: name and description, and which products a section
// shows (picked by hand, or the newest N), each with its refusal under it (decision 0096); and
// what a section of the newest shows now.
import { useId } from "react";
import { CONTENT_LIMITS as L } from "../../../core/content/content-limits";
import { describedBy, FieldError, FieldInput, GroupError, useFieldError } from "./Fields";

/** A section's name or description: its label above, its refusal under it (decision 0096). */
export function SectionText({
  label,
  ...props
}: {
  name: string;
  label: string;
  defaultValue?: string;
  maxLength: number;
  required?: boolean;
  placeholder?: string;
}) {
  const id = useId();
  return (
    <div className="text-sm">
      <label htmlFor={id} className="block font-semibold">
        {label}
      </label>
      <FieldInput id={id} {...props} className="field mt-1" />
    </div>
  );
}

/** Picked by hand or the newest N: radio buttons and a number, so they work without JavaScript. */
export function SectionKindFields({ kind, count }: { kind: "picked" | "newest"; count: number }) {
  const id = useId();
  const kindError = useFieldError("kind", id);
  const countError = useFieldError("newest_count", `${id}-count`);
  return (
    <fieldset className="text-sm" aria-describedby={describedBy(kindError.message && kindError.errorId)}>
      <legend className="font-semibold">Products shown</legend>
      <GroupError name="kind" id={id} />
      <div className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1">
        {(["picked", "newest"] as const).map((value) => (
          <label key={value} className="flex min-h-11 items-center gap-2">
            <input
              type="radio"
              name="kind"
              value={value}
              defaultChecked={kind === value}
              aria-invalid={!!kindError.message || undefined}
              className="h-5 w-5"
            />
            {value === "picked" ? "Picked by hand" : "The newest"}
          </label>
        ))}
        <label className="flex items-center gap-2">
          <input
            type="number"
            name="newest_count"
            inputMode="numeric"
            min={1}
            max={L.newestProducts}
            defaultValue={count}
            aria-invalid={!!countError.message || undefined}
            aria-describedby={describedBy(countError.message && countError.errorId)}
            className="field w-20 px-2 text-center tabular-nums aria-invalid:border-red-700"
            aria-label="How many of the newest"
          />
          <span className="text-stone-600">products (1 to {L.newestProducts})</span>
        </label>
      </div>
      <FieldError id={countError.errorId} message={countError.message} />
    </fieldset>
  );
}

/** What a section of the newest shows now, as the storefront picks it. */
export function NewestPreview({ count, newest }: { count: number; newest: { id: number; name: string }[] }) {
  const shown = newest.slice(0, count);
  return (
    <div className="mt-4 text-sm">
      <h3 className="mb-1 font-semibold">Shows the newest {count} products by itself</h3>
      <p className="mb-2 text-stone-600">
        Published products that are in stock, newest first. A product appears here as soon as it is published.
      </p>
      {shown.length === 0 ? (
        <p className="text-stone-600">No product is published and in stock yet.</p>
      ) : (
        <ol className="list-decimal space-y-0.5 ps-6 text-stone-800" aria-label="Shown now">
          {shown.map((p) => (
            <li key={p.id} className="break-words">
              {p.name}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
