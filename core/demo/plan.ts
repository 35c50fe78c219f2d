// Builds the whole demo store as plain rows, deterministically (fixed PRNG seed, fixed dates).
// No database access here: index.ts inserts these rows, images.ts draws the pictures they name.
import { cleanHtml } from "../shared/sanitize";
import { slugify } from "../shared/slug";
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
import { BLOG_POSTS } from "./blog-posts";
import {
  BRA_SIZES,
  CLOTHING_SIZES,
  COLLECTIONS,
  NOT_CLOTH,
  PRODUCTS,
  type Art,
  type CollectionKey,
  type ProductDef,
} from "./catalog-data";
import {
  CARE,
  FAQS,
  HIGHLIGHTS,
  HOMEPAGE_CATEGORIES,
  REVIEW_TEXTS,
  REVIEWER_NAMES,
  VIDEOS,
  VOUCHERS,
  type Group,
} from "./content-data";
import { COLORS, type ColorName } from "./palette";
import { createRng, type Rng } from "./random";

export const SEED = 20_260_901;
/** Every demo date is relative to this instant. */
export const BASE_DATE = new Date("2026-09-01T00:00:00.000Z");
export const IMAGE_WIDTHS = [400, 800, 1200] as const;
export const MEDIA_PREFIX = "/media/demo";

const DAY = 86_400_000;
const MINUTE = 60_000;

function daysAgo(days: number, minutes = 0): Date {
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

export function groupOf(collection: CollectionKey): Group {
  switch (collection) {
    case "lawn":
    case "kurtis":
    case "formal":
      return "clothing";
    case "nightwear":
      return "nightwear";
    case "bras":
      return "bra";
    case "panties":
      return "panty";
    case "sets":
      return "set";
    case "accessories":
      return "accessory";
  }
}

const COLLECTION_CODES: Record<CollectionKey, string> = {
  lawn: "LWN",
  kurtis: "KRT",
  formal: "FRM",
  nightwear: "NGT",
  bras: "BRA",
  panties: "PNT",
  sets: "SET",
  accessories: "ACC",
};

export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

export function mediaUrl(name: string, width = 800): string {
  return `${MEDIA_PREFIX}/${name}-${width}.webp`;
}

function rupeesToPaisa(rupees: number): number {
  return Math.round(rupees * 100);
}

/** Rs. 3,490 -> a compare-at price 20-45% higher that ends in 90, e.g. Rs. 4,590. */
function comparePrice(rng: Rng, rupees: number): number {
  const raised = rupees * (1.2 + rng.int(0, 25) / 100);
  return Math.ceil(raised / 100) * 100 - 10;
}

function stockLevel(rng: Rng): number {
  const band = rng.weighted([
    ["out", 10],
    ["low", 10],
    ["normal", 80],
  ] as const);
  if (band === "out") return 0;
  if (band === "low") return rng.int(1, 3);
  return rng.int(5, 40);
}

function sizesOf(def: ProductDef): readonly string[] {
  if (def.sizes === "clothing") return CLOTHING_SIZES;
  if (def.sizes === "bra") return BRA_SIZES;
  return [];
}

function sizeSentence(def: ProductDef): string {
  const parts: string[] = [];
  if (def.sizes === "clothing") parts.push("Available in sizes XS to XL.");
  if (def.sizes === "bra") parts.push("Available in sizes 32B to 38D.");
  if (def.colors.length > 1) parts.push(`Choose from ${listText(def.colors)}.`);
  else if (def.colors.length === 1) parts.push(`Available in ${def.colors[0]}.`);
  return parts.join(" ");
}

function listText(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

function describe(
  rng: Rng,
  def: ProductDef,
  group: Group,
): {
  format: "plain" | "html" | "structured";
  description: string;
  structured: { bullet_points: string[]; highlights: string[] } | null;
} {
  const format = rng.weighted([
    ["plain", 35],
    ["html", 30],
    ["structured", 35],
  ] as const);
  const care = CARE[group];
  const sizes = sizeSentence(def);
  const fieldLines = Object.entries(def.fields).map(([k, v]) => `${k}: ${v}`);
  if (format === "plain") {
    return {
      format,
      description: `${def.blurb} ${sizes}\n\nCare: ${care}`.replace(/ {2,}/g, " "),
      structured: null,
    };
  }
  if (format === "html") {
    const items = fieldLines.map((line) => `<li>${escapeHtml(line)}</li>`).join("");
    const html =
      `<p>${escapeHtml(def.blurb)}</p>` +
      `<h3>Details</h3><ul>${items}</ul>` +
      (sizes ? `<p>${escapeHtml(sizes)}</p>` : "") +
      `<p><strong>Care:</strong> ${escapeHtml(care)}</p>`;
    return { format, description: cleanHtml(html), structured: null };
  }
  const bullets = [...fieldLines];
  if (sizes) bullets.push(sizes);
  bullets.push(`Care: ${care}`);
  const highlights = [...HIGHLIGHTS[group]];
  if (def.fields.Work) highlights.unshift(`${def.fields.Work} detailing`);
  return { format, description: def.blurb, structured: { bullet_points: bullets, highlights } };
}

function faqsFor(rng: Rng, def: ProductDef, group: Group): { question: string; answer: string }[] {
  const pool = [...FAQS[group]];
  const picked = rng.sample(pool, rng.int(2, 3));
  if (def.fields.Stitching === "Unstitched") {
    picked.unshift({
      question: "Is this suit stitched?",
      answer:
        "No, this is unstitched fabric for your own tailor. The shirt, dupatta and trouser pieces are cut to standard lengths listed in the specifications.",
    });
    return picked.slice(0, 3);
  }
  if (group === "clothing" && def.fields.Dupatta) {
    picked.push({
      question: "Is the dupatta included?",
      answer: `Yes, a ${def.fields.Dupatta.toLowerCase()} dupatta is included with the suit.`,
    });
    return picked.slice(-3);
  }
  return picked;
}

function reviewPool(def: ProductDef, group: Group, rating: number): string[] {
  const family =
    group === "clothing"
      ? "clothing"
      : group === "nightwear"
        ? "nightwear"
        : group === "accessory"
          ? "accessory"
          : "lingerie";
  const band = (rating >= 5 ? 5 : rating <= 2 ? 2 : rating) as 5 | 4 | 3 | 2;
  const all = REVIEW_TEXTS[family][band];
  const work = def.fields.Work ?? "";
  const filtered = all.filter((text) => {
    if (group === "panty" && /\bbra\b|band|34C|strap|padding/i.test(text)) return false;
    if (group === "bra" && /cannot be exchanged/i.test(text)) return false;
    if (group === "clothing") {
      if (!def.fields.Dupatta && /dupatta/i.test(text)) return false;
      if (!def.fields.Trouser && /trouser/i.test(text)) return false;
      if (!/embroider|zari|dabka|zardozi|chikankari|schiffli/i.test(work) && /embroider/i.test(text)) return false;
      if (def.sizes === "none" && /fit|size|sleeve/i.test(text)) return false;
    }
    if (def.art === "small" && /wore|formal suit/i.test(text)) return false;
    return true;
  });
  return filtered.length > 0 ? filtered : all;
}

function planProduct(rng: Rng, def: ProductDef, index: number, createdAt: Date): PlannedProduct {
  const group = groupOf(def.collection);
  const firstColor = def.colors[0];
  const hasCustomUrl = rng.next() >= 0.15;
  const customUrl = hasCustomUrl ? slugify(`${def.name} ${firstColor ?? ""}`) : null;
  const slug = customUrl ?? slugify(def.name);
  const price = rupeesToPaisa(def.price);
  const compare = rng.chance(0.4) ? rupeesToPaisa(comparePrice(rng, def.price)) : null;
  const desc = describe(rng, def, group);
  const faqs = faqsFor(rng, def, group);
  const daraz = rng.chance(0.34)
    ? `https://www.daraz.pk/products/${slugify(def.name)}-i${rng.int(100_000_000, 599_999_999)}.html`
    : null;

  // variants: sizes first, then colours
  const sizes = sizesOf(def);
  const variantRows: PlannedProduct["variants"] = [];
  sizes.forEach((size) =>
    variantRows.push({ variantType: "size", variantValue: size, colorHex: null, position: variantRows.length }),
  );
  def.colors.forEach((color) =>
    variantRows.push({
      variantType: "color",
      variantValue: color,
      colorHex: COLORS[color],
      position: variantRows.length,
    }),
  );

  // combinations: every size x colour pair; larger sizes a little dearer on some products
  const surchargeSizes =
    def.sizes === "clothing" && rng.chance(0.35)
      ? new Set(["XL"])
      : def.sizes === "bra" && rng.chance(0.35)
        ? new Set(["36D", "38D"])
        : new Set<string>();
  const surcharge = rupeesToPaisa(def.collection === "formal" ? 500 : def.sizes === "bra" ? 150 : 200);
  // keep every price inside the store's range (the dearest piece is Rs. 18,500)
  if (price + surcharge > rupeesToPaisa(18_500)) surchargeSizes.clear();
  const combos: PlannedProduct["combinations"] = [];
  const sizeAxis: (string | null)[] = sizes.length > 0 ? [...sizes] : [null];
  const colorAxis: (ColorName | null)[] = def.colors.length > 0 ? [...def.colors] : [null];
  if (sizes.length > 0 || def.colors.length > 0) {
    for (const color of colorAxis) {
      for (const size of sizeAxis) {
        const attributes: Record<string, string> = {};
        if (size) attributes.size = size;
        if (color) attributes.color = color;
        const skuParts = [`ZB-${COLLECTION_CODES[def.collection]}-${String(index + 1).padStart(3, "0")}`];
        if (size) skuParts.push(size);
        if (color) skuParts.push(slugify(color).toUpperCase());
        combos.push({
          combinationName: [size, color].filter(Boolean).join(" / "),
          variantAttributes: attributes,
          pricePaisa: size && surchargeSizes.has(size) ? price + surcharge : price,
          stock: stockLevel(rng),
          isAvailable: true,
          sku: skuParts.join("-"),
          createdAt,
          updatedAt: createdAt,
        });
      }
    }
  }
  const stock = combos.length > 0 ? combos.reduce((sum, c) => sum + (c.stock ?? 0), 0) : stockLevel(rng);
  const comboPrices = combos.map((c) => c.pricePaisa);
  const minPrice = comboPrices.length > 0 ? Math.min(...comboPrices) : price;
  const maxPrice = comboPrices.length > 0 ? Math.max(...comboPrices) : price;

  // images: front, second colour (or back), fabric detail, styled
  const collection = COLLECTIONS.find((c) => c.key === def.collection);
  if (!collection) throw new Error(`unknown collection ${def.collection}`);
  const palette: ColorName[] = def.colors.length > 0 ? def.colors : [collection.color, collection.accent];
  const imageCount = rng.int(3, 4);
  const images: PlannedProduct["images"] = [];
  for (let n = 1; n <= imageCount; n++) {
    const color = palette[n === 2 ? 1 % palette.length : n === 4 ? palette.length - 1 : 0] as ColorName;
    const detail = def.fields.Work ?? def.fields.Fabric ?? def.material;
    const alt =
      n === 1
        ? `${def.name} in ${color}, front view`
        : n === 2
          ? palette.length > 1
            ? `${def.name} in ${color}`
            : `${def.name}, back view`
          : n === 3
            ? `${def.name}: close-up of the ${detail.toLowerCase()} detail`
            : `${def.name} in ${color}, styled look`;
    images.push({
      imageUrl: mediaUrl(`${slug}-${n}`),
      widths: [...IMAGE_WIDTHS],
      altText: alt,
      isPrimary: n === 1,
      position: n - 1,
    });
  }

  // reviews: 0-6, mostly 4-5 stars, dated after the product went live
  const ageDays = (BASE_DATE.getTime() - createdAt.getTime()) / DAY;
  const reviewCount =
    ageDays < 4
      ? 0
      : rng.weighted([
          [0, 12],
          [1, 14],
          [2, 16],
          [3, 18],
          [4, 16],
          [5, 13],
          [6, 11],
        ] as const);
  const names = rng.sample(REVIEWER_NAMES, reviewCount);
  const usedTexts = new Set<string>();
  const reviewRows: PlannedProduct["reviews"] = names.map((name) => {
    const rating = rng.weighted([
      [5, 55],
      [4, 30],
      [3, 10],
      [2, 4],
      [1, 1],
    ] as const);
    const pool = reviewPool(def, group, rating);
    let text = rng.pick(pool);
    for (let tries = 0; tries < 6 && usedTexts.has(text); tries++) text = rng.pick(pool);
    usedTexts.add(text);
    const afterLaunch = rng.int(2 * 24 * 60, Math.floor((ageDays - 1) * 24 * 60));
    return {
      userId: null,
      rating,
      reviewText: text,
      reviewerName: name,
      isGuest: true,
      isApproved: true,
      createdAt: new Date(createdAt.getTime() + afterLaunch * MINUTE),
    };
  });
  reviewRows.sort((a, b) => (a.createdAt as Date).getTime() - (b.createdAt as Date).getTime());

  return {
    def,
    slug,
    collections: [def.collection, ...(def.alsoIn ?? [])],
    row: {
      name: def.name,
      description: desc.description,
      descriptionFormat: desc.format,
      structuredDescription: desc.structured,
      customUrl,
      pricePaisa: price,
      basePricePaisa: price,
      comparePricePaisa: compare,
      stock,
      materialType: def.material,
      customFields: { ...def.fields },
      faqs,
      darazLink: daraz,
      isActive: true,
      reviewCount: reviewRows.length,
      ratingTotal: reviewRows.reduce((sum, r) => sum + r.rating, 0),
      minPricePaisa: minPrice,
      maxPricePaisa: maxPrice,
      createdAt,
      updatedAt: createdAt,
    },
    variants: variantRows,
    combinations: combos,
    images,
    reviews: reviewRows,
  };
}

function wordCount(html: string): number {
  return html
    .replace(/<[^>]+>/g, " ")
    .split(/\s+/)
    .filter((w) => /[A-Za-z0-9]/.test(w)).length;
}

/** Builds the plan from scratch (tests compare two builds); use demoPlan() otherwise. */
export function buildDemoPlan(): DemoPlan {
  const rng = createRng(SEED);

  const collectionRows: DemoPlan["collections"] = COLLECTIONS.map((c, i) => {
    const slug = slugify(c.name);
    return {
      key: c.key,
      slug,
      row: {
        name: c.name,
        description: c.description,
        imageUrl: mediaUrl(`collection-${slug}`),
        isFeatured: c.featured,
        isActive: true,
        position: i,
        createdAt: daysAgo(120, i * 7),
        updatedAt: daysAgo(120, i * 7),
      },
    };
  });

  const names = new Set<string>();
  const slugs = new Set<string>();
  const plannedProducts = PRODUCTS.map((def, index) => {
    if (names.has(def.name)) throw new Error(`duplicate demo product name ${def.name}`);
    names.add(def.name);
    // spread over the 90 days before the base date, a few minutes apart within a day
    const createdAt = daysAgo(rng.int(1, 90), rng.int(9 * 60, 22 * 60) - 24 * 60);
    const planned = planProduct(rng, def, index, createdAt);
    if (slugs.has(planned.slug)) throw new Error(`duplicate demo product slug ${planned.slug}`);
    slugs.add(planned.slug);
    return planned;
  });
  const byName = new Map(plannedProducts.map((p) => [p.def.name, p]));

  const blogRows: DemoPlan["blogs"] = BLOG_POSTS.map((post) => {
    const product = byName.get(post.productName);
    if (!product) throw new Error(`blog ${post.slug} names unknown product ${post.productName}`);
    const picture = product.images[0];
    const html = cleanHtml(post.html.replace("{{PRODUCT_IMAGE}}", picture?.imageUrl ?? "").trim());
    const publishedAt = daysAgo(post.publishedDaysAgo, 10 * 60);
    return {
      slug: post.slug,
      title: post.title,
      excerpt: post.excerpt,
      content: html,
      category: post.category,
      tags: post.tags,
      authorName: post.authorName,
      featuredImageUrl: mediaUrl(`blog-${post.slug}`, 1200),
      readTimeMinutes: Math.max(1, Math.ceil(wordCount(html) / 200)),
      isFeatured: post.isFeatured,
      isPublished: true,
      seoTitle: post.seoTitle,
      seoDescription: post.seoDescription,
      seoKeywords: post.seoKeywords,
      createdAt: daysAgo(post.publishedDaysAgo + 2, 15 * 60),
      publishedAt,
      updatedAt: publishedAt,
    };
  });

  const videoRows: DemoPlan["videos"] = VIDEOS.map((v, i) => ({
    title: v.title,
    description: v.description,
    videoUrl: v.videoUrl,
    isActive: true,
    position: i,
    createdAt: daysAgo(60 - i * 10),
  }));

  const voucherRows: DemoPlan["vouchers"] = VOUCHERS.map((v, i) => ({
    code: v.code.toUpperCase(),
    description: v.description,
    message: v.message,
    discountType: v.discountType,
    discountValue: v.discountValue,
    maxDiscountPaisa: v.maxDiscountPaisa,
    minOrderPaisa: v.minOrderPaisa,
    startsAt: v.startsAt ? new Date(v.startsAt) : null,
    endsAt: v.endsAt ? new Date(v.endsAt) : null,
    isActive: v.isActive,
    usageLimit: v.usageLimit,
    perCustomerLimit: v.perCustomerLimit,
    usedCount: v.usedCount,
    createdAt: daysAgo(240 - i),
  }));

  // homepage sections
  const time = (p: PlannedProduct) => (p.row.createdAt as Date).getTime();
  const newest = [...plannedProducts].sort((a, b) => time(b) - time(a) || a.def.name.localeCompare(b.def.name));
  const bestSellers = [...plannedProducts]
    .filter((p) => (p.row.reviewCount ?? 0) > 0)
    .sort(
      (a, b) =>
        (b.row.reviewCount ?? 0) - (a.row.reviewCount ?? 0) ||
        (b.row.ratingTotal ?? 0) / (b.row.reviewCount ?? 1) - (a.row.ratingTotal ?? 0) / (a.row.reviewCount ?? 1) ||
        a.def.name.localeCompare(b.def.name),
    );
  const lingerie = plannedProducts.filter((p) => ["bras", "panties", "sets", "nightwear"].includes(p.def.collection));
  const lingerieEdit = rng.sample(lingerie, 14);
  const sections = [newest.slice(0, 16), bestSellers.slice(0, 16), lingerieEdit];
  const homepage = HOMEPAGE_CATEGORIES.map((c, i) => ({
    name: c.name,
    description: c.description,
    position: i,
    productNames: (sections[i] ?? []).map((p) => p.def.name),
  }));

  // pictures
  const images: PlannedImage[] = [];
  COLLECTIONS.forEach((c, i) => {
    const slug = collectionRows[i]?.slug ?? slugify(c.name);
    images.push({
      name: `collection-${slug}`,
      aspect: "portrait",
      widths: IMAGE_WIDTHS,
      art: { shape: c.art, color: COLORS[c.color], accent: COLORS[c.accent], label: c.name, view: 1, seed: i + 1 },
    });
  });
  plannedProducts.forEach((p, index) => {
    const collection = COLLECTIONS.find((c) => c.key === p.def.collection);
    const palette: ColorName[] =
      p.def.colors.length > 0 ? p.def.colors : collection ? [collection.color, collection.accent] : ["Ivory"];
    const accent: ColorName = collection?.accent ?? "Gold";
    p.images.forEach((_img, k) => {
      const n = k + 1;
      const color = palette[n === 2 ? 1 % palette.length : n === 4 ? palette.length - 1 : 0] as ColorName;
      images.push({
        name: `${p.slug}-${n}`,
        aspect: "portrait",
        widths: IMAGE_WIDTHS,
        art: {
          // the third picture is a close-up of the cloth, for things made of cloth
          shape: n === 3 && !NOT_CLOTH.has(p.def.art) ? "fabric" : p.def.art,
          color: COLORS[color],
          accent: COLORS[accent !== color ? accent : color === "Gold" ? "Maroon" : "Gold"],
          label: p.def.name,
          view: n,
          seed: index * 7 + n,
        },
      });
    });
  });
  BLOG_POSTS.forEach((post, i) => {
    const product = byName.get(post.productName);
    images.push({
      name: `blog-${post.slug}`,
      aspect: "landscape",
      widths: IMAGE_WIDTHS,
      title: post.title,
      kicker: post.category,
      art: {
        shape: product?.def.art ?? "kurti",
        color: COLORS[post.color as ColorName] ?? COLORS.Ivory,
        accent: COLORS[post.accent as ColorName] ?? COLORS.Gold,
        label: post.title,
        view: 1,
        seed: 500 + i,
      },
    });
  });

  return {
    collections: collectionRows,
    products: plannedProducts,
    blogs: blogRows,
    videos: videoRows,
    vouchers: voucherRows,
    homepage,
    images,
  };
}

let cached: DemoPlan | undefined;

/** The demo store as rows. Deterministic; built once per process and shared (do not mutate). */
export function demoPlan(): DemoPlan {
  cached ??= buildDemoPlan();
  return cached;
}
