// One demo product planned from its catalogue entry: the product row, its sizes and colours, every
// size x colour combination with its stock and SKU, its pictures and its reviews. plan.ts calls it
// once per product, in catalogue order, from the one seeded PRNG (the order of draws is the seed).
import { slugify } from "../shared/slug";
import { COLLECTIONS, BRA_SIZES, CLOTHING_SIZES, type CollectionKey, type ProductDef } from "./catalog-data";
import { REVIEWER_NAMES } from "./content-data";
import { COLORS, type ColorName } from "./palette";
import { BASE_DATE, DAY, IMAGE_WIDTHS, MINUTE, mediaUrl, type PlannedProduct } from "./plan-shape";
import { describeProduct, faqsFor, groupOf, reviewPool } from "./product-text";
import type { Rng } from "./random";
import { PRODUCTS_UR, urduDescriptionIn } from "./urdu-content";

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

export function planProduct(rng: Rng, def: ProductDef, index: number, createdAt: Date): PlannedProduct {
  const group = groupOf(def.collection);
  const firstColor = def.colors[0];
  const hasCustomUrl = rng.next() >= 0.15;
  const customUrl = hasCustomUrl ? slugify(`${def.name} ${firstColor ?? ""}`) : null;
  const slug = customUrl ?? slugify(def.name);
  const price = rupeesToPaisa(def.price);
  const compare = rng.chance(0.4) ? rupeesToPaisa(comparePrice(rng, def.price)) : null;
  const desc = describeProduct(rng, def, group);
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
      nameUr: PRODUCTS_UR[def.name]?.name ?? null,
      descriptionUr: PRODUCTS_UR[def.name] ? urduDescriptionIn(desc.format, PRODUCTS_UR[def.name]!.description) : null,
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
