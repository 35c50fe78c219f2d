// The product editor (issue 14, point 1; decision 0062) at /admin/products/new and
// /admin/products/:id, for the products permission: every field, the options and the grid of
// their combinations (price, SKU, available, stock) in one form, saved in one transaction by
// core. The form works without JavaScript: "Update the grid" posts it back to redraw the grid for
// new option values; with JavaScript the grid follows the option fields as they are typed, and
// the custom URL is checked as it is typed. Stock is sent as the new total with the total this
// page showed: a sale made meanwhile refuses the save (409) instead of being overwritten.
import { useEffect, useId, useState } from "react";
import { data, Form, Link, redirect, useActionData, useFetcher, useLoaderData, useNavigation } from "react-router";
import {
  archiveProduct,
  createProduct,
  deleteProduct,
  getProductForEditing,
  listCollectionChoices,
  mayEditStock,
  restoreProduct,
  updateProduct,
  type EditableProduct,
} from "../../../core/catalog/product-admin";
import { combinationName, HEX_COLOUR, optionTypeLabel, SIZE_GUIDES } from "../../../core/catalog/product-options";
import { AppError } from "../../../core/shared/errors";
import { productHref } from "../../lib/catalog-view.server";
import { ConsoleErrorBoundary } from "../../components/admin/ConsoleError";
import {
  ConsoleForm,
  describedBy,
  FieldError,
  FieldInput,
  PageTitle,
  Panel,
  TextArea,
  TextField,
  useFieldError,
} from "../../components/admin/Fields";
import { Notice } from "../../components/admin/Notice";
import { consoleMeta, formText } from "../../lib/console";
import { formErrorsOf } from "../../lib/form-errors";
import { formErrorsFor } from "../../lib/form-errors.server";
import {
  draftFromForm,
  draftOptions,
  emptyDraft,
  gridFor,
  inputFromDraft,
  isColourType,
  optionRows,
  rupeeField,
  type ProductDraft,
} from "../../lib/product-form";
import { requireStaff } from "../../lib/staff.server";
import type { Route } from "./+types/product-edit";

export const meta = ({ data: loaded }: Route.MetaArgs) =>
  consoleMeta(loaded?.draft.id ? `Edit ${loaded.draft.name}` : "New product");
export const ErrorBoundary = ConsoleErrorBoundary;

const SIZE_GUIDE_LABELS: Record<string, string> = {
  auto: "Automatic (from the sizes)",
  apparel: "Clothing (XS to XL)",
  bra: "Bra (band and cup)",
  none: "None",
};

function draftOf(p: EditableProduct): ProductDraft {
  return {
    id: p.id,
    name: p.name,
    customUrl: p.customUrl ?? "",
    descriptionFormat: p.descriptionFormat,
    description: p.description,
    bulletPoints: (p.structuredDescription?.bullet_points ?? []).join("\n"),
    highlights: (p.structuredDescription?.highlights ?? []).join("\n"),
    material: p.materialType ?? "",
    price: rupeeField(p.pricePaisa),
    comparePrice: rupeeField(p.comparePricePaisa),
    collectionIds: p.collectionIds,
    customFields: p.customFields,
    faqs: p.faqs,
    sizeGuide: p.sizeGuide,
    isActive: p.isActive,
    stock: String(p.stock),
    stockSeen: p.stock,
    options: optionRows(p.options),
    combinations: p.combinations.map((c) => ({
      // named as the grid names it, so the row is found again whatever name it was stored with
      name: combinationName(
        c.attributes,
        p.options.map((o) => o.type),
      ),
      attributes: c.attributes,
      price: c.pricePaisa === p.pricePaisa ? "" : rupeeField(c.pricePaisa),
      sku: c.sku ?? "",
      available: c.isAvailable,
      stock: String(c.stock),
      seen: c.stock,
    })),
    updatedAt: p.updatedAt,
  };
}

function productIdOf(params: { id?: string }): number | null {
  if (params.id === undefined) return null;
  if (!/^\d{1,9}$/.test(params.id)) throw data({ detail: "Product not found" }, { status: 404 });
  return Number(params.id);
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const actor = await requireStaff(request, context, "products");
  const id = productIdOf(params);
  const collections = await listCollectionChoices(context.core, actor);
  const url = new URL(request.url);
  let product: EditableProduct | null = null;
  if (id !== null) {
    try {
      product = await getProductForEditing(context.core, actor, id);
    } catch (error) {
      if (error instanceof AppError) throw data({ detail: error.message }, { status: error.status });
      throw error;
    }
  }
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

interface Answer {
  error?: string;
  /** input name → the message under it */
  fields?: Record<string, string>;
  draft?: ProductDraft;
  /** a new form for each answer: it is drawn again from the draft (with any fresh stock) */
  nonce?: number;
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

const TOP_LEVEL_INPUTS = new Set([
  "name",
  "custom_url",
  "price",
  "compare_price",
  "material_type",
  "description",
  "description_format",
  "size_guide",
  "stock",
]);

/**
 * The editor's input a body path belongs to: the body's options leave out empty rows, and custom
 * fields and questions repeat one input name a row, so those are told apart by their row.
 */
function inputOf(draft: ProductDraft) {
  const optionRow = draft.options.flatMap((o, i) => (o.type.trim() && o.values.trim() ? [i] : []));
  return (path: string): string | null => {
    const [head, index, part] = path.split(".");
    const i = Number(index);
    switch (head) {
      case "combinations":
        if (index === undefined) return null;
        return part === "sku" || part === "stock" ? `c_${i}_${part}` : `c_${i}_price`;
      case "options": {
        const row = optionRow[i];
        if (index === undefined || row === undefined) return null;
        return part === "type" ? `option_type_${row}` : `option_values_${row}`;
      }
      case "custom_fields":
        return index === undefined ? null : `${part === "value" ? "cf_value" : "cf_key"}.${i}`;
      case "faqs":
        return index === undefined ? null : `faq_q.${i}`;
      case "structured_description":
        return index === "highlights" ? "highlights" : "bullet_points";
      case "stock_seen":
        return "stock";
      default:
        return head && TOP_LEVEL_INPUTS.has(head) ? head : null;
    }
  };
}

/**
 * A sale moved a stock while the page was open: the refused form comes back showing the stock as
 * it is now, for the member to look at and type again (never their stale total as if it were new).
 */
function freshStock(draft: ProductDraft, error: AppError) {
  const now = error.extra?.stock_quantity;
  if (error.status !== 409 || typeof now !== "number") return;
  const row = draft.combinations.find((c) => error.message.startsWith(`${c.name}: `));
  if (row) {
    row.seen = now;
    row.stock = String(now);
  } else if (draft.combinations.length === 0) {
    draft.stockSeen = now;
    draft.stock = String(now);
  }
}

/** "combinations.2.stock: …" names the combination the staff member sees. */
function readable(message: string, draft: ProductDraft | undefined): string {
  const match = /^combinations\.(\d+)\.?[\w.]*: (.*)$/s.exec(message);
  if (match && draft) {
    const row = draft.combinations[Number(match[1])];
    if (row) return `${row.name}: ${match[2]}`;
  }
  return message;
}

type UrlAnswer = { available: boolean; message: string; suggestion: string | null; url: string };

/** The custom URL, checked against the other products a moment after typing stops. */
function CustomUrlField({ defaultValue, productId }: { defaultValue: string; productId: number | null }) {
  const id = useId();
  const [value, setValue] = useState(defaultValue);
  const fetcher = useFetcher<UrlAnswer>();
  const { load } = fetcher;
  useEffect(() => {
    if (value === defaultValue) return;
    const timer = setTimeout(() => {
      const q = new URLSearchParams({ url: value });
      if (productId !== null) q.set("exclude", String(productId));
      void load(`/admin/products/url-check?${q}`);
    }, 400);
    return () => clearTimeout(timer);
  }, [value, defaultValue, productId, load]);
  const answer = value === defaultValue ? null : fetcher.data;
  const refused = useFieldError("custom_url", id);
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        Custom URL
      </label>
      <div className="mt-1 flex items-center">
        <span className="px-2 text-sm text-stone-600">/p/</span>
        <input
          id={id}
          name="custom_url"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          maxLength={80}
          autoCapitalize="none"
          spellCheck={false}
          aria-invalid={!!refused.message || undefined}
          aria-describedby={describedBy(refused.message && refused.errorId, `${id}-hint`)}
          className="field aria-invalid:border-red-700"
        />
      </div>
      <FieldError id={refused.errorId} message={refused.message} />
      <p id={`${id}-hint`} aria-live="polite" className="mt-1 text-xs">
        {answer && answer.url === value.trim() ? (
          <span className={answer.available ? "text-emerald-800" : "text-red-800"}>
            {answer.message}
            {answer.suggestion && (
              <>
                {" "}
                <button type="button" className="underline" onClick={() => setValue(answer.suggestion!)}>
                  Use {answer.suggestion}
                </button>
              </>
            )}
          </span>
        ) : (
          <span className="text-stone-600">
            Lowercase letters, digits and hyphens. Empty: the product's number is used.
          </span>
        )}
      </p>
    </div>
  );
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
        <EditorForm
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

function EditorForm({
  draft,
  collections,
  canEditStock,
  busy,
  answer,
}: {
  draft: ProductDraft;
  collections: { id: number; name: string }[];
  canEditStock: boolean;
  busy: boolean;
  answer: Answer | undefined;
}) {
  const [options, setOptions] = useState(draft.options);
  const [format, setFormat] = useState(draft.descriptionFormat);
  const grid = gridFor(draftOptions({ options }), draft.combinations);
  const setOption = (i: number, change: Partial<ProductDraft["options"][number]>) =>
    setOptions((rows) => rows.map((r, j) => (j === i ? { ...r, ...change } : r)));
  const customFields = [...draft.customFields, { key: "", value: "" }, { key: "", value: "" }];
  const faqs = [...draft.faqs, { question: "", answer: "" }];
  return (
    <ConsoleForm method="post" aria-label="Product" className="space-y-6" answer={answer}>
      {draft.updatedAt && <input type="hidden" name="updated_at" value={draft.updatedAt} />}
      <Panel title="The product">
        <div className="grid gap-4 md:grid-cols-2">
          <TextField label="Name" name="name" defaultValue={draft.name} maxLength={200} required />
          <CustomUrlField defaultValue={draft.customUrl} productId={draft.id} />
          <TextField
            label="Price (Rs.)"
            name="price"
            defaultValue={draft.price}
            inputMode="decimal"
            maxLength={20}
            required
            hint="Such as 2499 or 2499.50."
          />
          <TextField
            label="Compare-at price (Rs.)"
            name="compare_price"
            defaultValue={draft.comparePrice}
            inputMode="decimal"
            maxLength={20}
            hint="The usual price, struck through in the shop. Must be above the price; leave empty for none."
          />
          <TextField label="Material" name="material_type" defaultValue={draft.material} maxLength={100} />
          <div>
            <label className="block text-sm font-semibold" htmlFor="product-visibility">
              In the shop
            </label>
            <select
              id="product-visibility"
              name="visibility"
              defaultValue={draft.isActive ? "active" : "hidden"}
              className="field mt-1"
            >
              <option value="active">Active: shown in the shop</option>
              <option value="hidden">Hidden</option>
            </select>
          </div>
          <div>
            <label className="block text-sm font-semibold" htmlFor="product-size-guide">
              Size guide
            </label>
            <select id="product-size-guide" name="size_guide" defaultValue={draft.sizeGuide} className="field mt-1">
              {SIZE_GUIDES.map((g) => (
                <option key={g} value={g}>
                  {SIZE_GUIDE_LABELS[g]}
                </option>
              ))}
            </select>
          </div>
        </div>
        {collections.length > 0 && (
          <fieldset className="mt-4">
            <legend className="text-sm font-semibold">Collections</legend>
            <div className="mt-1 grid gap-1 sm:grid-cols-2 md:grid-cols-3">
              {collections.map((c) => (
                <label key={c.id} className="flex min-h-11 items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    name="collection"
                    value={c.id}
                    defaultChecked={draft.collectionIds.includes(c.id)}
                    className="h-5 w-5"
                  />
                  {c.name}
                </label>
              ))}
            </div>
          </fieldset>
        )}
      </Panel>

      <Panel title="Description">
        <div className="space-y-4">
          <div>
            <label className="block text-sm font-semibold" htmlFor="product-format">
              Format
            </label>
            <select
              id="product-format"
              name="description_format"
              value={format}
              onChange={(e) => setFormat(e.target.value)}
              className="field mt-1"
            >
              <option value="plain">Plain text</option>
              <option value="structured">Sections: text, bullet points and highlights</option>
              {draft.descriptionFormat === "html" && <option value="html">HTML (cleaned when saved)</option>}
            </select>
          </div>
          <TextArea label="Description" name="description" defaultValue={draft.description} rows={5} />
          {/* kept in the form whatever the format, so switching back loses nothing */}
          <div className={format === "structured" ? "grid gap-4 md:grid-cols-2" : "hidden"}>
            <TextArea
              label="Bullet points"
              name="bullet_points"
              defaultValue={draft.bulletPoints}
              hint="One a line; shown as a list under the description."
            />
            <TextArea
              label="Highlights"
              name="highlights"
              defaultValue={draft.highlights}
              hint="One a line; shown beside the price."
            />
          </div>
        </div>
      </Panel>

      <Panel title="Options and stock">
        <p className="mb-3 text-sm text-stone-600">
          Sizes, colours or any other choice. Separate values with commas; give a colour its swatch after its name, such
          as “Maroon #800000”. Every combination gets a row below.
        </p>
        <div className="space-y-3">
          {options.map((o, i) => (
            <div key={i} className="grid gap-2 md:grid-cols-[12rem_1fr]">
              <div>
                <label className="block text-sm font-semibold" htmlFor={`option-type-${i}`}>
                  Option {i + 1}
                </label>
                <FieldInput
                  id={`option-type-${i}`}
                  name={`option_type_${i}`}
                  value={o.type}
                  onChange={(e) => setOption(i, { type: e.target.value })}
                  maxLength={30}
                  placeholder="such as length"
                  className="field mt-1"
                />
              </div>
              <div>
                <label className="block text-sm font-semibold" htmlFor={`option-values-${i}`}>
                  {o.type.trim() ? `${optionTypeLabel(o.type.trim().toLowerCase())} values` : "Values"}
                </label>
                <FieldInput
                  id={`option-values-${i}`}
                  name={`option_values_${i}`}
                  value={o.values}
                  onChange={(e) => setOption(i, { values: e.target.value })}
                  maxLength={2_000}
                  placeholder={isColourType(o.type) ? "Black #111111, Maroon #800000" : "S, M, L"}
                  className="field mt-1"
                />
              </div>
            </div>
          ))}
        </div>
        <div className="mt-3">
          <button type="submit" name="intent" value="grid" formNoValidate disabled={busy} className="btn-secondary">
            Update the grid
          </button>
        </div>
        {grid.length === 0 ? (
          <div className="mt-4 max-w-xs">
            {canEditStock ? (
              <>
                <TextField
                  label="Stock"
                  name="stock"
                  defaultValue={draft.stock}
                  inputMode="numeric"
                  maxLength={9}
                  hint="Sold without options: the units on the shelf."
                />
                {draft.stockSeen !== null && <input type="hidden" name="stock_seen" value={draft.stockSeen} />}
              </>
            ) : (
              <p className="text-sm">Stock: {draft.stock}</p>
            )}
          </div>
        ) : (
          <Grid rows={grid} canEditStock={canEditStock} swatches={swatchesOf(options)} />
        )}
      </Panel>

      <Panel title="Custom fields">
        <p className="mb-3 text-sm text-stone-600">
          Shown on the product page as name and value, such as “Fit: Regular”.
        </p>
        <div className="space-y-2">
          {customFields.map((f, i) => (
            <div key={i} className="grid grid-cols-2 gap-2">
              <FieldInput
                name="cf_key"
                errorName={`cf_key.${i}`}
                defaultValue={f.key}
                maxLength={60}
                aria-label={`Custom field ${i + 1} name`}
                placeholder="Name"
                className="field"
              />
              <FieldInput
                name="cf_value"
                errorName={`cf_value.${i}`}
                defaultValue={f.value}
                maxLength={500}
                aria-label={`Custom field ${i + 1} value`}
                placeholder="Value"
                className="field"
              />
            </div>
          ))}
        </div>
      </Panel>

      <Panel title="Questions and answers">
        <div className="space-y-4">
          {faqs.map((f, i) => (
            <div key={i} className="grid gap-2">
              <FieldInput
                name="faq_q"
                errorName={`faq_q.${i}`}
                defaultValue={f.question}
                maxLength={300}
                aria-label={`Question ${i + 1}`}
                placeholder="Question"
                className="field"
              />
              <textarea
                name="faq_a"
                defaultValue={f.answer}
                maxLength={2_000}
                rows={2}
                aria-label={`Answer ${i + 1}`}
                placeholder="Answer"
                className="field"
              />
            </div>
          ))}
        </div>
        <p className="mt-2 text-xs text-stone-600">Save to get another empty question.</p>
      </Panel>

      <div className="sticky bottom-0 -mx-4 flex gap-2 border-t border-stone-200 bg-white/95 px-4 py-3 md:static md:mx-0 md:border-0 md:bg-transparent md:p-0">
        <button type="submit" name="intent" value="save" disabled={busy} className="btn-primary">
          {busy ? "Saving…" : draft.id ? "Save" : "Create product"}
        </button>
      </div>
    </ConsoleForm>
  );
}

/** Each colour's swatch, by its name, as typed in the colour option. */
function swatchesOf(options: ProductDraft["options"]): Record<string, string> {
  const colours = draftOptions({ options }).find((o) => o.type === "color");
  return Object.fromEntries(
    (colours?.values ?? [])
      .filter((v) => v.color_hex && HEX_COLOUR.test(v.color_hex))
      .map((v) => [v.value, v.color_hex!]),
  );
}

function Grid({
  rows,
  canEditStock,
  swatches,
}: {
  rows: ProductDraft["combinations"];
  canEditStock: boolean;
  swatches: Record<string, string>;
}) {
  return (
    <div className="mt-4">
      <div
        aria-hidden
        className="hidden gap-2 px-2 text-xs font-semibold uppercase tracking-wide text-stone-600 md:grid md:grid-cols-[1.4fr_1fr_1.2fr_0.8fr_auto]"
      >
        <span>Combination</span>
        <span>Price (Rs.)</span>
        <span>SKU</span>
        <span>Stock</span>
        <span>For sale</span>
      </div>
      <ul aria-label="Combinations" className="mt-1 divide-y divide-stone-200 ring-1 ring-stone-200">
        {rows.map((row, i) => (
          <li
            key={row.name}
            className="grid grid-cols-2 items-end gap-2 p-2 md:grid-cols-[1.4fr_1fr_1.2fr_0.8fr_auto] md:items-center"
          >
            <input type="hidden" name={`c_${i}_attrs`} value={JSON.stringify(row.attributes)} />
            <input type="hidden" name={`c_${i}_name`} value={row.name} />
            {row.seen !== null && <input type="hidden" name={`c_${i}_seen`} value={row.seen} />}
            <p className="col-span-2 flex items-center gap-2 text-sm font-semibold md:col-span-1">
              {row.attributes.color && swatches[row.attributes.color] && (
                <span
                  aria-hidden
                  className="inline-block h-4 w-4 shrink-0 rounded-full ring-1 ring-stone-300"
                  style={{ backgroundColor: swatches[row.attributes.color] }}
                />
              )}
              {row.name}
              {row.seen === null && <span className="ml-2 text-xs font-normal text-emerald-800">new</span>}
            </p>
            <label className="text-xs md:text-sm">
              <span className="md:sr-only">Price (Rs.)</span>
              <FieldInput
                name={`c_${i}_price`}
                defaultValue={row.price}
                inputMode="decimal"
                maxLength={20}
                placeholder="Product price"
                aria-label={`${row.name} price`}
                className="field mt-1 md:mt-0"
              />
            </label>
            <label className="text-xs md:text-sm">
              <span className="md:sr-only">SKU</span>
              <FieldInput
                name={`c_${i}_sku`}
                defaultValue={row.sku}
                maxLength={64}
                aria-label={`${row.name} SKU`}
                className="field mt-1 md:mt-0"
              />
            </label>
            <label className="text-xs md:text-sm">
              <span className="md:sr-only">{row.seen === null ? "First stock" : "Stock"}</span>
              {canEditStock ? (
                <FieldInput
                  name={`c_${i}_stock`}
                  defaultValue={row.stock}
                  inputMode="numeric"
                  maxLength={9}
                  aria-label={`${row.name} stock`}
                  className="field mt-1 md:mt-0"
                />
              ) : (
                <span className="block py-2 text-sm tabular-nums">{row.stock}</span>
              )}
            </label>
            <label className="flex min-h-11 items-center gap-2 text-sm">
              <input
                type="checkbox"
                name={`c_${i}_available`}
                defaultChecked={row.available}
                aria-label={`${row.name} for sale`}
                className="h-5 w-5"
              />
              <span className="md:sr-only">For sale</span>
            </label>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-stone-600">
        Removing a value deletes its combinations, or keeps them as not for sale when they were ever ordered. A stock
        typed here replaces the stock shown; if a sale changed it meanwhile, the save is refused so no sale is lost.
      </p>
    </div>
  );
}
