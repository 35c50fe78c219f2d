// The demo plan's shape and fixed points: the row types plan.ts builds, the PRNG seed, the
// instant every demo date counts back from, and where the generated pictures are served. Kept
// apart so the product planner and the store planner both read them without importing each other.
import type {
  blogs,
  collections,
  homepageVideos,
  productImages,
  products,
  reviews,
  variantCombinations,
  variants,
  vouchers,
} from "../../db/schema";
import type { Art, CollectionKey, ProductDef } from "./catalog-data";

export const SEED = 20_260_901;
/** Every demo date is relative to this instant. */
export const BASE_DATE = new Date("2026-09-01T00:00:00.000Z");
export const IMAGE_WIDTHS = [400, 800, 1200] as const;
export const MEDIA_PREFIX = "/media/demo";

export const DAY = 86_400_000;
export const MINUTE = 60_000;

export function daysAgo(days: number, minutes = 0): Date {
  return new Date(BASE_DATE.getTime() - days * DAY + minutes * MINUTE);
}

type Insert<T extends { $inferInsert: unknown }> = T["$inferInsert"];
type Without<T, K extends keyof T> = Omit<T, K>;

/** What the artwork generator needs to draw one picture. */
export interface ArtSpec {
  shape: Art | "fabric";
  color: string;
  accent: string;
  label: string;
  /** 1-4 for product pictures: front, second colour, detail, styled */
  view: number;
  seed: number;
}

export interface PlannedImage {
  /** file name without "-<width>.webp", under <mediaDir>/demo */
  name: string;
  aspect: "portrait" | "landscape";
  widths: readonly number[];
  art: ArtSpec;
  /** landscape (blog) pictures carry a title */
  title?: string;
  kicker?: string;
}

export interface PlannedProduct {
  def: ProductDef;
  slug: string;
  collections: CollectionKey[];
  row: Without<Insert<typeof products>, "id">;
  variants: Without<Insert<typeof variants>, "id" | "productId">[];
  combinations: Without<Insert<typeof variantCombinations>, "id" | "productId">[];
  images: Without<Insert<typeof productImages>, "id" | "productId">[];
  reviews: Without<Insert<typeof reviews>, "id" | "productId">[];
}

export interface DemoPlan {
  collections: { key: CollectionKey; slug: string; row: Without<Insert<typeof collections>, "id"> }[];
  products: PlannedProduct[];
  blogs: Without<Insert<typeof blogs>, "id">[];
  videos: Without<Insert<typeof homepageVideos>, "id">[];
  vouchers: Without<Insert<typeof vouchers>, "id">[];
  homepage: { name: string; description: string; position: number; productNames: string[] }[];
  images: PlannedImage[];
}

/** Where a generated picture is served, at one of IMAGE_WIDTHS. */
export function mediaUrl(name: string, width = 800): string {
  return `${MEDIA_PREFIX}/${name}-${width}.webp`;
}
