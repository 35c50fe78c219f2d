// The product editor (decision 0062) at /admin/products/new and /admin/products/:id, for the
// products permission: every field, the options and the grid of their combinations (price, SKU,
// available, stock) in one form, saved in one transaction by core. The form works without
// JavaScript: "Update the grid" posts it back to redraw the grid for new option values; with
// JavaScript the grid follows the option fields as they are typed, and the custom URL is checked
// as it is typed. Stock is sent as the new total with the total this page showed: a sale made
// meanwhile refuses the save (409) instead of being overwritten. The form itself is in
// components/admin/ProductEditor*.tsx, the server's helpers in lib/product-editor.server.ts.
import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import {
  archiveProduct,
  createProduct,
  deleteProduct,
  mayEditStock,
  restoreProduct,
  updateProduct,
} from "../../../core/catalog/product-admin";
import {
  getProductForEditing,
  listCollectionChoices,
  type EditableProduct,
} from "../../../core/catalog/product-editing";
import { AppError } from "../../../core/shared/errors";
import { productHref } from "../../lib/catalog-view.server";
import { ConsoleErrorBoundary } from "../../components/admin/ConsoleError";
import { PageTitle, Panel } from "../../components/admin/Fields";
import { Notice } from "../../components/admin/Notice";
import { ProductEditorForm, type ProductEditorAnswer as Answer } from "../../components/admin/ProductEditorForm";
import { consoleMeta, formText } from "../../lib/console";
import { orRefusal } from "../../lib/core-refusal.server";
import { formErrorsOf } from "../../lib/form-errors";
import { formErrorsFor } from "../../lib/form-errors.server";
import { draftFromForm, emptyDraft, inputFromDraft } from "../../lib/product-form";
import { draftOf, freshStock, inputOf, productIdOf, readable } from "../../lib/product-editor.server";
import { requireStaff } from "../../lib/staff.server";
import type { Route } from "./+types/product-edit";

export const meta = ({ data: loaded }: Route.MetaArgs) =>
  consoleMeta(loaded?.draft.id ? `Edit ${loaded.draft.name}` : "New product");
export const ErrorBoundary = ConsoleErrorBoundary;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const actor = await requireStaff(request, context, "products");
  const id = productIdOf(params);
  const collections = await listCollectionChoices(context.core, actor);
  const url = new URL(request.url);
  const product: EditableProduct | null =
    id === null ? null : await orRefusal(getProductForEditing(context.core, actor, id));
  return {
    draft: product ? draftOf(product) : emptyDraft(),
    state: product?.state ?? null,
    hasOrders: product?.hasOrders ?? false,
    storefrontHref: product && product.state === "active" ? productHref(product) : null,
    collections,
    canEditStock: mayEditStock(actor),
    saved: url.searchParams.get("saved") === "1",
    moved: url.searchParams.get("done") ?? "",
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = await requireStaff(request, context, "products");
  const id = productIdOf(params);
  const form = await request.formData();
  const intent = formText(form, "intent") || "save";
  try {
    if (id !== null && (intent === "archive" || intent === "restore")) {
      await (intent === "archive" ? archiveProduct : restoreProduct)(context.core, actor, id);
      throw redirect(`/admin/products/${id}?done=${intent}`);
    }
    if (id !== null && intent === "delete") {
      await deleteProduct(context.core, actor, id);
      throw redirect("/admin/products?deleted=1");
    }
    const draft = draftFromForm(form, id);
    // without JavaScript: draw the grid for the option values as typed, save nothing
    if (intent === "grid") return { draft } satisfies Answer;
    const input = inputFromDraft(draft, mayEditStock(actor));
    const saved =
      id === null
        ? await createProduct(context.core, actor, input)
        : await updateProduct(context.core, actor, id, input);
    throw redirect(`/admin/products/${saved.id}?saved=1`);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.status === 404) throw data({ detail: error.message }, { status: 404 });
    const draft = intent === "save" ? draftFromForm(form, id) : undefined;
    if (draft) freshStock(draft, error);
    const refusal = draft ? formErrorsFor(error, { inputOf: inputOf(draft) }) : { fields: {} };
    return data<Answer>(
      { error: readable(error.message, draft), fields: refusal.fields, draft, nonce: Date.now() },
      { status: error.status },
    );
  }
}

export default function ProductEditor() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as Answer | undefined;
  const busy = useNavigation().state === "submitting";
  const draft = answer?.draft ?? loaded.draft;
  const id = loaded.draft.id;
  const archived = loaded.state === "archived";
  return (
    <>
      <PageTitle
        title={id ? loaded.draft.name : "New product"}
        intro={id ? `Product #${id}${archived ? " · archived" : ""}` : "Name, price, options and stock in one form."}
      />
      {id !== null && (
        <nav aria-label="Product pages" className="mb-4 flex flex-wrap gap-2">
          <Link to="/admin/products" className="btn-secondary">
            All products
          </Link>
          <Link to={`/admin/products/${id}/photos`} className="btn-secondary">
            Photos
          </Link>
          <Link to={`/admin/products/${id}/stock`} className="btn-secondary">
            Stock history
          </Link>
          {loaded.storefrontHref && (
            <a href={loaded.storefrontHref} className="btn-secondary" target="_blank" rel="noreferrer">
              View in the shop
            </a>
          )}
        </nav>
      )}
      <div className="mb-4 space-y-2">
        {loaded.saved && !answer && (
          <Notice kind="success" className="scroll-mt-20">
            Saved. The shop shows it now.
          </Notice>
        )}
        {loaded.moved === "archive" && !answer && (
          <Notice kind="success">
            Archived: off the shop and out of the product list. Its orders keep their lines.
          </Notice>
        )}
        {loaded.moved === "restore" && !answer && (
          <Notice kind="success">Restored, hidden. Make it active and save to show it in the shop.</Notice>
        )}
        {formErrorsOf(answer).form && (
          <Notice kind="error" className="scroll-mt-20">
            {answer?.error}
          </Notice>
        )}
      </div>
      {archived ? (
        <Panel title="Archived">
          <p className="mb-3 text-sm">This product is archived: the shop does not show it. Restore it to change it.</p>
          <Form method="post">
            <button type="submit" name="intent" value="restore" disabled={busy} className="btn-primary">
              Restore
            </button>
          </Form>
        </Panel>
      ) : (
        <ProductEditorForm
          key={`${loaded.draft.updatedAt ?? "new"}:${answer?.nonce ?? 0}`}
          draft={draft}
          collections={loaded.collections}
          canEditStock={loaded.canEditStock}
          busy={busy}
          answer={answer}
        />
      )}
      {id !== null && !archived && (
        <div className="mt-6">
          <Panel title="Archive or delete">
            <Form method="post" className="space-y-3">
              <p className="text-sm text-stone-700">
                Archiving takes the product off the shop and out of the list; old orders keep their lines.
              </p>
              <button type="submit" name="intent" value="archive" disabled={busy} className="btn-secondary">
                Archive
              </button>
            </Form>
            {!loaded.hasOrders && (
              <details className="mt-4">
                <summary className="cursor-pointer text-sm font-semibold">Delete for good…</summary>
                <Form method="post" className="mt-3 space-y-3">
                  <p className="text-sm text-stone-700">
                    Nobody has ordered it yet, so it can be deleted with its options.
                  </p>
                  <button type="submit" name="intent" value="delete" disabled={busy} className="btn-secondary">
                    Yes, delete it
                  </button>
                </Form>
              </details>
            )}
          </Panel>
        </div>
      )}
    </>
  );
}
