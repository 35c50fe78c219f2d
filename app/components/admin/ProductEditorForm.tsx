// The product editor's form (decision 0062): every field of a product in one form, saved in one
// transaction by core: the product, its description, its options and stock, its custom fields and
// its questions. Drawn again from the draft after each answer (a refusal keeps what was typed).
import { useState } from "react";
import { SIZE_GUIDES } from "../../../core/catalog/product-options";
import type { ProductDraft } from "../../lib/product-form";
import { ConsoleForm, FieldInput, Panel, TextArea, TextField } from "./Fields";
import { ProductEditorOptions } from "./ProductEditorOptions";
import { ProductEditorUrlField } from "./ProductEditorUrlField";

/** What the editor's action answers when it does not move on to the saved product. */
export interface ProductEditorAnswer {
  error?: string;
  /** input name → the message under it */
  fields?: Record<string, string>;
  draft?: ProductDraft;
  /** a new form for each answer: it is drawn again from the draft (with any fresh stock) */
  nonce?: number;
}

const SIZE_GUIDE_LABELS: Record<string, string> = {
  auto: "Automatic (from the sizes)",
  apparel: "Clothing (XS to XL)",
  bra: "Bra (band and cup)",
  none: "None",
};

export function ProductEditorForm({
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
  answer: ProductEditorAnswer | undefined;
}) {
  const [format, setFormat] = useState(draft.descriptionFormat);
  const customFields = [...draft.customFields, { key: "", value: "" }, { key: "", value: "" }];
  const faqs = [...draft.faqs, { question: "", answer: "" }];
  return (
    <ConsoleForm method="post" aria-label="Product" className="space-y-6" answer={answer}>
      {draft.updatedAt && <input type="hidden" name="updated_at" value={draft.updatedAt} />}
      <Panel title="The product">
        <div className="grid gap-4 md:grid-cols-2">
          <TextField label="Name" name="name" defaultValue={draft.name} maxLength={200} required />
          <TextField
            label="Urdu name"
            name="name_ur"
            defaultValue={draft.nameUr}
            maxLength={200}
            lang="ur"
            hint="Shown on the Urdu pages. Leave empty to show the English name there."
          />
          <ProductEditorUrlField defaultValue={draft.customUrl} productId={draft.id} />
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
          <TextArea
            label="Urdu description"
            name="description_ur"
            defaultValue={draft.descriptionUr}
            rows={5}
            lang="ur"
            hint="In the same format as the description. Leave empty to show the English description on the Urdu pages."
          />
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

      <ProductEditorOptions draft={draft} canEditStock={canEditStock} busy={busy} />

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
