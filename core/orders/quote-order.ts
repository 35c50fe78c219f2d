// Pricing an order from the database (decision 0008): its lines from the catalogue at today's
// prices, the units-per-line limit, the voucher and its rules, shipping by the settings, then any
// figure a staff member set by hand. Nothing is written, so a manual order's review runs exactly
// the pricing its placing will; write-order.ts places what this prices, and exchanges price their
// replacements from the same catalogue rows (loadCatalogueRows).
import type { ShopperLocale } from "../shared/locale";
import { inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { products, variantCombinations } from "../../db/schema";
import { AppError, invalid } from "../shared/errors";
import type { SiteSettings } from "../settings/site-settings";
import { maxUnitsMessage, SELECT_ALL_OPTIONS } from "../cart/cart";
import { findVoucher, voucherProblem, type Voucher } from "../vouchers/vouchers";
import { priceOrder, type OrderFigures } from "../shared/pricing";
import type { OrderItemInput } from "./order-input";
import { mainPhotoUrl } from "../media/product-photos";

export const PRICES_CHANGED = "Prices have changed. Please review your cart.";

export interface PricedItem {
  productId: number;
  combinationId: number | null;
  name: string;
  combinationName: string | null;
  variantDetails: Record<string, string> | null;
  imageUrl: string | null;
  quantity: number;
  unitPricePaisa: number;
  /** the price the client showed, to compare; null when it showed none (a staff member's order) */
  clientPricePaisa: number | null;
}

/**
 * What an order is made of, however it was taken: the checkout's payload (OrderInput is one), or
 * what a staff member typed for a customer. Amounts are paisa.
 */
export interface OrderRequest {
  first_name: string;
  last_name: string;
  /** lowercase; "" when a customer who ordered by phone gave none */
  email: string;
  phone: string;
  phone_normalized: string;
  shipping_address: string;
  city: string;
  postal_code: string;
  country: string;
  items: (Omit<OrderItemInput, "price"> & { price: number | null })[];
  voucher_code: string | null;
  session_id: string | null;
  /** the total the client showed: a different figure is a 409; null compares nothing */
  total_amount: number | null;
  /** the storefront language it was placed in (its messages are written in it); absent: English */
  locale?: ShopperLocale;
}

/** Figures a staff member set by hand (decision 0057), with the reason they gave. */
export interface PriceOverrides {
  shippingPaisa: number | null;
  discountPaisa: number | null;
  reason: string;
}

export const discountTooLargeMessage = (subtotalPaisa: number) =>
  `discount cannot be more than the goods cost (Rs. ${subtotalPaisa / 100})`;

/** An order priced from the database, nothing written. */
export interface OrderQuote {
  items: PricedItem[];
  figures: OrderFigures;
  voucher: Voucher | null;
}

/**
 * Prices an order: its items from the catalogue, the units-per-line limit, the voucher and its
 * rules, shipping by the settings, then any figures set by hand. Writes nothing, so a staff
 * member's review of an order runs exactly the pricing its placing will.
 */
export async function quoteOrder(
  tx: Db,
  request: OrderRequest,
  settings: SiteSettings,
  overrides: PriceOverrides | null,
): Promise<OrderQuote> {
  const items = await loadItems(tx, request);
  limitUnitsPerLine(items, settings.effectiveMaxUnitsPerLine);

  let voucher: Voucher | null = null;
  if (request.voucher_code) {
    voucher = await findVoucher(tx, request.voucher_code);
    if (!voucher) throw new AppError(409, "Invalid voucher code", { voucher_code: request.voucher_code });
  }
  let figures = priceOrder({
    lines: items.map((i) => ({ unitPricePaisa: i.unitPricePaisa, quantity: i.quantity })),
    shipping: { feePaisa: settings.effectiveShippingFeePaisa, freeThresholdPaisa: settings.freeShippingThresholdPaisa },
    voucher,
  });
  if (voucher) {
    const problem = voucherProblem(voucher, new Date(), figures.subtotalPaisa);
    if (problem) throw new AppError(409, problem, { voucher_code: voucher.code });
  }
  if (overrides) {
    // a figure set by hand replaces the computed one, the voucher's included; the goods are never
    // given away for less than nothing
    const shippingPaisa = overrides.shippingPaisa ?? figures.shippingPaisa;
    const discountPaisa = overrides.discountPaisa ?? figures.discountPaisa;
    if (discountPaisa > figures.subtotalPaisa) throw invalid(discountTooLargeMessage(figures.subtotalPaisa));
    figures = {
      ...figures,
      shippingPaisa,
      discountPaisa,
      totalPaisa: figures.subtotalPaisa - discountPaisa + shippingPaisa,
    };
  }
  return { items, figures, voucher };
}

/** At most `max` units of one item (a combination, or a product without options) in one order. */
function limitUnitsPerLine(items: PricedItem[], max: number): void {
  const units = new Map<string, number>();
  for (const item of items) {
    const key = item.combinationId === null ? `p${item.productId}` : `c${item.combinationId}`;
    const total = (units.get(key) ?? 0) + item.quantity;
    units.set(key, total);
    if (total > max) {
      throw new AppError(422, maxUnitsMessage(max), {
        product_id: item.productId,
        combination_id: item.combinationId,
        max_quantity: max,
      });
    }
  }
}

/**
 * The catalogue rows an order is priced from (the checkout's, a manual order's and an exchange's
 * replacements'): each product with its price, whether it is on sale, its first photo and how
 * many options it has; and each combination with its price and whether it is on sale.
 */
export async function loadCatalogueRows(tx: Db, productIds: number[], combinationIds: number[]) {
  // "products"."id" spelled out: drizzle prints a lone column without its table, which inside
  // these subqueries would mean their own id
  const productRows =
    productIds.length === 0
      ? []
      : await tx
          .select({
            id: products.id,
            name: products.name,
            pricePaisa: products.pricePaisa,
            isActive: products.isActive,
            imageUrl: mainPhotoUrl,
            combinationCount:
              sql<number>`(select count(*) from variant_combinations vc where vc.product_id = "products"."id")`.mapWith(
                Number,
              ),
          })
          .from(products)
          .where(inArray(products.id, productIds));
  const combinationRows =
    combinationIds.length === 0
      ? []
      : await tx
          .select({
            id: variantCombinations.id,
            productId: variantCombinations.productId,
            name: variantCombinations.combinationName,
            attributes: variantCombinations.variantAttributes,
            pricePaisa: variantCombinations.pricePaisa,
            isAvailable: variantCombinations.isAvailable,
          })
          .from(variantCombinations)
          .where(inArray(variantCombinations.id, combinationIds));
  return {
    productById: new Map(productRows.map((p) => [p.id, p])),
    combinationById: new Map(combinationRows.map((c) => [c.id, c])),
  };
}

type CatalogueRows = Awaited<ReturnType<typeof loadCatalogueRows>>;
type CatalogueProduct = NonNullable<ReturnType<CatalogueRows["productById"]["get"]>>;
type CatalogueCombination = NonNullable<ReturnType<CatalogueRows["combinationById"]["get"]>>;

/**
 * A line priced from the catalogue: with a combination, its price, name and own attributes (what
 * staff pack, whatever a page sent); without one, the product's price.
 */
export function pricedLine(
  product: CatalogueProduct,
  combination: CatalogueCombination | null,
  quantity: number,
): Omit<PricedItem, "clientPricePaisa"> {
  return {
    productId: product.id,
    combinationId: combination?.id ?? null,
    name: product.name,
    combinationName: combination?.name ?? null,
    variantDetails: combination?.attributes ?? null,
    imageUrl: product.imageUrl,
    quantity,
    unitPricePaisa: combination?.pricePaisa ?? product.pricePaisa,
  };
}

/** The products and combinations of the items, priced from the database, in the payload's order. */
async function loadItems(tx: Db, input: OrderRequest): Promise<PricedItem[]> {
  const productIds = [...new Set(input.items.map((i) => i.product_id))];
  const combinationIds = [
    ...new Set(input.items.flatMap((i) => (i.combination_id === null ? [] : [i.combination_id]))),
  ];
  const { productById, combinationById } = await loadCatalogueRows(tx, productIds, combinationIds);

  return input.items.map((item, n) => {
    const product = productById.get(item.product_id);
    if (!product || !product.isActive) {
      throw new AppError(409, "An item in your cart is no longer available. Please review your cart.", {
        product_id: item.product_id,
      });
    }
    if (item.combination_id === null) {
      if (product.combinationCount > 0)
        throw invalid(`items.${n}.combination_id: ${SELECT_ALL_OPTIONS} for ${product.name}`);
      // no combination: the details the page sent describe the line
      return {
        ...pricedLine(product, null, item.quantity),
        variantDetails: item.variant_details,
        clientPricePaisa: item.price,
      };
    }
    const combination = combinationById.get(item.combination_id);
    if (!combination) {
      throw new AppError(
        409,
        `An option of ${product.name} in your cart is no longer available. Please review your cart.`,
        {
          product_id: item.product_id,
          combination_id: item.combination_id,
        },
      );
    }
    if (combination.productId !== product.id) {
      throw invalid(`items.${n}.combination_id: this option does not belong to ${product.name}`);
    }
    return { ...pricedLine(product, combination, item.quantity), clientPricePaisa: item.price };
  });
}

export interface ServerFigures {
  items: {
    productId: number;
    combinationId: number | null;
    quantity: number;
    unitPricePaisa: number;
    lineTotalPaisa: number;
  }[];
  subtotalPaisa: number;
  shippingPaisa: number;
  discountPaisa: number;
  totalPaisa: number;
}

/** 409 "Prices have changed": carries the server's figures so the page can update its cart. */
export class PricesChangedError extends AppError {
  constructor(readonly figures: ServerFigures) {
    super(409, PRICES_CHANGED);
  }
}

function serverFigures(items: PricedItem[], figures: OrderFigures): ServerFigures {
  return {
    items: items.map((item, n) => ({
      productId: item.productId,
      combinationId: item.combinationId,
      quantity: item.quantity,
      unitPricePaisa: item.unitPricePaisa,
      lineTotalPaisa: figures.lineTotalsPaisa[n] as number,
    })),
    subtotalPaisa: figures.subtotalPaisa,
    shippingPaisa: figures.shippingPaisa,
    discountPaisa: figures.discountPaisa,
    totalPaisa: figures.totalPaisa,
  };
}

/** The client's figures against the server's (decision 0008): any difference is a 409 carrying the server's. */
export function refuseChangedPrices(request: OrderRequest, { items, figures }: OrderQuote): void {
  const changed =
    (request.total_amount !== null && figures.totalPaisa !== request.total_amount) ||
    items.some((item) => item.clientPricePaisa !== null && item.unitPricePaisa !== item.clientPricePaisa);
  if (changed) throw new PricesChangedError(serverFigures(items, figures));
}
