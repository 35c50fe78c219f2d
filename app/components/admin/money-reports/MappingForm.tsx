// The mapping step of a payment report (decision 0107): each of our fields with a select of the
// report's headings, chosen from the mapping remembered for the courier or guessed from the
// headings. Sending it reads the rows again with those columns and remembers them.
import { Form } from "react-router";

export interface MappingField {
  field: string;
  label: string;
  chosen: string;
  required: boolean;
}

export function MappingForm({
  fields,
  headings,
  source,
  busy,
}: {
  fields: MappingField[];
  headings: string[];
  source: "given" | "remembered" | "guessed";
  busy: boolean;
}) {
  const intro =
    source === "guessed"
      ? "Guessed from the report's headings: check each one."
      : source === "remembered"
        ? "As chosen for this courier before."
        : "As you chose them.";
  return (
    <Form method="post" className="space-y-3">
      <input type="hidden" name="intent" value="remap" />
      <p className="text-sm text-stone-600">
        {intro} The CN is needed, and the cash collected or the net paid (or both).
      </p>
      <div className="grid gap-3 md:grid-cols-2">
        {fields.map((f) => (
          <label key={f.field} className="block">
            <span className="mb-1 block text-sm font-medium">
              {f.label}
              {f.required && <span className="text-stone-600"> (needed)</span>}
            </span>
            <select name={`map_${f.field}`} defaultValue={f.chosen} className="field w-full">
              <option value="">— not in this report —</option>
              {headings.map((heading) => (
                <option key={heading} value={heading}>
                  {heading}
                </option>
              ))}
            </select>
          </label>
        ))}
      </div>
      <button type="submit" className="btn-secondary w-full md:w-auto" disabled={busy}>
        Read the rows with these columns
      </button>
    </Form>
  );
}
