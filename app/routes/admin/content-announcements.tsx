// The announcement bar at the top of the storefront (decision 0067): add, edit, show or hide,
// move up or down, delete. Every button posts a plain form, so it works without JavaScript. Each
// form is a ConsoleForm (decision 0096): a refusal shows in the form whose button was pressed,
// under the words when it is about them, beside the buttons when it names nothing.
import { data, useActionData, useLoaderData, useNavigation } from "react-router";
import { CONTENT_LIMITS as L } from "../../../core/content/content-limits";
import {
  addAnnouncement,
  deleteAnnouncement,
  listAnnouncementsForStaff,
  reorderAnnouncements,
  updateAnnouncement,
} from "../../../core/content/announcements-admin";
import { AppError } from "../../../core/shared/errors";
import { ConsoleErrorBoundary } from "../../components/admin/ConsoleError";
import { ContentNav, MoveButtons, moveOf, movedOrder } from "../../components/admin/ContentNav";
import { ConsoleForm, FieldInput, FormNotice, PageTitle, Panel } from "../../components/admin/Fields";
import { Notice } from "../../components/admin/Notice";
import { consoleMeta, formText } from "../../lib/console";
import { formErrorsFor } from "../../lib/form-errors.server";
import { requireStaff } from "../../lib/staff.server";
import type { Route } from "./+types/content-announcements";

export const meta = () => consoleMeta("Announcements");
export const ErrorBoundary = ConsoleErrorBoundary;

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireStaff(request, context, "content");
  return { announcements: await listAnnouncementsForStaff(context.core, actor) };
}

/** `form`: the form it answers, "add" or the announcement's id; a refusal's `fields` by input name */
type Answer = { done?: string; error?: string; fields?: Record<string, string>; at?: number; form?: "add" | number };

/** The fields a refusal may name: only those the forms show, so no message is lost. */
const FIELDS = { known: ["content", "content_ur"] } as const;

/** Which form posted: the add form has no id. */
function formOf(form: FormData): "add" | number {
  const id = Number(formText(form, "id"));
  return formText(form, "intent") === "add" || !Number.isSafeInteger(id) || id <= 0 ? "add" : id;
}

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
      await addAnnouncement(context.core, actor, {
        content: formText(form, "content"),
        contentUr: formText(form, "content_ur"),
        isActive: true,
      });
      return { done: "Announcement added to the bar.", at: Date.now() } satisfies Answer;
    }
    if (intent === "save") {
      await updateAnnouncement(context.core, actor, id, {
        content: formText(form, "content"),
        // empty clears the Urdu: the Urdu bar shows the English (decision 0111)
        contentUr: formText(form, "content_ur"),
        isActive: form.get("active") === "on",
      });
      return { done: "Announcement saved.", at: Date.now() } satisfies Answer;
    }
    if (intent === "delete") {
      await deleteAnnouncement(context.core, actor, id);
      return { done: "Announcement deleted.", at: Date.now() } satisfies Answer;
    }
    return data<Answer>({ error: "Choose what to do.", at: Date.now(), form: formOf(form) }, { status: 400 });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.status === 403) throw data({ detail: error.message }, { status: 403 });
    return data<Answer>(
      { ...formErrorsFor(error, FIELDS), at: Date.now(), form: formOf(form) },
      { status: error.status },
    );
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
      {answer?.done && (
        // a new answer (the same words again, too) is brought into sight again
        <div className="mb-4 [&>div]:scroll-mt-16" key={answer.at}>
          <Notice kind="success">{answer.done}</Notice>
        </div>
      )}
      <Panel title="Add an announcement">
        <ConsoleForm
          method="post"
          className="space-y-2"
          aria-label="Add an announcement"
          answer={answer?.form === "add" ? answer : undefined}
          // emptied after one is added; a refusal keeps what was typed
          key={answer?.done ? answer.at : "add"}
        >
          <input type="hidden" name="intent" value="add" />
          <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
            <div className="min-w-0 flex-1">
              <FieldInput
                name="content"
                aria-label="Words"
                required
                maxLength={L.announcement}
                placeholder="Free delivery on orders above Rs. 5,000"
              />
              <FieldInput
                name="content_ur"
                aria-label="Words in Urdu"
                maxLength={L.announcement}
                lang="ur"
                dir="rtl"
                placeholder="In Urdu: empty shows the English"
                className="field mt-2"
              />
            </div>
            <button type="submit" disabled={busy} className="btn-primary">
              Add
            </button>
          </div>
          <FormNotice />
        </ConsoleForm>
      </Panel>
      <ol className="mt-4 space-y-2" aria-label="Announcements">
        {announcements.length === 0 && (
          <li className="text-sm text-stone-600">No announcements: the bar is not shown.</li>
        )}
        {announcements.map((a, i) => (
          <li key={a.id} className="bg-white p-3 ring-1 ring-stone-200">
            <ConsoleForm
              method="post"
              className="space-y-2"
              aria-label={`Announcement ${i + 1}`}
              answer={answer?.form === a.id ? answer : undefined}
            >
              <input type="hidden" name="id" value={a.id} />
              <div>
                <FieldInput
                  name="content"
                  aria-label={`Words of announcement ${i + 1}`}
                  defaultValue={a.content}
                  required
                  maxLength={L.announcement}
                />
                <FieldInput
                  name="content_ur"
                  aria-label={`Urdu words of announcement ${i + 1}`}
                  defaultValue={a.contentUr ?? ""}
                  maxLength={L.announcement}
                  lang="ur"
                  dir="rtl"
                  placeholder="In Urdu: empty shows the English"
                  className="field mt-2"
                />
              </div>
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
                  className="btn-secondary ms-auto"
                  aria-label={`Delete announcement ${i + 1}`}
                >
                  Delete
                </button>
              </div>
              <FormNotice />
            </ConsoleForm>
          </li>
        ))}
      </ol>
    </>
  );
}
