// The home page's layout for staff: its sections of products (add a product by searching, remove,
// put in order and save once; show or hide a section; move sections) and its videos. A section is
// picked by hand or shows the newest products by itself (decision 0097). Every button posts a plain
// form and the search is a GET form, so it all works without JavaScript. A section's form is
// components/admin/HomeSectionCard.tsx, the videos HomeVideos.tsx.
import { data, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { CONTENT_LIMITS as L, searchText } from "../../../core/content/content-limits";
import {
  addHomeSectionProduct,
  removeHomeSectionProduct,
  reorderHomeSectionProducts,
  searchProductsForSection,
} from "../../../core/content/home-section-products";
import {
  addHomeSection,
  deleteHomeSection,
  listHomeSectionsForStaff,
  newestForStaff,
  reorderHomeSections,
  updateHomeSection,
} from "../../../core/content/home-sections-admin";
import {
  addHomeVideo,
  deleteHomeVideo,
  listHomeVideosForStaff,
  reorderHomeVideos,
  updateHomeVideo,
} from "../../../core/content/home-videos-admin";
import { AppError } from "../../../core/shared/errors";
import { ConsoleErrorBoundary } from "../../components/admin/ConsoleError";
import { ContentNav, moveOf, movedOrder } from "../../components/admin/ContentNav";
import { ConsoleForm, FormNotice, PageTitle, Panel } from "../../components/admin/Fields";
import { HomeSectionCard, type HomeLayoutAnswer as Answer } from "../../components/admin/HomeSectionCard";
import { SectionKindFields, SectionText } from "../../components/admin/HomeSectionFields";
import { HomeVideos } from "../../components/admin/HomeVideos";
import { Notice } from "../../components/admin/Notice";
import { consoleMeta, formText } from "../../lib/console";
import { formErrorsFor } from "../../lib/form-errors.server";
import { countOf, SECTION_FIELDS, typedOrder, versionOf, whole } from "../../lib/home-layout.server";
import { requireStaff } from "../../lib/staff.server";
import type { Route } from "./+types/content-home";

export const meta = () => consoleMeta("Home page");
export const ErrorBoundary = ConsoleErrorBoundary;

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
        {sections.map((s, i) => (
          <HomeSectionCard
            key={s.id}
            section={s}
            first={i === 0}
            last={i === sections.length - 1}
            search={search}
            newest={newest}
            answer={answer}
            busy={busy}
          />
        ))}
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
      <HomeVideos videos={videos} busy={busy} answerAt={answer?.at} />
      <p className="mt-6 text-sm">
        <Link to="/" className="underline underline-offset-4">
          See the home page
        </Link>
      </p>
    </>
  );
}
