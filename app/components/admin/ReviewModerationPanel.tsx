// The settings page's "Reviews" panel (decision 0061): which new reviews wait
// for staff before they show. The form posts with intent=reviews; a refusal shows by the choices
// (decision 0096).
import { useId } from "react";
import { useNavigation } from "react-router";
import { REVIEWS_HELD_CHOICES, REVIEWS_HELD_LABELS, type ReviewsHeld } from "../../../core/catalog/review-states";
import { ConsoleForm, describedBy, FormNotice, GroupError, Panel, useFieldError } from "./Fields";
import { Notice } from "./Notice";

export function ReviewModerationPanel({
  held,
  answer,
}: {
  held: ReviewsHeld;
  answer?: { error?: string; done?: string };
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <Panel title="Reviews">
      <ConsoleForm
        method="post"
        preventScrollReset
        className="space-y-4"
        aria-label="Reviews held for checking"
        answer={answer}
      >
        <input type="hidden" name="intent" value="reviews" />
        {answer?.done && <Notice kind="success">{answer.done}</Notice>}
        <HeldChoices held={held} />
        <p className="text-sm text-stone-700">
          Waiting reviews are on the Reviews page. Reviews already posted stay as they are.
        </p>
        <FormNotice />
        <button type="submit" disabled={busy} className="btn-primary">
          Save reviews setting
        </button>
      </ConsoleForm>
    </Panel>
  );
}

function HeldChoices({ held }: { held: ReviewsHeld }) {
  const id = useId();
  const { message, errorId } = useFieldError("reviews_held_for_moderation", id);
  return (
    <fieldset className="space-y-2" aria-describedby={describedBy(message && errorId)}>
      <legend className="mb-1 text-sm font-semibold">Which new reviews wait for the team to check them?</legend>
      <GroupError name="reviews_held_for_moderation" id={id} />
      {REVIEWS_HELD_CHOICES.map((choice) => (
        <label key={choice} className="flex items-start gap-3 text-sm">
          <input
            type="radio"
            name="reviews_held_for_moderation"
            value={choice}
            defaultChecked={held === choice}
            aria-invalid={!!message || undefined}
            className="mt-0.5 h-5 w-5 shrink-0"
          />
          <span>{REVIEWS_HELD_LABELS[choice]}</span>
        </label>
      ))}
    </fieldset>
  );
}
