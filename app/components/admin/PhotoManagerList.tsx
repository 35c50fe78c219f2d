// The photos page's list of photos in order: drag a photo onto another to move it (saved at once),
// or Up and Down (plain forms, for the keyboard and without JavaScript); each photo's alt text, Make
// main, and Delete, which opens the second step. The first photo is the main one.
import { useState } from "react";
import { Form, Link, useSubmit } from "react-router";
import { Panel } from "./Fields";

export interface PhotoView {
  id: number;
  thumb: string;
  alt: string;
  isPrimary: boolean;
}

export function PhotoManagerList({
  photos,
  page,
  altTextMax,
  busy,
}: {
  photos: PhotoView[];
  /** the photos page's address */
  page: string;
  altTextMax: number;
  busy: boolean;
}) {
  const submit = useSubmit();
  // the order as dragged, until the saved order comes back from the server
  const serverOrder = photos.map((p) => p.id).join(",");
  const [dragged, setDragged] = useState<{ from: string; ids: number[] } | null>(null);
  const [dragging, setDragging] = useState<number | null>(null);
  const order = dragged && dragged.from === serverOrder ? dragged.ids : photos.map((p) => p.id);
  const byId = new Map(photos.map((p) => [p.id, p]));
  const shown = order.map((id) => byId.get(id)).filter((p) => p !== undefined);

  function drop(targetId: number) {
    if (dragging === null || dragging === targetId) return;
    const next = order.filter((id) => id !== dragging);
    next.splice(next.indexOf(targetId) + (order.indexOf(dragging) < order.indexOf(targetId) ? 1 : 0), 0, dragging);
    setDragged({ from: serverOrder, ids: next });
    setDragging(null);
    void submit({ intent: "order", ids: next.join(",") }, { method: "post", preventScrollReset: true });
  }

  return (
    <Panel
      title={photos.length === 0 ? "No photos yet" : `${photos.length} ${photos.length === 1 ? "photo" : "photos"}`}
    >
      {photos.length > 1 && (
        <p className="mb-3 text-sm text-stone-600">
          <span className="hidden md:inline">Drag a photo to move it, or use </span>
          <span className="md:hidden">Use </span>Up and Down.
        </p>
      )}
      <ol className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Photos in order">
        {shown.map((photo, i) => (
          <li
            key={photo.id}
            draggable
            onDragStart={(event) => {
              setDragging(photo.id);
              event.dataTransfer.effectAllowed = "move";
            }}
            onDragOver={(event) => {
              if (dragging !== null) event.preventDefault();
            }}
            onDrop={(event) => {
              event.preventDefault();
              drop(photo.id);
            }}
            onDragEnd={() => setDragging(null)}
            className={`flex gap-3 bg-white p-2 ring-1 ${dragging === photo.id ? "opacity-50 ring-ink" : "ring-stone-200"}`}
          >
            <div className="relative w-24 shrink-0 cursor-move self-start">
              <img
                src={photo.thumb}
                alt={photo.alt || `Photo ${i + 1}`}
                width={96}
                height={128}
                loading="lazy"
                className="block aspect-[3/4] w-24 bg-stone-100 object-cover"
              />
              <span className="absolute top-1 start-1 bg-white/90 px-1 text-xs font-semibold tabular-nums">
                {i + 1}
              </span>
              {/* only here, for staff: the shop shows the main photo first and says nothing */}
              {photo.isPrimary && (
                <span className="absolute bottom-1 start-1 bg-ink px-1 text-[11px] font-semibold text-white">
                  Main photo
                </span>
              )}
            </div>
            <div className="min-w-0 flex-1 space-y-2 text-sm">
              <Form method="post" preventScrollReset className="space-y-1">
                <input type="hidden" name="intent" value="alt" />
                <input type="hidden" name="id" value={photo.id} />
                <label className="block">
                  <span className="block text-xs font-semibold">Alt text (for screen readers)</span>
                  <input
                    type="text"
                    name="alt_text"
                    defaultValue={photo.alt}
                    maxLength={altTextMax}
                    placeholder="e.g. Front view, red lawn suit"
                    className="field mt-1"
                  />
                </label>
                <button type="submit" disabled={busy} className="btn-secondary">
                  Save alt text
                </button>
              </Form>
              <Form method="post" preventScrollReset className="flex flex-wrap gap-1">
                <input type="hidden" name="id" value={photo.id} />
                <button
                  type="submit"
                  name="intent"
                  value="up"
                  disabled={busy || i === 0}
                  className="btn-secondary"
                  aria-label={`Move photo ${i + 1} up`}
                >
                  Up
                </button>
                <button
                  type="submit"
                  name="intent"
                  value="down"
                  disabled={busy || i === shown.length - 1}
                  className="btn-secondary"
                  aria-label={`Move photo ${i + 1} down`}
                >
                  Down
                </button>
                {!photo.isPrimary && (
                  <button type="submit" name="intent" value="main" disabled={busy} className="btn-secondary">
                    Make main
                  </button>
                )}
                <Link to={`${page}?delete=${photo.id}`} className="btn-secondary" aria-label={`Delete photo ${i + 1}`}>
                  Delete
                </Link>
              </Form>
            </div>
          </li>
        ))}
      </ol>
    </Panel>
  );
}
