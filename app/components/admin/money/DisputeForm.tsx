// A parcel's dispute with its courier, edited where the parcel is listed (decision 0106): where
// it stands and a note, saved with the row's version the page was given. The page's answer is
// given to the form of the parcel it is about only, so a refusal shows under that row's fields.
import { useId } from "react";
import { ConsoleForm, FieldError, FormNotice, TextArea, useFieldError } from "../Fields";
import { Notice } from "../Notice";
import { SubmitButton } from "../SubmitButton";
import { DISPUTE_WORDS, type LineView } from "./money-view";

export interface DisputeAnswer {
  parcelId?: number;
  done?: string;
  error?: string;
  fields?: Record<string, string>;
}

function StateSelect({ value }: { value: string }) {
  const id = useId();
  const { message, errorId } = useFieldError("state", id);
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        Dispute
      </label>
      <select
        id={id}
        name="state"
        defaultValue={value}
        aria-invalid={!!message || undefined}
        aria-describedby={message ? errorId : undefined}
        className="field mt-1 aria-invalid:border-red-700"
      >
        {Object.entries(DISPUTE_WORDS).map(([state, words]) => (
          <option key={state} value={state}>
            {words}
          </option>
        ))}
      </select>
      <FieldError id={errorId} message={message} />
    </div>
  );
}

export function DisputeForm({ line, answer }: { line: LineView; answer: DisputeAnswer | undefined }) {
  const mine = answer?.parcelId === line.parcelId ? answer : undefined;
  return (
    <ConsoleForm
      method="post"
      answer={mine}
      aria-label={`Dispute of parcel ${line.cn || line.trackingId}`}
      className="mt-3 grid gap-3 border-t border-stone-100 pt-3 md:grid-cols-[14rem_1fr_auto] md:items-start"
      preventScrollReset
    >
      <input type="hidden" name="intent" value="dispute" />
      <input type="hidden" name="parcel" value={line.parcelId} />
      <input type="hidden" name="version" value={line.version} />
      <StateSelect value={line.disputeState ?? "open"} />
      <TextArea name="note" label="Note" defaultValue={line.disputeNote} rows={2} maxLength={1000} />
      <div className="flex flex-col gap-2 md:pt-6">
        <SubmitButton>Save</SubmitButton>
      </div>
      <FormNotice className="md:col-span-3" />
      {mine?.done && (
        <div className="md:col-span-3">
          <Notice kind="success">{mine.done}</Notice>
        </div>
      )}
    </ConsoleForm>
  );
}
