// One collection (decision 0066): its name, description, whether it shows and leads the home
// page, its place among collections, its hero image (uploaded here, decision 0066, or chosen among
// its products' photos), its products in order (moved up or down, dragged, removed, and found by
// name or number to add), and Delete, which keeps the products. Its panels are
// components/admin/CollectionEditor*.tsx.
import { data, Link, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { deleteCollection, getCollectionForStaff, updateCollection } from "../../../core/catalog/collection-admin";
import {
  addCollectionProduct,
  findProductsToAdd,
  moveCollectionProduct,
  orderCollectionProducts,
  removeCollectionProduct,
} from "../../../core/catalog/collection-products-admin";
import { mediaStorage } from "../../../core/media/storage";
import { AppError, invalid } from "../../../core/shared/errors";
import { formatRupees } from "../../../core/shared/money";
import type { CollectionAnswer as Answer } from "../../components/admin/CollectionEditorAnswer";
import { CollectionEditorDetails } from "../../components/admin/CollectionEditorDetails";
import { CollectionEditorHero } from "../../components/admin/CollectionEditorHero";
import { CollectionEditorProducts } from "../../components/admin/CollectionEditorProducts";
import { BackLink } from "../../components/admin/BackLink";
import { ConsoleErrorBoundary } from "../../components/admin/ConsoleError";
import { DeleteConfirmForm } from "../../components/admin/DeleteConfirmForm";
import { PageTitle, Panel } from "../../components/admin/Fields";
import { Notice, actionError } from "../../components/admin/Notice";
import { siteImageOutcome } from "../../components/admin/SiteImageUpload";
import { productHref } from "../../lib/catalog-view.server";
import { collectionId, CONTROL, toId } from "../../lib/collection-editor.server";
import { consoleMeta, formText } from "../../lib/console";
import { orRefusal } from "../../lib/core-refusal.server";
import { formResult, requireStaff } from "../../lib/staff.server";
import type { Route } from "./+types/collection";

export const meta = ({ data: page }: Route.MetaArgs) =>
  consoleMeta(page && "collection" in page ? page.collection.name : "Collection");
export const ErrorBoundary = ConsoleErrorBoundary;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const actor = await requireStaff(request, context, "collections");
  const id = collectionId(params.id);
  const url = new URL(request.url);
  const search = (url.searchParams.get("find") ?? "").slice(0, 100).replace(CONTROL, "").trim();
  const [collection, found] = await orRefusal(
    Promise.all([
      getCollectionForStaff(context.core, actor, id),
      search ? findProductsToAdd(context.core, actor, id, search) : Promise.resolve([]),
    ]),
  );
  return {
    collection: {
      id: collection.id,
      name: collection.name,
      description: collection.description,
      nameUr: collection.nameUr ?? "",
      descriptionUr: collection.descriptionUr ?? "",
      imageUrl: collection.imageUrl,
      isActive: collection.isActive,
      isFeatured: collection.isFeatured,
      position: collection.position,
    },
    products: collection.products.map((p) => ({
      id: p.id,
      name: p.name,
      imageUrl: p.imageUrl,
      price: formatRupees(p.pricePaisa),
      note: p.archived ? "archived" : p.isActive ? null : "hidden",
      href: productHref({ id: p.id, customUrl: p.customUrl }),
    })),
    imageChoices: collection.imageChoices.slice(0, 60),
    search,
    found: found.map((p) => ({
      id: p.id,
      name: p.name,
      price: formatRupees(p.pricePaisa),
      hidden: !p.isActive,
    })),
    created: url.searchParams.get("created") === "1",
    deleting: url.searchParams.get("delete") === "1",
    upload: siteImageOutcome(url.searchParams),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = await requireStaff(request, context, "collections");
  const id = collectionId(params.id);
  const form = await request.formData();
  const intent = formText(form, "intent");
  const core = context.core;

  if (intent === "details") {
    return formResult(
      async () => {
        const positionText = formText(form, "position").trim();
        if (positionText.length > 7 || !/^\d+$/.test(positionText))
          throw new AppError(422, "Place must be a whole number from 0 to 100000.", { field: "position" });
        const { changed } = await updateCollection(core, actor, id, {
          name: formText(form, "name").trim(),
          description: formText(form, "description").trim(),
          // empty clears the Urdu: the Urdu pages show the English (decision 0111)
          nameUr: formText(form, "name_ur"),
          descriptionUr: formText(form, "description_ur"),
          isActive: form.get("is_active") === "on",
          isFeatured: form.get("is_featured") === "on",
          position: Number(positionText),
        });
        return {
          form: "details",
          done: changed ? "Saved. The storefront shows it now." : "Nothing changed.",
        } as Answer;
      },
      { form: "details" },
      { known: ["name", "description", "name_ur", "description_ur", "position"] },
    );
  }
  if (intent === "image") {
    const choice = formText(form, "image_url");
    return formResult(
      async () => {
        // an uploaded hero replaced by a product's photo, or cleared: its files go (decision 0066)
        await updateCollection(
          core,
          actor,
          id,
          { imageUrl: choice === "" ? null : choice },
          mediaStorage(context.config),
        );
        return { form: "image", done: choice ? "Hero image saved." : "Hero image cleared." } as Answer;
      },
      { form: "image" },
    );
  }
  if (intent === "order") {
    const text = formText(form, "order");
    return formResult(
      async () => {
        const parts = text.length > 30_000 ? [] : text.split(",");
        const ids = parts.map((p) => toId(p.trim()));
        if (ids.length === 0 || ids.some((p) => p === null)) throw invalid("Send the products' order.");
        await orderCollectionProducts(core, actor, id, ids as number[]);
        return { form: "products", done: "Order saved." } as Answer;
      },
      { form: "products" },
    );
  }
  if (intent === "add") {
    const productId = toId(formText(form, "product_id"));
    return formResult(
      async () => {
        if (productId === null) throw invalid("Choose a product to add.");
        const { changed } = await addCollectionProduct(core, actor, id, productId);
        return {
          form: "products",
          done: changed ? "Product added at the end." : "It was already in the collection.",
        } as Answer;
      },
      { form: "products" },
    );
  }
  if (intent === "move") {
    const [move, idText] = formText(form, "product").split(":");
    const productId = toId(idText);
    return formResult(
      async () => {
        if (productId === null) throw invalid("Choose a product.");
        if (move === "remove") {
          await removeCollectionProduct(core, actor, id, productId);
          return { form: "products", done: "Product taken out of the collection." } as Answer;
        }
        if (move !== "up" && move !== "down") throw invalid("Choose up or down.");
        await moveCollectionProduct(core, actor, id, productId, move);
        return { form: "products", done: "Order saved." } as Answer;
      },
      { form: "products" },
    );
  }
  if (intent === "delete") {
    const refused = await formResult(async () => {
      await deleteCollection(core, actor, id, mediaStorage(context.config));
      return null;
    });
    if (refused) return refused;
    throw redirect("/admin/collections?deleted=1");
  }
  return data({ error: "Choose what to do." }, { status: 400 });
}

export default function ConsoleCollection() {
  const { collection, products, imageChoices, search, found, created, deleting, upload } =
    useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as Answer | undefined;
  const busy = useNavigation().state === "submitting";
  const otherError = answer && !answer.form ? actionError(answer) : null;
  return (
    <>
      <BackLink to="/admin/collections" label="← Collections" />
      <PageTitle
        title={collection.name}
        intro={`${collection.isActive ? "Shown on the storefront" : "Hidden from the storefront"}${collection.isFeatured ? ", featured on the home page" : ""}.`}
      />
      {created && (
        <div className="mb-4">
          <Notice kind="success">Collection added. Now add its products.</Notice>
        </div>
      )}
      {otherError && (
        <div className="mb-4">
          <Notice kind="error">{otherError}</Notice>
        </div>
      )}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="space-y-6">
          <CollectionEditorProducts
            collectionId={collection.id}
            products={products}
            search={search}
            found={found}
            answer={answer}
            busy={busy}
          />
        </div>
        <div className="space-y-6">
          <CollectionEditorDetails collection={collection} answer={answer} busy={busy} />
          <CollectionEditorHero
            collection={collection}
            imageChoices={imageChoices}
            upload={upload}
            answer={answer}
            busy={busy}
          />
          <Panel title="Delete">
            {deleting ? (
              <DeleteConfirmForm label="Delete collection" keepHref={`/admin/collections/${collection.id}`} busy={busy}>
                <p className="text-sm font-semibold">
                  Delete {collection.name}? Its {products.length} products stay in the catalogue.
                </p>
              </DeleteConfirmForm>
            ) : (
              <Link to={`/admin/collections/${collection.id}?delete=1`} className="btn-secondary">
                Delete collection
              </Link>
            )}
          </Panel>
        </div>
      </div>
    </>
  );
}
