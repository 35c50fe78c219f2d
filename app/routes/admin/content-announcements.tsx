// The announcement bar at the top of the storefront (issue 14, point 8): add, edit, show or hide,
// move up or down, delete. Every button posts a plain form, so it works without JavaScript.
import { data, Form, useActionData, useLoaderData, useNavigation } from "react-router";
import { CONTENT_LIMITS as L } from "../../../core/content/content-limits";
import {
  addAnnouncement,
  deleteAnnouncement,
  listAnnouncementsForStaff,
  reorderAnnouncements,
  updateAnnouncement,
} from "../../../core/content/home-admin";
import { AppError } from "../../../core/shared/errors";
import { ConsoleErrorBoundary } from "../../components/admin/ConsoleError";
import { ContentNav, MoveButtons, moveOf, movedOrder } from "../../components/admin/ContentNav";
import { PageTitle, Panel } from "../../components/admin/Fields";
import { Notice } from "../../components/admin/Notice";
import { consoleMeta, formText } from "../../lib/console";
import { requireStaff } from "../../lib/staff.server";
import type { Route } from "./+types/content-announcements";

export const meta = () => consoleMeta("Announcements");
export const ErrorBoundary = ConsoleErrorBoundary;

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireStaff(request, context, "content");
  return { announcements: await listAnnouncementsForStaff(context.core, actor) };
}

type Answer = { done?: string; error?: string; at?: number };

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireStaff(request, context, "content");
  const form = await request.formData();
  const id = Number(formText(form, "id"));
  try {
    const move = moveOf(formText(form, "move"));
    if (move) {
      const ids = (await listAnnouncementsForStaff(context.core, actor)).map((a) => a.id);
      await reorderAnnouncements(context.core, actor, movedOrder(ids, move.id, move.direction));
      return { done: "Order saved.", at: Date.now() } satisfies Answer;
    }
    const intent = formText(form, "intent");
    if (intent === "add") {
      await addAnnouncement(context.core, actor, { content: formText(form, "content"), isActive: true });
      return { done: "Announcement added to the bar.", at: Date.now() } satisfies Answer;
    }
    if (intent === "save") {
      await updateAnnouncement(context.core, actor, id, {
        content: formText(form, "content"),
        isActive: form.get("active") === "on",
      });
      return { done: "Announcement saved.", at: Date.now() } satisfies Answer;
    }
    if (intent === "delete") {
      await deleteAnnouncement(context.core, actor, id);
      return { done: "Announcement deleted.", at: Date.now() } satisfies Answer;
    }
    return data<Answer>({ error: "Choose what to do." }, { status: 400 });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.status === 403) throw data({ detail: error.message }, { status: 403 });
    return data<Answer>({ error: error.message, at: Date.now() }, { status: error.status });
  }
}

export default function ConsoleAnnouncements() {
  const { announcements } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as Answer | undefined;
  const busy = useNavigation().state !== "idle";
  return (
    <>
      <PageTitle
        title="Announcements"
        intro="The bar at the top of every storefront page shows the ticked ones, in this order."
      />
      <ContentNav current="/admin/content/announcements" />
      {answer && (
        // a new answer (the same words again, too) is brought into sight again
        <div className="mb-4 [&>div]:scroll-mt-16" key={answer.at}>
          {answer.error ? <Notice kind="error">{answer.error}</Notice> : <Notice kind="success">{answer.done}</Notice>}
        </div>
      )}
      <Panel title="Add an announcement">
        <Form
          method="post"
          className="flex flex-col gap-2 sm:flex-row"
          aria-label="Add an announcement"
          key={answer?.at}
        >
          <input type="hidden" name="intent" value="add" />
          <label className="min-w-0 flex-1">
            <span className="sr-only">Words</span>
            <input
              name="content"
              required
              maxLength={L.announcement}
              placeholder="Free delivery on orders above Rs. 5,000"
              className="field"
            />
          </label>
          <button type="submit" disabled={busy} className="btn-primary">
            Add
          </button>
        </Form>
      </Panel>
      <ol className="mt-4 space-y-2" aria-label="Announcements">
        {announcements.length === 0 && (
          <li className="text-sm text-stone-600">No announcements: the bar is not shown.</li>
        )}
        {announcements.map((a, i) => (
          <li key={a.id} className="bg-white p-3 ring-1 ring-stone-200">
            <Form method="post" className="space-y-2" aria-label={`Announcement ${i + 1}`}>
              <input type="hidden" name="id" value={a.id} />
              <label className="block">
                <span className="sr-only">Words of announcement {i + 1}</span>
                <input name="content" defaultValue={a.content} required maxLength={L.announcement} className="field" />
              </label>
              <div className="flex flex-wrap items-center gap-2">
                <label className="flex min-h-11 items-center gap-2 text-sm">
                  <input type="checkbox" name="active" defaultChecked={a.isActive} className="h-5 w-5" />
                  Shown
                </label>
                <button type="submit" name="intent" value="save" disabled={busy} className="btn-primary">
                  Save
                </button>
                <MoveButtons
                  id={a.id}
                  first={i === 0}
                  last={i === announcements.length - 1}
                  what={`announcement ${i + 1}`}
                  busy={busy}
                />
                <button
                  type="submit"
                  name="intent"
                  value="delete"
                  disabled={busy}
                  className="btn-secondary ml-auto"
                  aria-label={`Delete announcement ${i + 1}`}
                >
                  Delete
                </button>
              </div>
            </Form>
          </li>
        ))}
      </ol>
    </>
  );
}
