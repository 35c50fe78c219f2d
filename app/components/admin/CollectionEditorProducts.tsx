// The collection page's "Products" panel: its products in the order the collection page shows
// them (moved up or down, dragged, removed), and a search by name or number to add one.
import { Form } from "react-router";
import { CollectionAnswerNotice, type CollectionAnswer } from "./CollectionEditorAnswer";
import { Panel } from "./Fields";
import { ProductOrderList } from "./ProductOrderList";

export function CollectionEditorProducts({
  collectionId,
  products,
  search,
  found,
  answer,
  busy,
}: {
  collectionId: number;
  products: React.ComponentProps<typeof ProductOrderList>["products"];
  /** what was searched for ("" for no search), and the products outside the collection it found */
  search: string;
  found: { id: number; name: string; price: string; hidden: boolean }[];
  answer: CollectionAnswer | undefined;
  busy: boolean;
}) {
  return (
    <Panel title={`Products (${products.length})`}>
      <CollectionAnswerNotice answer={answer} form="products" />
      <p className="mb-3 text-xs text-stone-600">
        The collection page shows them in this order unless a shopper picks another sort.
        <a href={`/collection/${collectionId}`} className="ms-1 underline underline-offset-4">
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
                    <span className="ms-2 text-xs text-stone-600">
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
  );
}
