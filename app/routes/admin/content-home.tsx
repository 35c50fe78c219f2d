// The home page's layout for staff (issue 14, point 8): its sections of products (add a product
// by searching, remove, put in order and save once; show or hide a section; move sections) and its
// videos. A section is picked by hand or shows the newest products by itself (decision 0097).
// Every button posts a plain form and the search is a GET form, so it all works without JavaScript.
import { useId } from "react";
import { data, Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { CONTENT_LIMITS as L, searchText } from "../../../core/content/content-limits";
import {
  addHomeSection,
  addHomeSectionProduct,
  addHomeVideo,
  deleteHomeSection,
  deleteHomeVideo,
  listHomeSectionsForStaff,
  listHomeVideosForStaff,
  newestForStaff,
  removeHomeSectionProduct,
  reorderHomeSectionProducts,
  reorderHomeSections,
  reorderHomeVideos,
  searchProductsForSection,
  updateHomeSection,
  updateHomeVideo,
} from "../../../core/content/home-admin";
import { AppError } from "../../../core/shared/errors";
import { ConsoleErrorBoundary } from "../../components/admin/ConsoleError";
import { ContentNav, MoveButtons, moveOf, movedOrder } from "../../components/admin/ContentNav";
import { SectionProductOrder } from "../../components/admin/SectionProductOrder";
import {
  ConsoleForm,
  describedBy,
  FieldError,
  FieldInput,
  FormNotice,
  GroupError,
  PageTitle,
  Panel,
  useFieldError,
} from "../../components/admin/Fields";
import { Notice } from "../../components/admin/Notice";
import { consoleMeta, formText } from "../../lib/console";
import { formErrorsFor } from "../../lib/form-errors.server";
import { requireStaff } from "../../lib/staff.server";
import type { Route } from "./+types/content-home";

export const meta = () => consoleMeta("Home page");
export const ErrorBoundary = ConsoleErrorBoundary;

const whole = (value: string | null) => {
  const n = Number(value);
  return value && value.length <= 10 && Number.isSafeInteger(n) && n > 0 ? n : null;
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireStaff(request, context, "content");
  const params = new URL(request.url).searchParams;
  const findIn = whole(params.get("section"));
  const q = searchText(params.get("q"));
  const [sections, videos, found, newest] = await Promise.all([
    listHomeSectionsForStaff(context.core, actor),
    listHomeVideosForStaff(context.core, actor),
    findIn && q ? searchProductsForSection(context.core, actor, q) : Promise.resolve([]),
    newestForStaff(context.core, actor),
  ]);
  return { sections, videos, search: { section: findIn, q, found }, newest };
}

/**
 * `form`: the section form a refusal answers ("add-section" or the section's id), which shows it
 * under its field or beside its buttons (decision 0096); the page's other forms show theirs above.
 */
type Answer = {
  done?: string;
  error?: string;
  fields?: Record<string, string>;
  at?: number;
  form?: "add-section" | number;
};

/** A section's fields a refusal may name: all of them are on its form. */
const SECTION_FIELDS = { known: ["name", "description", "kind", "newest_count"] } as const;

const POSITIONS_RULE = "Each position must be a whole number from 1 to the number of products.";

/** The product ids of the order form in the places typed beside them (ties keep the page's order). */
function typedOrder(form: FormData): number[] {
  const ids = form.getAll("product").map((v) => whole(typeof v === "string" ? v : null));
  const places = form.getAll("position").map((v) => (typeof v === "string" && v.length <= 10 ? Number(v) : NaN));
  if (ids.length > L.sectionProducts || ids.length !== places.length || ids.some((id) => id === null)) {
    throw new AppError(422, "The list of products was not sent whole. Please load the page again.");
  }
  if (places.some((n) => !Number.isInteger(n) || n < 1 || n > ids.length)) throw new AppError(422, POSITIONS_RULE);
  return ids
    .map((id, i) => ({ id: id!, place: places[i]!, i }))
    .sort((a, b) => a.place - b.place || a.i - b.i)
    .map((row) => row.id);
}

const versionOf = (value: string) => (/^\d{1,9}$/.test(value) ? Number(value) : -1);

const NEWEST_COUNT_FIELD = `How many products: a whole number from 1 to ${L.newestProducts}.`;
function countOf(value: string): number {
  const n = /^\s*\d{1,2}\s*$/.test(value) ? Number(value) : Number.NaN;
  if (!(n >= 1 && n <= L.newestProducts)) throw new AppError(422, NEWEST_COUNT_FIELD, { field: "newest_count" });
  return n;
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireStaff(request, context, "content");
  const form = await request.formData();
  const core = context.core;
  const id = whole(formText(form, "id")) ?? 0;
  const intent = formText(form, "intent");
  // which list an Up, Down or Remove button belongs to
  const scope = formText(form, "scope");
  try {
    const move = moveOf(formText(form, "move"));
    if (move && scope === "section") {
      const ids = (await listHomeSectionsForStaff(core, actor)).map((s) => s.id);
      await reorderHomeSections(core, actor, movedOrder(ids, move.id, move.direction));
      return { done: "Section order saved.", at: Date.now() } satisfies Answer;
    }
    const remove = whole(formText(form, "remove"));
    if (remove && scope === "product") {
      await removeHomeSectionProduct(core, actor, id, remove);
      return { done: "Product taken out of the section.", at: Date.now() } satisfies Answer;
    }
    if (scope === "product" && (move || intent === "save-order")) {
      // the rows as the page showed them, in the places typed (or moved there in the page), then
      // the one move of an Up or Down pressed without JavaScript
      const placed = typedOrder(form);
      const order = move ? movedOrder(placed, move.id, move.direction) : placed;
      await reorderHomeSectionProducts(core, actor, id, order, versionOf(formText(form, "version")));
      return { done: "Product order saved.", at: Date.now() } satisfies Answer;
    }
    if (move && scope === "video") {
      const ids = (await listHomeVideosForStaff(core, actor)).map((v) => v.id);
      await reorderHomeVideos(core, actor, movedOrder(ids, move.id, move.direction));
      return { done: "Video order saved.", at: Date.now() } satisfies Answer;
    }
    const sectionFields = () => {
      const kind = formText(form, "kind") || undefined;
      return {
        name: formText(form, "name"),
        description: formText(form, "description"),
        isActive: form.get("active") === "on",
        kind,
        // the count matters only to a section of the newest; a picked one keeps what it had
        ...(kind === "newest" ? { newestCount: countOf(formText(form, "newest_count")) } : {}),
      };
    };
    const videoFields = () => ({
      title: formText(form, "title"),
      description: formText(form, "description"),
      videoUrl: formText(form, "video_url"),
      isActive: form.get("active") === "on",
    });
    switch (intent) {
      case "add-section":
        await addHomeSection(core, actor, { ...sectionFields(), isActive: true });
        return { done: "Section added at the end of the home page.", at: Date.now() } satisfies Answer;
      case "save-section":
        await updateHomeSection(core, actor, id, sectionFields());
        return { done: "Section saved.", at: Date.now() } satisfies Answer;
      case "delete-section":
        await deleteHomeSection(core, actor, id);
        return { done: "Section deleted.", at: Date.now() } satisfies Answer;
      case "add-product":
        await addHomeSectionProduct(core, actor, id, whole(formText(form, "product")) ?? 0);
        return { done: "Product added to the section.", at: Date.now() } satisfies Answer;
      case "add-video":
        await addHomeVideo(core, actor, { ...videoFields(), isActive: true });
        return { done: "Video added.", at: Date.now() } satisfies Answer;
      case "save-video":
        await updateHomeVideo(core, actor, id, videoFields());
        return { done: "Video saved.", at: Date.now() } satisfies Answer;
      case "delete-video":
        await deleteHomeVideo(core, actor, id);
        return { done: "Video deleted.", at: Date.now() } satisfies Answer;
    }
    return data<Answer>({ error: "Choose what to do." }, { status: 400 });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.status === 403) throw data({ detail: error.message }, { status: 403 });
    if (intent === "add-section" || ((intent === "save-section" || scope === "section") && id > 0)) {
      const form = intent === "add-section" ? "add-section" : id;
      return data<Answer>({ ...formErrorsFor(error, SECTION_FIELDS), at: Date.now(), form }, { status: error.status });
    }
    return data<Answer>({ error: error.message, at: Date.now() }, { status: error.status });
  }
}

export default function ConsoleHomeLayout() {
  const { sections, videos, search, newest } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as Answer | undefined;
  const busy = useNavigation().state !== "idle";
  return (
    <>
      <PageTitle
        title="Home page"
        intro="The sections of products and the videos of the storefront's home page, in order."
      />
      <ContentNav current="/admin/content/home" />
      {answer && answer.form === undefined && (
        // a new answer (the same words again, too) is brought into sight again
        <div className="mb-4 [&>div]:scroll-mt-16" key={answer.at}>
          {answer.error ? <Notice kind="error">{answer.error}</Notice> : <Notice kind="success">{answer.done}</Notice>}
        </div>
      )}
      <h2 className="mb-3 text-lg font-semibold">Sections</h2>
      <ol className="space-y-4" aria-label="Sections">
        {sections.map((s, i) => {
          const searching = search.section === s.id;
          return (
            <li key={s.id} id={`section-${s.id}`} className="bg-white p-4 ring-1 ring-stone-200">
              <ConsoleForm
                method="post"
                className="space-y-2"
                aria-label={`Section ${s.name}`}
                preventScrollReset
                answer={answer?.form === s.id ? answer : undefined}
              >
                <input type="hidden" name="id" value={s.id} />
                <input type="hidden" name="scope" value="section" />
                <SectionText name="name" label="Name" defaultValue={s.name} maxLength={L.sectionName} required />
                <SectionText
                  name="description"
                  label="Description"
                  defaultValue={s.description}
                  maxLength={L.sectionDescription}
                />
                <SectionKindFields kind={s.kind} count={s.newestCount} />
                <div className="flex flex-wrap items-center gap-2">
                  <label className="flex min-h-11 items-center gap-2 text-sm">
                    <input type="checkbox" name="active" defaultChecked={s.isActive} className="h-5 w-5" />
                    Shown
                  </label>
                  <button type="submit" name="intent" value="save-section" disabled={busy} className="btn-primary">
                    Save
                  </button>
                  <MoveButtons
                    id={s.id}
                    first={i === 0}
                    last={i === sections.length - 1}
                    what={`section ${s.name}`}
                    busy={busy}
                  />
                  <button
                    type="submit"
                    name="intent"
                    value="delete-section"
                    disabled={busy}
                    className="btn-secondary ml-auto"
                    aria-label={`Delete section ${s.name}`}
                  >
                    Delete
                  </button>
                </div>
                <FormNotice />
              </ConsoleForm>
              {s.kind === "newest" ? (
                <NewestPreview count={s.newestCount} newest={newest} />
              ) : (
                <>
                  <h3 className="mt-4 mb-2 text-sm font-semibold">Products ({s.products.length})</h3>
                  <SectionProductOrder section={s} busy={busy} />
                </>
              )}
              {s.kind !== "newest" && (
                <Form
                  method="get"
                  preventScrollReset
                  className="mt-3 flex gap-2"
                  aria-label={`Find a product for ${s.name}`}
                >
                  <input type="hidden" name="section" value={s.id} />
                  <label className="min-w-0 flex-1">
                    <span className="sr-only">Product name or number</span>
                    <input
                      type="search"
                      name="q"
                      defaultValue={searching ? search.q : ""}
                      maxLength={100}
                      placeholder="Add a product: name or number"
                      className="field"
                    />
                  </label>
                  <button type="submit" className="btn-secondary">
                    Find
                  </button>
                </Form>
              )}
              {searching && s.kind !== "newest" && (
                <ul className="mt-2 space-y-1" aria-label="Products found">
                  {search.found.length === 0 && (
                    <li className="text-sm text-stone-600">No product matches “{search.q}”.</li>
                  )}
                  {search.found.map((p) => {
                    const inSection = s.products.some((x) => x.id === p.id);
                    return (
                      <li key={p.id}>
                        <Form method="post" preventScrollReset className="flex items-center gap-2 text-sm">
                          <input type="hidden" name="intent" value="add-product" />
                          <input type="hidden" name="id" value={s.id} />
                          <input type="hidden" name="product" value={p.id} />
                          <span className="min-w-0 flex-1 break-words">
                            {p.name} <span className="text-stone-500">#{p.id}</span>
                            {!p.isActive && <span className="ml-1 text-xs text-amber-800">(hidden)</span>}
                          </span>
                          <button
                            type="submit"
                            disabled={busy || inSection}
                            className="btn-secondary"
                            aria-label={`Add ${p.name}`}
                          >
                            {inSection ? "Added" : "Add"}
                          </button>
                        </Form>
                      </li>
                    );
                  })}
                </ul>
              )}
            </li>
          );
        })}
      </ol>
      <div className="mt-4">
        <Panel title="Add a section">
          <ConsoleForm
            method="post"
            className="space-y-2"
            aria-label="Add a section"
            answer={answer?.form === "add-section" ? answer : undefined}
            // emptied after a section is added; a refusal keeps what was typed
            key={answer?.done ? answer.at : "add-section"}
          >
            <input type="hidden" name="intent" value="add-section" />
            <SectionText name="name" label="Name" maxLength={L.sectionName} required placeholder="Eid collection" />
            <SectionText name="description" label="Description" maxLength={L.sectionDescription} />
            <SectionKindFields kind="picked" count={8} />
            <FormNotice />
            <button type="submit" disabled={busy} className="btn-primary">
              Add section
            </button>
          </ConsoleForm>
        </Panel>
      </div>

      <h2 className="mt-8 mb-3 text-lg font-semibold">Videos</h2>
      <ol className="space-y-3" aria-label="Videos">
        {videos.map((v, i) => (
          <li key={v.id} className="bg-white p-4 ring-1 ring-stone-200">
            <Form method="post" preventScrollReset className="space-y-2" aria-label={`Video ${v.title}`}>
              <input type="hidden" name="id" value={v.id} />
              <input type="hidden" name="scope" value="video" />
              <VideoFields title={v.title} description={v.description} url={v.videoUrl} />
              <div className="flex flex-wrap items-center gap-2">
                <label className="flex min-h-11 items-center gap-2 text-sm">
                  <input type="checkbox" name="active" defaultChecked={v.isActive} className="h-5 w-5" />
                  Shown
                </label>
                <button type="submit" name="intent" value="save-video" disabled={busy} className="btn-primary">
                  Save
                </button>
                <MoveButtons
                  id={v.id}
                  first={i === 0}
                  last={i === videos.length - 1}
                  what={`video ${v.title}`}
                  busy={busy}
                />
                <button
                  type="submit"
                  name="intent"
                  value="delete-video"
                  disabled={busy}
                  className="btn-secondary ml-auto"
                  aria-label={`Delete video ${v.title}`}
                >
                  Delete
                </button>
              </div>
            </Form>
          </li>
        ))}
      </ol>
      <div className="mt-4">
        <Panel title="Add a video">
          <Form method="post" className="space-y-2" aria-label="Add a video" key={answer?.at}>
            <input type="hidden" name="intent" value="add-video" />
            <VideoFields title="" description="" url="" />
            <button type="submit" disabled={busy} className="btn-primary">
              Add video
            </button>
          </Form>
        </Panel>
      </div>
      <p className="mt-6 text-sm">
        <Link to="/" className="underline underline-offset-4">
          See the home page
        </Link>
      </p>
    </>
  );
}

/** A section's name or description: its label above, its refusal under it (decision 0096). */
function SectionText({
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
function SectionKindFields({ kind, count }: { kind: "picked" | "newest"; count: number }) {
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
function NewestPreview({ count, newest }: { count: number; newest: { id: number; name: string }[] }) {
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
        <ol className="list-decimal space-y-0.5 pl-6 text-stone-800" aria-label="Shown now">
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

function VideoFields({ title, description, url }: { title: string; description: string; url: string }) {
  return (
    <>
      <label className="block text-sm">
        <span className="font-semibold">Title</span>
        <input name="title" defaultValue={title} required maxLength={L.videoTitle} className="field mt-1" />
      </label>
      <label className="block text-sm">
        <span className="font-semibold">YouTube address</span>
        <input
          name="video_url"
          type="url"
          inputMode="url"
          defaultValue={url}
          required
          maxLength={L.videoUrl}
          placeholder="https://youtu.be/…"
          className="field mt-1"
        />
      </label>
      <label className="block text-sm">
        <span className="font-semibold">Description</span>
        <input name="description" defaultValue={description} maxLength={L.videoDescription} className="field mt-1" />
      </label>
    </>
  );
}
