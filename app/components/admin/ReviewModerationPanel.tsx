// The settings page's "Reviews" panel (issue 14, point 7; decision 0061): which new reviews wait
// for staff before they show. The form posts with intent=reviews.
import { Form, useNavigation } from "react-router";
import { REVIEWS_HELD_CHOICES, REVIEWS_HELD_LABELS, type ReviewsHeld } from "../../../core/catalog/review-states";
import { Panel } from "./Fields";
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
      <Form method="post" preventScrollReset className="space-y-4" aria-label="Reviews held for checking">
        <input type="hidden" name="intent" value="reviews" />
        {answer?.error && <Notice kind="error">{answer.error}</Notice>}
        {answer?.done && <Notice kind="success">{answer.done}</Notice>}
        <fieldset className="space-y-2">
          <legend className="mb-1 text-sm font-semibold">Which new reviews wait for the team to check them?</legend>
          {REVIEWS_HELD_CHOICES.map((choice) => (
            <label key={choice} className="flex items-start gap-3 text-sm">
              <input
                type="radio"
                name="reviews_held_for_moderation"
                value={choice}
                defaultChecked={held === choice}
                className="mt-0.5 h-5 w-5 shrink-0"
              />
              <span>{REVIEWS_HELD_LABELS[choice]}</span>
            </label>
          ))}
        </fieldset>
        <p className="text-sm text-stone-700">
          Waiting reviews are on the Reviews page. Reviews already posted stay as they are.
        </p>
        <button type="submit" disabled={busy} className="btn-primary">
          Save reviews setting
        </button>
      </Form>
    </Panel>
  );
}
