// The home page's layout for staff (issue 14, point 8): its sections of products (add a product
// by searching, remove, move; show or hide a section; move sections) and its videos. Every button
// posts a plain form and the search is a GET form, so it all works without JavaScript.
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
import { PageTitle, Panel } from "../../components/admin/Fields";
import { Notice } from "../../components/admin/Notice";
import { consoleMeta, formText } from "../../lib/console";
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
  const [sections, videos, found] = await Promise.all([
    listHomeSectionsForStaff(context.core, actor),
    listHomeVideosForStaff(context.core, actor),
    findIn && q ? searchProductsForSection(context.core, actor, q) : Promise.resolve([]),
  ]);
  return { sections, videos, search: { section: findIn, q, found } };
}

type Answer = { done?: string; error?: string; at?: number };

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
    if (move && scope === "product") {
      const section = (await listHomeSectionsForStaff(core, actor)).find((s) => s.id === id);
      const ids = section?.products.map((p) => p.id) ?? [];
      await reorderHomeSectionProducts(core, actor, id, movedOrder(ids, move.id, move.direction));
      return { done: "Product order saved.", at: Date.now() } satisfies Answer;
    }
    const remove = whole(formText(form, "remove"));
    if (remove && scope === "product") {
      await removeHomeSectionProduct(core, actor, id, remove);
      return { done: "Product taken out of the section.", at: Date.now() } satisfies Answer;
    }
    if (move && scope === "video") {
      const ids = (await listHomeVideosForStaff(core, actor)).map((v) => v.id);
      await reorderHomeVideos(core, actor, movedOrder(ids, move.id, move.direction));
      return { done: "Video order saved.", at: Date.now() } satisfies Answer;
    }
    const sectionFields = () => ({
      name: formText(form, "name"),
      description: formText(form, "description"),
      isActive: form.get("active") === "on",
    });
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
    return data<Answer>({ error: error.message, at: Date.now() }, { status: error.status });
  }
}

export default function ConsoleHomeLayout() {
  const { sections, videos, search } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as Answer | undefined;
  const busy = useNavigation().state !== "idle";
  return (
    <>
      <PageTitle
        title="Home page"
        intro="The sections of products and the videos of the storefront's home page, in order."
      />
      <ContentNav current="/admin/content/home" />
      {answer && (
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
              <Form method="post" className="space-y-2" aria-label={`Section ${s.name}`} preventScrollReset>
                <input type="hidden" name="id" value={s.id} />
                <input type="hidden" name="scope" value="section" />
                <label className="block text-sm">
                  <span className="font-semibold">Name</span>
                  <input name="name" defaultValue={s.name} required maxLength={L.sectionName} className="field mt-1" />
                </label>
                <label className="block text-sm">
                  <span className="font-semibold">Description</span>
                  <input
                    name="description"
                    defaultValue={s.description}
                    maxLength={L.sectionDescription}
                    className="field mt-1"
                  />
                </label>
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
              </Form>
              <h3 className="mt-4 mb-2 text-sm font-semibold">Products ({s.products.length})</h3>
              <Form method="post" preventScrollReset aria-label={`Products of ${s.name}`}>
                <input type="hidden" name="id" value={s.id} />
                <input type="hidden" name="scope" value="product" />
                <ol className="divide-y divide-stone-100 ring-1 ring-stone-100">
                  {s.products.map((p, j) => (
                    <li key={p.id} className="flex flex-wrap items-center gap-2 p-2 text-sm">
                      <span className="w-6 text-right tabular-nums text-stone-500">{j + 1}.</span>
                      <span className="min-w-0 flex-1 basis-48 break-words">
                        {p.name}
                        {!p.isActive && <span className="ml-2 text-xs text-amber-800">(hidden product)</span>}
                      </span>
                      <span className="ml-auto flex gap-1">
                        <MoveButtons
                          id={p.id}
                          first={j === 0}
                          last={j === s.products.length - 1}
                          what={p.name}
                          busy={busy}
                        />
                        <button
                          type="submit"
                          name="remove"
                          value={p.id}
                          disabled={busy}
                          className="btn-secondary"
                          aria-label={`Remove ${p.name}`}
                        >
                          Remove
                        </button>
                      </span>
                    </li>
                  ))}
                </ol>
              </Form>
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
              {searching && (
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
          <Form method="post" className="space-y-2" aria-label="Add a section" key={answer?.at}>
            <input type="hidden" name="intent" value="add-section" />
            <label className="block text-sm">
              <span className="font-semibold">Name</span>
              <input
                name="name"
                required
                maxLength={L.sectionName}
                placeholder="Eid collection"
                className="field mt-1"
              />
            </label>
            <label className="block text-sm">
              <span className="font-semibold">Description</span>
              <input name="description" maxLength={L.sectionDescription} className="field mt-1" />
            </label>
            <button type="submit" disabled={busy} className="btn-primary">
              Add section
            </button>
          </Form>
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
