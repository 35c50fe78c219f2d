// The limits of product photo uploads (decision 0063). Browser-safe (no imports): the console's
// page shows them and checks them before sending, core enforces them.

export const PHOTO_LIMITS = {
  /** bytes per file: a 48-megapixel phone JPEG is ~12 MB */
  fileBytes: 15 * 1024 * 1024,
  /** files per request */
  files: 10,
  /**
   * decoded pixels per image, against decompression bombs (a small file that would decode to
   * gigabytes): phones take 12 to 50 megapixels, some 108 in their "high resolution" mode
   */
  pixels: 110_000_000,
  /** photos one product may have */
  perProduct: 40,
  /** alt text characters */
  altText: 250,
} as const;

/** The WebP widths the storefront loads (app/lib/images.ts): <base>-<width>.webp. */
export const PHOTO_WIDTHS = [400, 800, 1200] as const;

export const PHOTO_TYPES_TEXT = "JPEG, PNG or WebP";

export const HEIC_REFUSED =
  'is an HEIC photo, which this store cannot read yet. On the iPhone choose Settings > Camera > Formats > "Most Compatible" (photos are then JPEG), or send the photo as JPEG (sharing it by WhatsApp or e-mail does that).';

export const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;
