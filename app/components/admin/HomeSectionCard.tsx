// One section of the home page layout: its form (name, description, what it shows, shown or
// not, Save, Up and Down, Delete), then its products in order with a search to add one, or what a
// section of the newest shows now. Every button posts a plain form; the search is a GET form.
import { Form } from "react-router";
import { CONTENT_LIMITS as L } from "../../../core/content/content-limits";
import { ConsoleForm, FormNotice } from "./Fields";
import { HomeRowButtons } from "./HomeRowButtons";
import { NewestPreview, SectionKindFields, SectionText } from "./HomeSectionFields";
import { ProductSearchField } from "./ProductSearchField";
import { SectionProductOrder, type PickedProduct } from "./SectionProductOrder";

/**
 * `form`: the section form a refusal answers ("add-section" or the section's id), which shows it
 * under its field or beside its buttons (decision 0096); the page's other forms show theirs above.
 */
export type HomeLayoutAnswer = {
  done?: string;
  error?: string;
  fields?: Record<string, string>;
  at?: number;
  form?: "add-section" | number;
};

export interface HomeSectionView {
  id: number;
  name: string;
  description: string;
  isActive: boolean;
  kind: "picked" | "newest";
  newestCount: number;
  productsVersion: number;
  products: PickedProduct[];
}

export function HomeSectionCard({
  section: s,
  first,
  last,
  search,
  newest,
  answer,
  busy,
}: {
  section: HomeSectionView;
  first: boolean;
  last: boolean;
  /** the section a search was made for, what was typed and what was found */
  search: { section: number | null; q: string; found: PickedProduct[] };
  newest: { id: number; name: string }[];
  answer: HomeLayoutAnswer | undefined;
  busy: boolean;
}) {
  const searching = search.section === s.id;
  return (
    <li id={`section-${s.id}`} className="bg-white p-4 ring-1 ring-stone-200">
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
        <HomeRowButtons
          id={s.id}
          kind="section"
          name={s.name}
          active={s.isActive}
          first={first}
          last={last}
          busy={busy}
        />
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
        <Form method="get" preventScrollReset className="mt-3 flex gap-2" aria-label={`Find a product for ${s.name}`}>
          <input type="hidden" name="section" value={s.id} />
          <ProductSearchField defaultValue={searching ? search.q : ""} placeholder="Add a product: name or number" />
        </Form>
      )}
      {searching && s.kind !== "newest" && (
        <ul className="mt-2 space-y-1" aria-label="Products found">
          {search.found.length === 0 && <li className="text-sm text-stone-600">No product matches “{search.q}”.</li>}
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
                    {!p.isActive && <span className="ms-1 text-xs text-amber-800">(hidden)</span>}
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
}
