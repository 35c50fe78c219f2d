// The photos page's server side (decision 0063): ids as the address and the forms send them, and
// what the plain form's upload came back with in words.
import { megabytes, PHOTO_LIMITS, PHOTO_TYPES_TEXT } from "../../core/media/photo-rules";

const MAX_ID = 2_147_483_647;
/** A database id (1 to the largest integer column) from a form or the address; else null. */
export const positiveId = (value: unknown) => {
  const text = String(value ?? "");
  if (!/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return id >= 1 && id <= MAX_ID ? id : null;
};

// what the plain form's upload came back with (?upload_error=<status>): the script shows core's
// own message for each file instead
export const UPLOAD_ERRORS: Record<string, string> = {
  "413": `A photo was too large: at most ${megabytes(PHOTO_LIMITS.fileBytes)} and ${Math.round(PHOTO_LIMITS.pixels / 1e6)} megapixels each, ${PHOTO_LIMITS.files} photos at a time. Nothing was added.`,
  "422": `A file was not a photo this store can read (send ${PHOTO_TYPES_TEXT}; an iPhone's HEIC photo: choose "Most Compatible" under Settings > Camera > Formats, or send it as JPEG), or the product has too many photos. Nothing was added.`,
  "404": "This product no longer exists.",
  "400": "The upload broke off. Please try again.",
};
