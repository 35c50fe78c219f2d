// A hand-picked home section's products, put in order and saved once (decision 0097). Without
// JavaScript each row's position is a number field and "Save order" posts them all; the Up and
// Down buttons post too (one move, saved). With it, Up and Down (or Alt+↑ / Alt+↓ on a row, or a
// new number typed in a position) move the row in the page only, focus stays with the row, and
// one "Save order" posts the whole list with the version it was read at: core refuses (409) a
// list a colleague changed meanwhile instead of writing over their order.
import { useRef, useState } from "react";
import { Form } from "react-router";
import { useHydrated } from "../../lib/use-hydrated";

export interface PickedProduct {
  id: number;
  name: string;
  isActive: boolean;
}

function moved<T>(list: T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return list;
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

export function SectionProductOrder({
  section,
  busy,
}: {
  section: { id: number; name: string; productsVersion: number; products: PickedProduct[] };
  busy: boolean;
}) {
  const hydrated = useHydrated();
  const [order, setOrder] = useState(section.products);
  const [said, setSaid] = useState("");
  // a new list from the server (after a save, an added or removed product) replaces the one shown
  const [shownFrom, setShownFrom] = useState(section.products);
  if (shownFrom !== section.products) {
    setShownFrom(section.products);
    setOrder(section.products);
    setSaid("");
  }
  const listRef = useRef<HTMLOListElement>(null);
  const changed = order.some((p, i) => section.products[i]?.id !== p.id);

  function move(from: number, to: number, focus: "up" | "down" | "position") {
    const product = order[from];
    if (!product) return;
    const next = moved(order, from, to);
    if (next === order) return;
    setOrder(next);
    const at = next.indexOf(product);
    setSaid(`${product.name} is now number ${at + 1} of ${next.length}. Not saved yet.`);
    // the row's DOM node moves; focus is put back on the same control of the same row, or on the
    // other arrow when this one is now disabled (first or last place)
    requestAnimationFrame(() => {
      const row = listRef.current?.querySelector<HTMLLIElement>(`li[data-id="${product.id}"]`);
      const wanted =
        focus === "position"
          ? "input"
          : `button[data-move="${(focus === "up" && at === 0) || (focus === "down" && at === next.length - 1) ? (focus === "up" ? "down" : "up") : focus}"]`;
      row?.querySelector<HTMLElement>(wanted)?.focus();
    });
  }

  function placeAt(from: number, typed: string) {
    const to = Number(typed);
    if (hydrated && Number.isInteger(to) && to >= 1 && to <= order.length && to !== from + 1) {
      move(from, to - 1, "position");
    }
  }

  if (order.length === 0) {
    return <p className="text-sm text-stone-600">No products yet. Find them below and add them.</p>;
  }

  return (
    <Form method="post" preventScrollReset aria-label={`Products of ${section.name}`}>
      {/* the default button: Enter in a position field saves the order, not the first arrow */}
      <button type="submit" name="intent" value="save-order" hidden tabIndex={-1} aria-hidden="true" />
      <input type="hidden" name="id" value={section.id} />
      <input type="hidden" name="scope" value="product" />
      <input type="hidden" name="version" value={section.productsVersion} />
      <ol ref={listRef} className="divide-y divide-stone-100 ring-1 ring-stone-100">
        {order.map((p, i) => (
          <li
            key={p.id}
            data-id={p.id}
            className="flex flex-wrap items-center gap-2 p-2 text-sm"
            onKeyDown={(event) => {
              if (!event.altKey || (event.key !== "ArrowUp" && event.key !== "ArrowDown")) return;
              event.preventDefault();
              move(i, event.key === "ArrowUp" ? i - 1 : i + 1, event.key === "ArrowUp" ? "up" : "down");
            }}
          >
            <input type="hidden" name="product" value={p.id} />
            <label className="shrink-0">
              <span className="sr-only">Position of {p.name}</span>
              <input
                // remade when the row moves, so it shows its new place
                key={`${p.id}-${i}`}
                type="number"
                name="position"
                inputMode="numeric"
                min={1}
                max={order.length}
                required
                defaultValue={i + 1}
                className="field w-16 px-2 text-center tabular-nums"
                // a typed place is taken when the field is left or Enter is pressed, so "12" is
                // not first taken as "1"
                onBlur={(event) => placeAt(i, event.currentTarget.value)}
                onKeyDown={(event) => {
                  if (!hydrated || event.key !== "Enter") return;
                  // with the order shown in the page, Enter moves the row and posts nothing
                  event.preventDefault();
                  placeAt(i, event.currentTarget.value);
                }}
              />
            </label>
            <span className="min-w-0 flex-1 basis-40 break-words">
              {p.name}
              {!p.isActive && <span className="ms-2 text-xs text-amber-800">(hidden product)</span>}
            </span>
            <span className="ms-auto flex gap-1">
              {(["up", "down"] as const).map((direction) => (
                <button
                  key={direction}
                  type="submit"
                  name="move"
                  value={`${direction}:${p.id}`}
                  data-move={direction}
                  disabled={busy || (direction === "up" ? i === 0 : i === order.length - 1)}
                  onClick={(event) => {
                    if (!hydrated) return;
                    event.preventDefault();
                    move(i, direction === "up" ? i - 1 : i + 1, direction);
                  }}
                  aria-label={`Move ${p.name} ${direction}`}
                  className="btn-secondary min-w-11 px-2 disabled:opacity-40"
                >
                  {direction === "up" ? "↑" : "↓"}
                </button>
              ))}
              <button
                type="submit"
                name="remove"
                value={p.id}
                disabled={busy}
                className="btn-secondary"
                aria-label={`Remove ${p.name}`}
              >
                Remove
              </button>
            </span>
          </li>
        ))}
      </ol>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <button type="submit" name="intent" value="save-order" disabled={busy} className="btn-primary">
          Save order
        </button>
        <p className="text-sm text-stone-600" aria-live="polite">
          {said || (changed ? "Order changed. Not saved yet." : "")}
        </p>
      </div>
    </Form>
  );
}
