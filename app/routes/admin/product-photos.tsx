// A product's photos (issue 14, point 2; decision 0063), for the products permission: upload
// several at once (the phone's camera or gallery through the file input, or dropped on the page
// on a computer), with progress; drag to reorder, or the Up and Down buttons (keyboard, no
// JavaScript); alt text; the main photo; delete after a second step. Uploads go to
// POST /admin/products/:id/photos/upload (server/console-photo-upload.ts), one file per request
// with JavaScript, all chosen files at once from the plain form without it.
import { useRef, useState } from "react";
import {
  data,
  Form,
  Link,
  redirect,
  useActionData,
  useLoaderData,
  useNavigation,
  useRevalidator,
  useSubmit,
} from "react-router";
import {
  deleteProductPhoto,
  listProductPhotos,
  reorderProductPhotos,
  updateProductPhoto,
} from "../../../core/media/product-photos";
import { HEIC_REFUSED, megabytes, PHOTO_LIMITS, PHOTO_TYPES_TEXT } from "../../../core/media/photo-rules";
import { mediaStorage } from "../../../core/media/storage";
import { AppError } from "../../../core/shared/errors";
import { ConsoleErrorBoundary } from "../../components/admin/ConsoleError";
import { PageTitle, Panel } from "../../components/admin/Fields";
import { Notice } from "../../components/admin/Notice";
import { consoleMeta, formText } from "../../lib/console";
import { imageSrc } from "../../lib/images";
import { requireStaff } from "../../lib/staff.server";
import { useHydrated } from "../../lib/use-hydrated";
import type { Route } from "./+types/product-photos";

export const meta = ({ data: loaded }: Route.MetaArgs) =>
  consoleMeta(loaded && "product" in loaded ? `Photos of ${loaded.product.name}` : "Photos");
export const ErrorBoundary = ConsoleErrorBoundary;

const MAX_ID = 2_147_483_647;
const positiveId = (value: unknown) => {
  const text = String(value ?? "");
  if (!/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return id >= 1 && id <= MAX_ID ? id : null;
};

// what the plain form's upload came back with (?upload_error=<status>): the script shows core's
// own message for each file instead
const UPLOAD_ERRORS: Record<string, string> = {
  "413": `A photo was too large: at most ${megabytes(PHOTO_LIMITS.fileBytes)} and ${Math.round(PHOTO_LIMITS.pixels / 1e6)} megapixels each, ${PHOTO_LIMITS.files} photos at a time. Nothing was added.`,
  "422": `A file was not a photo this store can read (send ${PHOTO_TYPES_TEXT}; an iPhone's HEIC photo: choose "Most Compatible" under Settings > Camera > Formats, or send it as JPEG), or the product has too many photos. Nothing was added.`,
  "404": "This product no longer exists.",
  "400": "The upload broke off. Please try again.",
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const actor = await requireStaff(request, context, "products");
  const productId = positiveId(params.id);
  if (productId === null) throw data({ detail: "Product not found" }, { status: 404 });
  let found;
  try {
    found = await listProductPhotos(context.core, actor, productId);
  } catch (error) {
    if (error instanceof AppError) throw data({ detail: error.message }, { status: error.status });
    throw error;
  }
  const query = new URL(request.url).searchParams;
  const added = positiveId(query.get("added"));
  return {
    product: found.product,
    photos: found.photos.map((p) => ({
      id: p.id,
      thumb: imageSrc(p.url, 400),
      alt: p.altText,
      isPrimary: p.isPrimary,
    })),
    deleting: positiveId(query.get("delete")),
    deleted: query.has("deleted"),
    added,
    uploadError: UPLOAD_ERRORS[query.get("upload_error") ?? ""] ?? null,
    limits: { fileBytes: PHOTO_LIMITS.fileBytes, files: PHOTO_LIMITS.files, altText: PHOTO_LIMITS.altText },
  };
}

interface Answer {
  error?: string;
  done?: string;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = await requireStaff(request, context, "products");
  const productId = positiveId(params.id);
  if (productId === null) throw data({ detail: "Product not found" }, { status: 404 });
  const form = await request.formData();
  const intent = formText(form, "intent");
  const id = positiveId(formText(form, "id"));
  const core = context.core;
  try {
    if (intent === "delete") {
      if (id === null) return data<Answer>({ error: "Choose a photo to delete." }, { status: 422 });
      await deleteProductPhoto(core, actor, mediaStorage(context.config), productId, id);
      throw redirect(`/admin/products/${productId}/photos?deleted=1`);
    }
    if (intent === "order" || intent === "up" || intent === "down") {
      let ids: number[];
      if (intent === "order") {
        const text = formText(form, "ids");
        if (text.length > 500) return data<Answer>({ error: "Too many photos." }, { status: 422 });
        ids = text
          .split(",")
          .map(positiveId)
          .filter((n): n is number => n !== null);
      } else {
        const { photos } = await listProductPhotos(core, actor, productId);
        ids = photos.map((p) => p.id);
        const at = ids.indexOf(id ?? 0);
        if (at === -1) return data<Answer>({ error: "Photo not found." }, { status: 404 });
        const to = intent === "up" ? at - 1 : at + 1;
        if (to < 0 || to >= ids.length) return { done: "That photo is already at the end." } satisfies Answer;
        [ids[at], ids[to]] = [ids[to]!, ids[at]!];
      }
      await reorderProductPhotos(core, actor, productId, ids);
      return { done: "Order saved. The first photo is the main one." } satisfies Answer;
    }
    if (intent === "alt" || intent === "main") {
      if (id === null) return data<Answer>({ error: "Choose a photo." }, { status: 422 });
      const alt = formText(form, "alt_text");
      if (alt.length > PHOTO_LIMITS.altText)
        return data<Answer>({ error: `Alt text must be at most ${PHOTO_LIMITS.altText} characters.` }, { status: 422 });
      // eslint-disable-next-line no-control-regex -- a line break typed into the field is just a space
      const clean = alt.replace(/[\u0000-\u001f\u007f]/g, " ");
      await updateProductPhoto(core, actor, productId, id, intent === "alt" ? { altText: clean } : { primary: true });
      return { done: intent === "alt" ? "Alt text saved." : "Main photo chosen: it is now first." } satisfies Answer;
    }
    return data<Answer>({ error: "Choose what to do." }, { status: 400 });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.status === 403) throw data({ detail: error.message }, { status: 403 });
    return data<Answer>({ error: error.message }, { status: error.status });
  }
}

interface Progress {
  key: string;
  name: string;
  percent: number;
  state: "waiting" | "sending" | "done" | "failed";
  message?: string;
}

/** Sends one file (XMLHttpRequest: fetch cannot report upload progress). */
function sendPhoto(url: string, file: File, onProgress: (percent: number) => void): Promise<string | null> {
  return new Promise((resolve) => {
    const body = new FormData();
    body.append("photos", file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.setRequestHeader("accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve(null);
      let detail = `The upload failed (${xhr.status}).`;
      try {
        detail = (JSON.parse(xhr.responseText) as { detail?: string }).detail ?? detail;
      } catch {
        // not JSON: a proxy's own page
      }
      resolve(detail);
    };
    xhr.onerror = () => resolve("The connection broke off. Please try again.");
    xhr.send(body);
  });
}

function Uploader({ productId, limits }: { productId: number; limits: { fileBytes: number; files: number } }) {
  const hydrated = useHydrated();
  const [items, setItems] = useState<Progress[]>([]);
  const [over, setOver] = useState(false);
  const busy = items.some((i) => i.state === "waiting" || i.state === "sending");
  const revalidator = useRevalidator();
  const input = useRef<HTMLInputElement>(null);
  const action = `/admin/products/${productId}/photos/upload`;

  async function start(list: FileList | File[]) {
    const files = [...list];
    if (files.length === 0 || busy) return;
    const stamp = Date.now();
    const queued: Progress[] = files.map((f, i) => ({
      key: `${stamp}-${i}`,
      name: f.name || `Photo ${i + 1}`,
      percent: 0,
      state: "waiting",
    }));
    setItems(queued);
    const update = (key: string, change: Partial<Progress>) =>
      setItems((now) => now.map((item) => (item.key === key ? { ...item, ...change } : item)));
    // one at a time: on a phone's connection each gets the whole line, and each fails alone
    for (const [i, file] of files.entries()) {
      const key = queued[i]!.key;
      if (file.size > limits.fileBytes) {
        update(key, { state: "failed", message: `Larger than ${megabytes(limits.fileBytes)}. Send a smaller photo.` });
        continue;
      }
      if (/\.hei[cf]$/i.test(file.name) || /image\/hei[cf]/i.test(file.type)) {
        // the server reads the bytes and says the same; this saves sending megabytes for nothing
        update(key, { state: "failed", message: `This ${HEIC_REFUSED}` });
        continue;
      }
      update(key, { state: "sending" });
      const problem = await sendPhoto(action, file, (percent) => update(key, { percent }));
      update(key, problem ? { state: "failed", message: problem } : { state: "done", percent: 100 });
      await revalidator.revalidate();
    }
    if (input.current) input.current.value = "";
  }

  return (
    <Panel title="Add photos">
      <form
        method="post"
        action={action}
        encType="multipart/form-data"
        onSubmit={(event) => {
          event.preventDefault();
          if (input.current?.files) void start(input.current.files);
        }}
        onDragOver={(event) => {
          if (!event.dataTransfer.types.includes("Files")) return;
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(event) => {
          if (event.dataTransfer.files.length === 0) return;
          event.preventDefault();
          setOver(false);
          void start(event.dataTransfer.files);
        }}
        className={`space-y-3 border-2 border-dashed p-4 text-sm ${over ? "border-ink bg-stone-50" : "border-stone-300"}`}
      >
        <label className="block">
          <span className="block font-semibold">Choose photos</span>
          <span className="block text-stone-600">
            {PHOTO_TYPES_TEXT}, up to {megabytes(limits.fileBytes)} each, {limits.files} at a time.
            <span className="hidden md:inline"> Or drop them here.</span>
          </span>
          <input
            ref={input}
            type="file"
            name="photos"
            multiple
            // image/* lets a phone offer its camera as well as its gallery
            accept="image/*"
            onChange={(event) => {
              if (hydrated && event.currentTarget.files) void start(event.currentTarget.files);
            }}
            className="mt-2 block w-full text-sm file:mr-3 file:min-h-11 file:border-0 file:bg-ink file:px-4 file:text-white"
          />
        </label>
        {/* with JavaScript, choosing the photos starts their upload */}
        {!hydrated && (
          <button type="submit" className="btn-primary">
            Upload
          </button>
        )}
        {items.length > 0 && (
          <ul className="space-y-2" aria-label="Uploads">
            {items.map((item) => (
              <li key={item.key} className="space-y-1">
                <p className="flex justify-between gap-2">
                  <span className="truncate">{item.name}</span>
                  <span className="shrink-0 tabular-nums text-stone-600">
                    {item.state === "done"
                      ? "Added"
                      : item.state === "failed"
                        ? "Not added"
                        : item.state === "waiting"
                          ? "Waiting"
                          : `${item.percent}%`}
                  </span>
                </p>
                <progress
                  max={100}
                  value={item.percent}
                  aria-label={`Upload of ${item.name}`}
                  className="h-2 w-full accent-ink"
                />
                {item.message && (
                  <p role="alert" className="text-red-800">
                    {item.message}
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
      </form>
    </Panel>
  );
}

export default function ProductPhotos() {
  const { product, photos, deleting, deleted, added, uploadError, limits } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as Answer | undefined;
  const busy = useNavigation().state === "submitting";
  const submit = useSubmit();
  // the order as dragged, until the saved order comes back from the server
  const serverOrder = photos.map((p) => p.id).join(",");
  const [dragged, setDragged] = useState<{ from: string; ids: number[] } | null>(null);
  const [dragging, setDragging] = useState<number | null>(null);
  const order = dragged && dragged.from === serverOrder ? dragged.ids : photos.map((p) => p.id);
  const byId = new Map(photos.map((p) => [p.id, p]));
  const shown = order.map((id) => byId.get(id)).filter((p) => p !== undefined);
  const toDelete = deleting === null ? undefined : photos.find((p) => p.id === deleting);
  const page = `/admin/products/${product.id}/photos`;

  function drop(targetId: number) {
    if (dragging === null || dragging === targetId) return;
    const next = order.filter((id) => id !== dragging);
    next.splice(next.indexOf(targetId) + (order.indexOf(dragging) < order.indexOf(targetId) ? 1 : 0), 0, dragging);
    setDragged({ from: serverOrder, ids: next });
    setDragging(null);
    void submit({ intent: "order", ids: next.join(",") }, { method: "post", preventScrollReset: true });
  }

  return (
    <>
      <p className="mb-2 text-sm">
        <Link to={`/admin/products/${product.id}`} className="underline underline-offset-4">
          ← Back to product
        </Link>
      </p>
      <PageTitle
        title={`Photos of ${product.name}`}
        intro="The first photo is the main one, shown on product cards and first on the product's page."
      />
      <div className="space-y-4">
        <Uploader productId={product.id} limits={limits} />
        {uploadError && <Notice kind="error">{uploadError}</Notice>}
        {added !== null && !uploadError && (
          <Notice kind="success">{added === 1 ? "1 photo added." : `${added} photos added.`}</Notice>
        )}
        {deleted && !answer && <Notice kind="success">Photo deleted.</Notice>}
        {answer?.error && <Notice kind="error">{answer.error}</Notice>}
        {answer?.done && <Notice kind="success">{answer.done}</Notice>}
        {toDelete && (
          <Form method="post" aria-label="Delete photo" className="space-y-3 bg-white p-4 ring-2 ring-red-300">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={toDelete.id} />
            <img src={toDelete.thumb} alt="" className="h-32 w-24 object-cover" />
            <p className="text-sm font-semibold">Delete this photo for good?</p>
            <div className="flex flex-wrap gap-2">
              <button type="submit" disabled={busy} className="btn-primary">
                Yes, delete it
              </button>
              <Link to={page} className="btn-secondary">
                Keep it
              </Link>
            </div>
          </Form>
        )}
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
                  <span className="absolute top-1 left-1 bg-white/90 px-1 text-xs font-semibold tabular-nums">
                    {i + 1}
                  </span>
                  {/* only here, for staff: the shop shows the main photo first and says nothing */}
                  {photo.isPrimary && (
                    <span className="absolute bottom-1 left-1 bg-ink px-1 text-[11px] font-semibold text-white">
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
                        maxLength={limits.altText}
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
                    <Link
                      to={`${page}?delete=${photo.id}`}
                      className="btn-secondary"
                      aria-label={`Delete photo ${i + 1}`}
                    >
                      Delete
                    </Link>
                  </Form>
                </div>
              </li>
            ))}
          </ol>
        </Panel>
      </div>
    </>
  );
}
