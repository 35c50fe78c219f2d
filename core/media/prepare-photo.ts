// Turning one uploaded file into the storefront's WebP widths (decision 0063), shared by product
// photos and the site's uploaded pictures (collection heroes, blog pictures; decision 0066).
// Each upload is judged by its bytes, never its name or declared type; turned upright by its
// EXIF orientation; stripped of every piece of metadata (GPS location included) by being
// re-encoded; and written as the WebP widths the storefront loads (<base>-<width>.webp).
import type { Metadata } from "sharp";
import { AppError, invalid } from "../shared/errors";
import { HEIC_REFUSED, megabytes, PHOTO_LIMITS, PHOTO_TYPES_TEXT, PHOTO_WIDTHS } from "./photo-rules";

export interface UploadedFile {
  /** the name the browser sent, only to name the file in a message */
  name: string;
  bytes: Uint8Array;
}

type ImageType = "jpeg" | "png" | "webp" | "heic" | "other";

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

// HEIF brands of Apple's and Samsung's HEIC photos (ISO/IEC 23008-12); "mif1" alone is HEIF too
const HEIC_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs", "mif1", "msf1"]);

/** What the bytes are, from their first bytes (the "magic numbers"), whatever the file is called. */
export function detectImageType(bytes: Uint8Array): ImageType {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (bytes.length >= 8 && ascii(bytes, 0, 8) === "\x89PNG\r\n\x1a\n") return "png";
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "webp";
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === "ftyp") {
    const major = ascii(bytes, 8, 12);
    // AVIF files say mif1 as well, with avif among their compatible brands
    const size = Math.min(bytes.length, new DataView(bytes.buffer, bytes.byteOffset).getUint32(0), 64);
    const compatible = new Set<string>();
    for (let at = 16; at + 4 <= size; at += 4) compatible.add(ascii(bytes, at, at + 4));
    if (major === "avif" || major === "avis" || compatible.has("avif")) return "other";
    if (HEIC_BRANDS.has(major)) return "heic";
  }
  return "other";
}

/** The WebP files of one photo, ready to store. */
export interface PreparedPhoto {
  name: string;
  files: { width: number; bytes: Buffer }[];
  /** the upright image's size, after EXIF orientation */
  width: number;
  height: number;
}

const label = (name: string) => {
  // a file's name is the sender's words: short, printable, quoted
  const clean = name
    // eslint-disable-next-line no-control-regex -- control characters are dropped from the name
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .trim()
    .slice(0, 80);
  return clean ? `"${clean}"` : "The file";
};

/**
 * Checks one file by its content and makes its WebP widths: upright (EXIF orientation applied),
 * without metadata (sharp writes none unless asked), never enlarged. 413 when too large, 422
 * for anything that is not a JPEG, PNG or WebP photo sharp can decode.
 */
export async function preparePhoto(file: UploadedFile): Promise<PreparedPhoto> {
  const name = label(file.name);
  if (file.bytes.length > PHOTO_LIMITS.fileBytes)
    throw new AppError(413, `${name} is larger than ${megabytes(PHOTO_LIMITS.fileBytes)}. Send a smaller photo.`);
  if (file.bytes.length === 0) throw invalid(`${name} is empty.`);
  const type = detectImageType(file.bytes);
  if (type === "heic") throw invalid(`${name} ${HEIC_REFUSED}`);
  if (type === "other") throw invalid(`${name} is not a photo this store can read: send ${PHOTO_TYPES_TEXT}.`);
  // loaded when the first photo comes, not at start: libvips is ~30 MB a store that is only
  // selling never needs (decision 0078)
  const { default: sharp } = await import("sharp");
  const input = () => sharp(file.bytes, { limitInputPixels: PHOTO_LIMITS.pixels, failOn: "error" });
  let meta: Metadata;
  try {
    // the header only: the pixel limit is checked below with a message that says so
    meta = await sharp(file.bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw invalid(`${name} looks like a ${type.toUpperCase()} but could not be read. It may be damaged.`);
  }
  if (meta.format !== type || !meta.width || !meta.height)
    throw invalid(`${name} is not a photo this store can read: send ${PHOTO_TYPES_TEXT}.`);
  if (meta.width * meta.height > PHOTO_LIMITS.pixels)
    throw new AppError(
      413,
      `${name} has ${Math.round((meta.width * meta.height) / 1e6)} megapixels; at most ${Math.round(PHOTO_LIMITS.pixels / 1e6)} are taken.`,
    );
  try {
    // decoded once, turned upright and brought down to the largest width; the others come from that
    const largest = Math.max(...PHOTO_WIDTHS);
    const { data, info } = await input()
      .rotate()
      .resize({ width: largest, withoutEnlargement: true })
      .toColourspace("srgb")
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
    const files = await Promise.all(
      PHOTO_WIDTHS.map(async (width) => {
        let pipeline = sharp(data, raw);
        if (width < info.width) pipeline = pipeline.resize({ width });
        return { width, bytes: await pipeline.webp({ quality: 80, effort: 4 }).toBuffer() };
      }),
    );
    const upright = (meta.orientation ?? 1) >= 5;
    return { name, files, width: upright ? meta.height : meta.width, height: upright ? meta.width : meta.height };
  } catch {
    throw invalid(`${name} could not be read to the end. It may be damaged.`);
  }
}

/** The key of one width of a stored picture: <base>-<width>.webp. */
export const fileKey = (base: string, width: number) => `${base}-${width}.webp`;
/** The keys of every width of a stored picture. */
export const keysOf = (base: string) => PHOTO_WIDTHS.map((w) => fileKey(base, w));
