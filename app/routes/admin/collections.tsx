// Collections (decision 0066), for the collections permission (owner, manager,
// catalogue): every collection in the storefront's order, moved up or down, and a new one added.
import { Form, Link, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { createCollection, listCollectionsForStaff, moveCollection } from "../../../core/catalog/collection-admin";
import { invalid } from "../../../core/shared/errors";
import { ConsoleErrorBoundary } from "../../components/admin/ConsoleError";
import { ConsoleForm, FormNotice, PageTitle, Panel, TextArea, TextField } from "../../components/admin/Fields";
import { Notice, actionError } from "../../components/admin/Notice";
import { consoleMeta, formText } from "../../lib/console";
import { imageSrc } from "../../lib/images";
import { formResult, requireStaff } from "../../lib/staff.server";
import type { Route } from "./+types/collections";

export const meta = () => consoleMeta("Collections");
export const ErrorBoundary = ConsoleErrorBoundary;

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireStaff(request, context, "collections");
  const list = await listCollectionsForStaff(context.core, actor);
  return {
    deleted: new URL(request.url).searchParams.get("deleted") === "1",
    collections: list.map((c) => ({
      id: c.id,
      name: c.name,
      imageUrl: c.imageUrl,
      isActive: c.isActive,
      isFeatured: c.isFeatured,
      productCount: c.productCount,
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireStaff(request, context, "collections");
  const form = await request.formData();
  const move = formText(form, "move");
  if (move) {
    const [direction, idText] = move.split(":");
    const id = Number(idText);
    return formResult(async () => {
      if ((direction !== "up" && direction !== "down") || !Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647)
        throw invalid("Choose up or down.");
      await moveCollection(context.core, actor, id, direction);
      return { done: "Order saved." };
    });
  }
  const created = await formResult(
    async () =>
      createCollection(context.core, actor, {
        name: formText(form, "name").trim(),
        description: formText(form, "description").trim(),
        nameUr: formText(form, "name_ur"),
        descriptionUr: formText(form, "description_ur"),
        isActive: form.get("is_active") === "on",
        isFeatured: form.get("is_featured") === "on",
      }),
    { name: formText(form, "name").slice(0, 200) },
  );
  if (!("id" in created)) return created;
  throw redirect(`/admin/collections/${created.id}?created=1`);
}

export default function ConsoleCollections() {
  const { collections, deleted } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const error = actionError(answer);
  const done = answer && typeof answer === "object" && "done" in answer ? String(answer.done) : null;
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <PageTitle
        title="Collections"
        intro="In the storefront's order. Featured collections lead the home page's slider."
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-label="Collection list">
          <div className="mb-3 space-y-2">
            {deleted && <Notice kind="success">Collection deleted. Its products are still in the catalogue.</Notice>}
            {done && <Notice kind="success">{done}</Notice>}
            {error && !("name" in (answer as object)) && <Notice kind="error">{error}</Notice>}
          </div>
          <Form method="post" preventScrollReset>
            <ol className="space-y-2">
              {collections.map((c, i) => (
                <li key={c.id} className="flex items-center gap-3 bg-white p-3 ring-1 ring-stone-200">
                  {c.imageUrl ? (
                    <img src={imageSrc(c.imageUrl, 400)} alt="" className="h-14 w-14 shrink-0 object-cover" />
                  ) : (
                    <span className="h-14 w-14 shrink-0 bg-stone-100" aria-hidden="true" />
                  )}
                  <div className="min-w-0 flex-1">
                    <Link
                      to={`/admin/collections/${c.id}`}
                      className="font-semibold break-words underline-offset-4 hover:underline"
                    >
                      {c.name}
                    </Link>
                    <p className="text-xs text-stone-600">
                      {c.productCount} {c.productCount === 1 ? "product" : "products"}
                      {!c.isActive && " · hidden"}
                      {c.isFeatured && " · featured on home"}
                    </p>
                  </div>
                  <div className="flex shrink-0 gap-1">
                    <button
                      type="submit"
                      name="move"
                      value={`up:${c.id}`}
                      disabled={busy || i === 0}
                      className="btn-secondary min-w-11 px-2"
                      aria-label={`Move ${c.name} up`}
                    >
                      ↑
                    </button>
                    <button
                      type="submit"
                      name="move"
                      value={`down:${c.id}`}
                      disabled={busy || i === collections.length - 1}
                      className="btn-secondary min-w-11 px-2"
                      aria-label={`Move ${c.name} down`}
                    >
                      ↓
                    </button>
                  </div>
                </li>
              ))}
            </ol>
          </Form>
        </section>
        <Panel title="New collection">
          <ConsoleForm
            answer={answer && typeof answer === "object" && "name" in answer ? answer : undefined}
            method="post"
            className="space-y-4"
            aria-label="New collection"
          >
            {/* a refusal naming no field at the top; a refused name or description under its field */}
            <FormNotice />
            <TextField name="name" label="Name" required maxLength={100} />
            <TextField
              name="name_ur"
              label="Urdu name"
              maxLength={100}
              lang="ur"
              hint="Shown on the Urdu pages. Empty: the English name shows there."
            />
            <TextArea name="description" label="Description" defaultValue="" maxLength={2000} rows={3} />
            <TextArea
              name="description_ur"
              label="Urdu description"
              defaultValue=""
              maxLength={2000}
              rows={3}
              lang="ur"
            />
            <label className="flex min-h-11 items-center gap-2 text-sm">
              <input type="checkbox" name="is_active" defaultChecked className="h-5 w-5" />
              Shown on the storefront
            </label>
            <label className="flex min-h-11 items-center gap-2 text-sm">
              <input type="checkbox" name="is_featured" className="h-5 w-5" />
              Featured on the home page
            </label>
            <button type="submit" disabled={busy} className="btn-primary">
              Add collection
            </button>
          </ConsoleForm>
        </Panel>
      </div>
    </>
  );
}
