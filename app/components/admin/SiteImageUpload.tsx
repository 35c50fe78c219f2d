// Uploading a collection's hero or a blog post's picture (decision 0066): a plain multipart form
// posted to the console's upload door (server/console-photo-upload.ts), which sends the page back
// with ?image=uploaded or ?image_error=<status>. Works without JavaScript; image/* lets a phone
// offer its camera as well as its gallery.
import { megabytes, PHOTO_LIMITS, PHOTO_TYPES_TEXT } from "../../../core/media/photo-rules";
import { Notice } from "./Notice";

const ERRORS: Record<string, string> = {
  "400": "The upload broke off. Please try again.",
  "403": "You may not change this picture, or the page was not the store's own.",
  "404": "It was deleted meanwhile.",
  "413": `The picture was too large: at most ${megabytes(PHOTO_LIMITS.fileBytes)} and ${Math.round(PHOTO_LIMITS.pixels / 1e6)} megapixels, one at a time. Nothing changed.`,
  "422": `That file is not a picture this store can read: send ${PHOTO_TYPES_TEXT} (an iPhone's HEIC photo: choose "Most Compatible" under Settings > Camera > Formats, or send it as JPEG). Nothing changed.`,
};

/** The page's notice for what the upload door sent back, from the page's query string. */
export function siteImageOutcome(search: URLSearchParams): { uploaded: boolean; error: string | null } {
  const status = search.get("image_error");
  return {
    uploaded: search.get("image") === "uploaded" && !status,
    error: status === null ? null : (ERRORS[status] ?? "The picture could not be uploaded. Nothing changed."),
  };
}

export function SiteImageUpload({
  action,
  label,
  hint,
  outcome,
}: {
  /** the upload door, e.g. /admin/collections/3/image/upload */
  action: string;
  label: string;
  hint?: string;
  outcome: { uploaded: boolean; error: string | null };
}) {
  return (
    <form
      method="post"
      action={action}
      encType="multipart/form-data"
      aria-label={label}
      className="space-y-3 border-2 border-dashed border-stone-300 p-4 text-sm"
    >
      {outcome.error && <Notice kind="error">{outcome.error}</Notice>}
      {outcome.uploaded && <Notice kind="success">Picture uploaded. The storefront shows it now.</Notice>}
      <label className="block">
        <span className="block font-semibold">{label}</span>
        <span className="block text-xs text-stone-600">
          {PHOTO_TYPES_TEXT}, up to {megabytes(PHOTO_LIMITS.fileBytes)}.{hint ? ` ${hint}` : ""}
        </span>
        <input
          type="file"
          name="image"
          accept="image/*"
          required
          className="mt-2 block w-full min-w-0 text-sm file:me-3 file:min-h-11 file:border-0 file:bg-ink file:px-4 file:text-white"
        />
      </label>
      <button type="submit" className="btn-primary">
        Upload
      </button>
    </form>
  );
}
