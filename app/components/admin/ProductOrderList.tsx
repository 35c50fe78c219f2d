// A collection's products in their order: each row has Up, Down and Remove
// buttons that post without JavaScript; with it, a row can also be dragged by its handle (mouse,
// pen or finger: pointer events, since HTML drag and drop does not work on phones) and the new
// order is posted whole on release; core refuses (409) a list whose products a colleague changed
// meanwhile instead of guessing.
import { useRef, useState } from "react";
import { Form, useSubmit } from "react-router";
import { imageSrc } from "../../lib/images";
import { useHydrated } from "../../lib/use-hydrated";

export interface OrderedProduct {
  id: number;
  name: string;
  imageUrl: string | null;
  price: string;
  note: string | null;
  href: string;
}

export function ProductOrderList({ products, busy }: { products: OrderedProduct[]; busy: boolean }) {
  const [order, setOrder] = useState(products);
  const [dragging, setDragging] = useState<number | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const submit = useSubmit();
  const hydrated = useHydrated();
  // a new list from the server (after any save) replaces the one on screen
  const [shownFrom, setShownFrom] = useState(products);
  if (shownFrom !== products) {
    setShownFrom(products);
    setOrder(products);
  }

  function onPointerDown(event: React.PointerEvent<HTMLButtonElement>, id: number) {
    if (busy) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    setDragging(id);
  }

  function onPointerMove(event: React.PointerEvent<HTMLButtonElement>) {
    if (dragging === null || !listRef.current) return;
    const rows = [...listRef.current.querySelectorAll<HTMLLIElement>("li[data-id]")];
    const over = rows.find((row) => {
      const box = row.getBoundingClientRect();
      return event.clientY >= box.top && event.clientY <= box.bottom;
    });
    const overId = over ? Number(over.dataset.id) : null;
    if (overId === null || overId === dragging) return;
    setOrder((current) => {
      const from = current.findIndex((p) => p.id === dragging);
      const to = current.findIndex((p) => p.id === overId);
      if (from < 0 || to < 0) return current;
      const next = [...current];
      const [moved] = next.splice(from, 1);
      next.splice(to, 0, moved!);
      return next;
    });
  }

  function onPointerUp() {
    if (dragging === null) return;
    setDragging(null);
    const ids = order.map((p) => p.id);
    if (ids.every((id, i) => products[i]?.id === id)) return;
    submit({ intent: "order", order: ids.join(",") }, { method: "post", preventScrollReset: true });
  }

  if (order.length === 0)
    return <p className="text-sm text-stone-600">No products yet. Find them below and add them.</p>;

  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="move" />
      <ol ref={listRef} className="space-y-1" aria-label="Products in order">
        {order.map((p, i) => (
          <li
            key={p.id}
            data-id={p.id}
            className={`flex flex-wrap items-center gap-2 bg-white p-2 text-sm ring-1 ${dragging === p.id ? "relative z-10 shadow-lg ring-ink" : "ring-stone-200"}`}
          >
            {hydrated && (
              <button
                type="button"
                onPointerDown={(e) => onPointerDown(e, p.id)}
                onPointerMove={onPointerMove}
                onPointerUp={onPointerUp}
                onPointerCancel={onPointerUp}
                aria-label={`Drag ${p.name} to a new place`}
                className="flex min-h-11 w-8 shrink-0 cursor-grab touch-none items-center justify-center text-lg text-stone-500 select-none active:cursor-grabbing"
              >
                ⠿
              </button>
            )}
            <span className="w-6 shrink-0 text-end text-xs text-stone-500 tabular-nums">{i + 1}</span>
            {p.imageUrl ? (
              <img
                src={imageSrc(p.imageUrl, 400)}
                alt=""
                className="h-12 w-10 shrink-0 object-cover"
                draggable={false}
              />
            ) : (
              <span className="h-12 w-10 shrink-0 bg-stone-100" aria-hidden="true" />
            )}
            {/* at least 10rem for the name: on a phone the buttons go to a line of their own */}
            <span className="min-w-0 flex-1 basis-40">
              <a href={p.href} className="block break-words underline-offset-4 hover:underline">
                {p.name}
              </a>
              <span className="text-xs text-stone-600">
                {p.price}
                {p.note && ` · ${p.note}`}
              </span>
            </span>
            <span className="ms-auto flex shrink-0 gap-1">
              <button
                type="submit"
                name="product"
                value={`up:${p.id}`}
                disabled={busy || i === 0}
                className="btn-secondary min-w-11 px-2"
                aria-label={`Move ${p.name} up`}
              >
                ↑
              </button>
              <button
                type="submit"
                name="product"
                value={`down:${p.id}`}
                disabled={busy || i === order.length - 1}
                className="btn-secondary min-w-11 px-2"
                aria-label={`Move ${p.name} down`}
              >
                ↓
              </button>
              <button
                type="submit"
                name="product"
                value={`remove:${p.id}`}
                disabled={busy}
                className="btn-secondary min-w-11 px-2"
                aria-label={`Remove ${p.name} from the collection`}
              >
                ✕
              </button>
            </span>
          </li>
        ))}
      </ol>
    </Form>
  );
}
