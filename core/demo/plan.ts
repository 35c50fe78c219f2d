// Builds the whole demo store as plain rows, deterministically (fixed PRNG seed, fixed dates).
// No database access here: index.ts inserts these rows, images.ts draws the pictures they name.
// Each product is planned by product-plan.ts; the row shapes and fixed points are in plan-shape.ts.
import { cleanHtml } from "../shared/sanitize";
import { slugify } from "../shared/slug";
import { BLOG_POSTS } from "./blog-posts";
import { COLLECTIONS, NOT_CLOTH, PRODUCTS } from "./catalog-data";
import { HOMEPAGE_CATEGORIES, VIDEOS, VOUCHERS } from "./content-data";
import { COLORS, type ColorName } from "./palette";
import {
  IMAGE_WIDTHS,
  SEED,
  daysAgo,
  mediaUrl,
  type DemoPlan,
  type PlannedImage,
  type PlannedProduct,
} from "./plan-shape";
import { planProduct } from "./product-plan";
import { createRng } from "./random";
import { COLLECTIONS_UR } from "./urdu-content";

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
        nameUr: COLLECTIONS_UR[c.key].name,
        descriptionUr: COLLECTIONS_UR[c.key].description,
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
