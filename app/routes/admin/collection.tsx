// One collection (issue 14, point 5; decision 0066): its name, description, whether it shows and
// leads the home page, its place among collections, its hero image (uploaded here, decision 0066,
// or chosen among its products' photos), its products in order (moved up or down,
// dragged, removed, and found by name or number to add), and Delete, which keeps the products.
import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import {
  addCollectionProduct,
  deleteCollection,
  findProductsToAdd,
  getCollectionForStaff,
  moveCollectionProduct,
  orderCollectionProducts,
  removeCollectionProduct,
  updateCollection,
} from "../../../core/catalog/collection-admin";
import { mediaStorage } from "../../../core/media/storage";
import { AppError, invalid } from "../../../core/shared/errors";
import { formatRupees } from "../../../core/shared/money";
import { ConsoleErrorBoundary } from "../../components/admin/ConsoleError";
import { ConsoleForm, FormNotice, PageTitle, Panel, TextArea, TextField } from "../../components/admin/Fields";
import { Notice, actionError } from "../../components/admin/Notice";
import { ProductOrderList } from "../../components/admin/ProductOrderList";
import { SiteImageUpload, siteImageOutcome } from "../../components/admin/SiteImageUpload";
import { productHref } from "../../lib/catalog-view.server";
import { consoleMeta, formText } from "../../lib/console";
import { imageSrc } from "../../lib/images";
import { formResult, requireStaff } from "../../lib/staff.server";
import type { Route } from "./+types/collection";

export const meta = ({ data: page }: Route.MetaArgs) =>
  consoleMeta(page && "collection" in page ? page.collection.name : "Collection");
export const ErrorBoundary = ConsoleErrorBoundary;

/** A refusal from core as the page's answer (404: deleted meanwhile), never a 500. */
async function orRefusal<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (error instanceof AppError) throw data({ detail: error.message }, { status: error.status });
    throw error;
  }
}

// eslint-disable-next-line no-control-regex -- control characters are never in a search
const CONTROL = /[\u0000-\u001f\u007f]/g;

const MAX_ID = 2_147_483_647;
const toId = (value: string | undefined): number | null =>
  value && /^\d{1,10}$/.test(value) && Number(value) >= 1 && Number(value) <= MAX_ID ? Number(value) : null;

function collectionId(param: string): number {
  const id = toId(param);
  if (id === null) throw data({ detail: "Collection not found" }, { status: 404 });
  return id;
}

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

type Answer = { error?: string; fields?: Record<string, string>; done?: string; form?: string };

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
      { known: ["name", "description", "position"] },
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
  const notice = (form: string) =>
    answer?.form === form ? (
      <div className="mb-3">
        {answer.error ? (
          <Notice kind="error">{answer.error}</Notice>
        ) : (
          answer.done && <Notice kind="success">{answer.done}</Notice>
        )}
      </div>
    ) : null;
  const otherError = answer && !answer.form ? actionError(answer) : null;
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/collections" className="underline underline-offset-4">
          ← Collections
        </Link>
      </p>
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
          <Panel title={`Products (${products.length})`}>
            {notice("products")}
            <p className="mb-3 text-xs text-stone-600">
              The collection page shows them in this order unless a shopper picks another sort.
              <a href={`/collection/${collection.id}`} className="ml-1 underline underline-offset-4">
                See it in the shop
              </a>
            </p>
            <ProductOrderList products={products} busy={busy} />
            <Form method="get" role="search" className="mt-5 flex gap-2" aria-label="Find products to add">
              <label htmlFor="find" className="sr-only">
                Product name or number
              </label>
              <input
                id="find"
                type="search"
                name="find"
                defaultValue={search}
                maxLength={100}
                placeholder="Find products to add"
                className="field flex-1"
              />
              <button type="submit" className="btn-secondary">
                Find
              </button>
            </Form>
            {search && (
              <Form method="post" preventScrollReset className="mt-3" aria-label="Products found">
                <input type="hidden" name="intent" value="add" />
                {found.length === 0 ? (
                  <p className="text-sm text-stone-600">No product outside this collection matches “{search}”.</p>
                ) : (
                  <ul className="divide-y divide-stone-200 text-sm">
                    {found.map((p) => (
                      <li key={p.id} className="flex items-center gap-2 py-1">
                        <span className="min-w-0 flex-1 break-words">
                          {p.name}
                          <span className="ml-2 text-xs text-stone-600">
                            #{p.id} · {p.price}
                            {p.hidden && " · hidden"}
                          </span>
                        </span>
                        <button
                          type="submit"
                          name="product_id"
                          value={p.id}
                          disabled={busy}
                          className="btn-secondary"
                          aria-label={`Add ${p.name}`}
                        >
                          Add
                        </button>
                      </li>
                    ))}
                  </ul>
                )}
              </Form>
            )}
          </Panel>
        </div>
        <div className="space-y-6">
          <Panel title="Details">
            {answer?.form === "details" && answer.done && (
              <div className="mb-3">
                <Notice kind="success">{answer.done}</Notice>
              </div>
            )}
            <ConsoleForm
              method="post"
              className="space-y-4"
              aria-label="Collection details"
              key={JSON.stringify(collection)}
              answer={answer?.form === "details" ? answer : undefined}
            >
              <input type="hidden" name="intent" value="details" />
              <TextField label="Name" name="name" required maxLength={100} defaultValue={collection.name} />
              <TextArea label="Description" name="description" maxLength={2000} defaultValue={collection.description} />
              <TextField
                label="Place among collections"
                name="position"
                inputMode="numeric"
                maxLength={7}
                defaultValue={String(collection.position)}
                hint="Lowest first. The list of collections can also move it up or down."
              />
              <label className="flex min-h-11 items-center gap-2 text-sm">
                <input type="checkbox" name="is_active" defaultChecked={collection.isActive} className="h-5 w-5" />
                Shown on the storefront
              </label>
              <label className="flex min-h-11 items-center gap-2 text-sm">
                <input type="checkbox" name="is_featured" defaultChecked={collection.isFeatured} className="h-5 w-5" />
                Featured on the home page
              </label>
              <FormNotice />
              <button type="submit" disabled={busy} className="btn-primary">
                Save details
              </button>
            </ConsoleForm>
          </Panel>
          <Panel title="Hero image">
            {notice("image")}
            <div className="mb-4">
              <SiteImageUpload
                action={`/admin/collections/${collection.id}/image/upload`}
                label="Upload a hero image"
                hint="Shown wide on the home page's slider, and as the collection's picture when its page is shared."
                // a later form's answer replaces what the upload came back with
                outcome={answer ? { uploaded: false, error: null } : upload}
              />
            </div>
            <p className="mb-3 text-xs text-stone-600">
              Or choose one of the photos of the collection&apos;s products.
            </p>
            <Form method="post" preventScrollReset aria-label="Hero image" key={collection.imageUrl ?? "none"}>
              <input type="hidden" name="intent" value="image" />
              <fieldset>
                <legend className="sr-only">Hero image</legend>
                <div className="grid grid-cols-4 gap-2">
                  <label className="flex aspect-[3/4] cursor-pointer flex-col items-center justify-center gap-1 bg-stone-100 p-1 text-center text-xs ring-1 ring-stone-200 has-[:checked]:ring-2 has-[:checked]:ring-ink">
                    <input type="radio" name="image_url" value="" defaultChecked={!collection.imageUrl} />
                    No image
                  </label>
                  {collection.imageUrl && !imageChoices.includes(collection.imageUrl) && (
                    <label className="relative block cursor-pointer ring-1 ring-stone-200 has-[:checked]:ring-2 has-[:checked]:ring-ink">
                      <img
                        src={imageSrc(collection.imageUrl, 400)}
                        alt="The current image"
                        className="aspect-[3/4] w-full object-cover"
                      />
                      <input
                        type="radio"
                        name="image_url"
                        value={collection.imageUrl}
                        defaultChecked
                        aria-label="Keep the current image"
                        className="absolute top-1 left-1 h-5 w-5"
                      />
                    </label>
                  )}
                  {imageChoices.map((url, i) => (
                    <label
                      key={url}
                      className="relative block cursor-pointer ring-1 ring-stone-200 has-[:checked]:ring-2 has-[:checked]:ring-ink"
                    >
                      <img
                        src={imageSrc(url, 400)}
                        alt=""
                        loading="lazy"
                        className="aspect-[3/4] w-full object-cover"
                      />
                      <input
                        type="radio"
                        name="image_url"
                        value={url}
                        defaultChecked={collection.imageUrl === url}
                        aria-label={`Photo ${i + 1}`}
                        className="absolute top-1 left-1 h-5 w-5"
                      />
                    </label>
                  ))}
                </div>
              </fieldset>
              <button type="submit" disabled={busy} className="btn-primary mt-3">
                Save hero image
              </button>
            </Form>
          </Panel>
          <Panel title="Delete">
            {deleting ? (
              <Form method="post" className="space-y-3" aria-label="Delete collection">
                <input type="hidden" name="intent" value="delete" />
                <p className="text-sm font-semibold">
                  Delete {collection.name}? Its {products.length} products stay in the catalogue.
                </p>
                <div className="flex flex-wrap gap-2">
                  <button type="submit" disabled={busy} className="btn-primary">
                    Yes, delete it
                  </button>
                  <Link to={`/admin/collections/${collection.id}`} className="btn-secondary">
                    Keep it
                  </Link>
                </div>
              </Form>
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
