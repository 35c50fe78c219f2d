// The row under a home page section's or video's fields: Shown, Save, Up and Down, and Delete,
// each posting the form it sits in (intent save-section, delete-video …), so no script is needed.
import { MoveButtons } from "./ContentNav";

export function HomeRowButtons({
  id,
  kind,
  name,
  active,
  first,
  last,
  busy,
}: {
  id: number;
  kind: "section" | "video";
  /** the section's name or the video's title, in the buttons' accessible names */
  name: string;
  active: boolean;
  first: boolean;
  last: boolean;
  busy: boolean;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label className="flex min-h-11 items-center gap-2 text-sm">
        <input type="checkbox" name="active" defaultChecked={active} className="h-5 w-5" />
        Shown
      </label>
      <button type="submit" name="intent" value={`save-${kind}`} disabled={busy} className="btn-primary">
        Save
      </button>
      <MoveButtons id={id} first={first} last={last} what={`${kind} ${name}`} busy={busy} />
      <button
        type="submit"
        name="intent"
        value={`delete-${kind}`}
        disabled={busy}
        className="btn-secondary ms-auto"
        aria-label={`Delete ${kind} ${name}`}
      >
        Delete
      </button>
    </div>
  );
}
