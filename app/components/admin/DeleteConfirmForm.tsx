// The second step of a delete in the console: a page opened with ?delete=1 (or ?delete=<id>)
// shows this form, which posts intent=delete, and a link back that keeps the thing. Two steps
// with no script, so a delete is never one stray tap on a phone.
import { Form, Link } from "react-router";

export function DeleteConfirmForm({
  label,
  keepHref,
  busy,
  className = "space-y-3",
  children,
}: {
  /** the form's accessible name: "Delete voucher" */
  label: string;
  /** where "Keep it" goes: the page without its ?delete */
  keepHref: string;
  busy: boolean;
  className?: string;
  /** the question (and any hidden id or picture of what goes) */
  children: React.ReactNode;
}) {
  return (
    <Form method="post" className={className} aria-label={label}>
      <input type="hidden" name="intent" value="delete" />
      {children}
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={busy} className="btn-primary">
          Yes, delete it
        </button>
        <Link to={keepHref} className="btn-secondary">
          Keep it
        </Link>
      </div>
    </Form>
  );
}
