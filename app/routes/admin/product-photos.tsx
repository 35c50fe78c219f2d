// A product's photos (decision 0063), for the products permission: upload several at once (the
// phone's camera or gallery through the file input, or dropped on the page on a computer), with
// progress; drag to reorder, or the Up and Down buttons (keyboard, no JavaScript); alt text; the
// main photo; delete after a second step. Uploads go to POST /admin/products/:id/photos/upload
// (server/console-photo-upload.ts), one file per request with JavaScript, all chosen files at once
// from the plain form without it. Its panels are components/admin/PhotoManager*.tsx.
import { data, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import {
  deleteProductPhoto,
  listProductPhotos,
  reorderProductPhotos,
  updateProductPhoto,
} from "../../../core/media/product-photos";
import { PHOTO_LIMITS } from "../../../core/media/photo-rules";
import { mediaStorage } from "../../../core/media/storage";
import { AppError } from "../../../core/shared/errors";
import { BackLink } from "../../components/admin/BackLink";
import { ConsoleErrorBoundary } from "../../components/admin/ConsoleError";
import { DeleteConfirmForm } from "../../components/admin/DeleteConfirmForm";
import { PageTitle } from "../../components/admin/Fields";
import { Notice } from "../../components/admin/Notice";
import { PhotoManagerList } from "../../components/admin/PhotoManagerList";
import { PhotoManagerUploader } from "../../components/admin/PhotoManagerUploader";
import { consoleMeta, formText } from "../../lib/console";
import { orRefusal } from "../../lib/core-refusal.server";
import { imageSrc } from "../../lib/images";
import { positiveId, UPLOAD_ERRORS } from "../../lib/product-photos.server";
import { requireStaff } from "../../lib/staff.server";
import type { Route } from "./+types/product-photos";

export const meta = ({ data: loaded }: Route.MetaArgs) =>
  consoleMeta(loaded && "product" in loaded ? `Photos of ${loaded.product.name}` : "Photos");
export const ErrorBoundary = ConsoleErrorBoundary;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const actor = await requireStaff(request, context, "products");
  const productId = positiveId(params.id);
  if (productId === null) throw data({ detail: "Product not found" }, { status: 404 });
  const found = await orRefusal(listProductPhotos(context.core, actor, productId));
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

export default function ProductPhotos() {
  const { product, photos, deleting, deleted, added, uploadError, limits } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as Answer | undefined;
  const busy = useNavigation().state === "submitting";
  const toDelete = deleting === null ? undefined : photos.find((p) => p.id === deleting);
  const page = `/admin/products/${product.id}/photos`;

  return (
    <>
      <BackLink to={`/admin/products/${product.id}`} label="← Back to product" />
      <PageTitle
        title={`Photos of ${product.name}`}
        intro="The first photo is the main one, shown on product cards and first on the product's page."
      />
      <div className="space-y-4">
        <PhotoManagerUploader productId={product.id} limits={limits} />
        {uploadError && <Notice kind="error">{uploadError}</Notice>}
        {added !== null && !uploadError && (
          <Notice kind="success">{added === 1 ? "1 photo added." : `${added} photos added.`}</Notice>
        )}
        {deleted && !answer && <Notice kind="success">Photo deleted.</Notice>}
        {answer?.error && <Notice kind="error">{answer.error}</Notice>}
        {answer?.done && <Notice kind="success">{answer.done}</Notice>}
        {toDelete && (
          <DeleteConfirmForm
            label="Delete photo"
            keepHref={page}
            busy={busy}
            className="space-y-3 bg-white p-4 ring-2 ring-red-300"
          >
            <input type="hidden" name="id" value={toDelete.id} />
            <img src={toDelete.thumb} alt="" className="h-32 w-24 object-cover" />
            <p className="text-sm font-semibold">Delete this photo for good?</p>
          </DeleteConfirmForm>
        )}
        <PhotoManagerList photos={photos} page={page} altTextMax={limits.altText} busy={busy} />
      </div>
    </>
  );
}
