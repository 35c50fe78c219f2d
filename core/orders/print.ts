// Printing orders (decision 0058): the packing slip that goes inside the parcel,
// the invoice, and the label stuck on the outside, for one order or a selection. The store sells
// lingerie, and a parcel is seen by the courier, the family and the neighbours before its
// recipient opens it: with discreet packaging on (the default) the outer label names no product,
// not the store, and none of its lingerie wording. The label is built by pure functions from the
// order and the store's settings, so what it may say is tested without a database or a browser.
import { asc, inArray } from "drizzle-orm";
import type { CoreContext } from "../context";
import { orderItems, orders } from "../../db/schema";
import {
  orderRecipient,
  orderTotals,
  pricedLine,
  type Order,
  type OrderRecipient,
  type OrderShipment,
  type OrderTotals,
  type PricedLine,
} from "./order";
import { formatRupees } from "../shared/money";
import { AppError, invalid } from "../shared/errors";
import { getSiteSettings } from "../settings/site-settings";
import { requirePermission } from "../shared/staff-errors";
import type { StaffActor } from "../shared/permissions";

/** A browser prints a selection in one go; more than this is a mistake, or a day's work for two people. */
export const PRINT_MAX_ORDERS = 100;
/** What the outer label names as its sender when the owner has not chosen a name. */
export const DEFAULT_DISCREET_SENDER_NAME = "Dispatch Centre";
/** The outer label's contents line with discreet packaging on. */
export const DISCREET_CONTENTS = "Garments";
/** ... and with it off: the kind of goods, never the items (the packing slip inside lists them). */
export const PLAIN_CONTENTS = "Clothing";
export const SENDER_NAME_MAX = 60;

// Words that say what this store sells. Taken from the demo catalogue (core/demo/catalog-data.ts):
// its lingerie, nightwear and underwear categories and the product names in them (the unit test
// checks every one of those names is caught), plus the usual words for the same things.
export const LINGERIE_WORDS: readonly string[] = [
  "lingerie",
  "intimate",
  "intimates",
  "innerwear",
  "underwear",
  "undergarment",
  "undergarments",
  "bra",
  "bras",
  "bralette",
  "bralettes",
  "brassiere",
  "panty",
  "panties",
  "knickers",
  "brief",
  "briefs",
  "boyshort",
  "boyshorts",
  "thong",
  "thongs",
  "bikini",
  "hipster",
  "hipsters",
  "babydoll",
  "bodysuit",
  "teddy",
  "corset",
  "bustier",
  "garter",
  "negligee",
  "chemise",
  "push-up",
  "underwire",
  "wireless",
  "padded",
  "bandeau",
  "balconette",
  "plunge",
  "longline",
  "nipple",
  "shapewear",
  "shaping",
  "seamless",
  "lace",
  "mesh",
  "tulle",
  "satin",
  "sexy",
  "honeymoon",
  "bridal",
  "nightwear",
  "nighty",
  "nightie",
  "nightdress",
  "nightgown",
  "night",
  "sleepwear",
  "sleep",
  "pyjama",
  "pyjamas",
  "pajama",
  "pajamas",
  "robe",
  "slip",
  "cami",
  "camisole",
  "lounge",
  "loungewear",
  "nursing",
  "maternity",
];

// one alternation of literal words between word boundaries: linear, and "Ibrahim" is not "bra"
const LINGERIE_PATTERN = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${[...LINGERIE_WORDS]
    .sort((a, b) => b.length - a.length)
    .map((w) => w.replace(/[-]/g, "[-\\s]?"))
    .join("|")})(?![\\p{L}\\p{N}])`,
  "iu",
);

/** The first lingerie word in text, as written there, or null. */
export function lingerieWordIn(text: string): string | null {
  return LINGERIE_PATTERN.exec(text)?.[0] ?? null;
}

/** True when text names the store (its name as a whole word or words, any case). */
export function namesStore(text: string, storeName: string): boolean {
  const name = storeName.trim().toLowerCase();
  if (!name) return false;
  const haystack = text.toLowerCase();
  for (let at = haystack.indexOf(name); at !== -1; at = haystack.indexOf(name, at + 1)) {
    const before = haystack[at - 1];
    const after = haystack[at + name.length];
    if (!isWordChar(before) && !isWordChar(after)) return true;
  }
  return false;
}

const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);

/** The store as the printed papers name it. */
export interface PrintStore {
  name: string;
  phone: string | null;
  address: string | null;
  discreetPackaging: boolean;
  /** the owner's choice, or null for the default */
  discreetSenderName: string | null;
}

export type PrintItem = PricedLine;

/** An order as its papers print it: the whole order, its lines, and when it was placed. */
export interface PrintOrder
  extends
    Pick<Order, "id" | "trackingId" | "status" | "paymentMethod" | "cashCollectedPaisa">,
    OrderRecipient,
    OrderTotals,
    OrderShipment {
  placedAt: Order["createdAt"];
  items: PrintItem[];
}

const NOT_ORDER_NUMBER = (value: string) =>
  `"${value.length > 20 ? `${value.slice(0, 20)}…` : value}" is not an order number.`;
const TOO_MANY = `At most ${PRINT_MAX_ORDERS} orders can be printed at a time.`;
// ids are PostgreSQL integers: a bigger number is no order, and must not reach the query
const MAX_ID = 2_147_483_647;

/**
 * The order ids of a print request (`ids=1,2,3` and/or repeated `id=` from a form), duplicates
 * dropped, in the order asked. 422 for anything that is not a list of order numbers.
 */
export function parsePrintIds(values: readonly string[]): number[] {
  // a hundred ids of ten digits and their commas: anything much longer is refused unread
  if (values.reduce((sum, v) => sum + v.length, 0) > PRINT_MAX_ORDERS * 12 + 100) throw invalid(TOO_MANY);
  const pieces = values.flatMap((v) => v.split(",")).map((p) => p.trim());
  const ids: number[] = [];
  for (const piece of pieces) {
    if (piece === "") continue;
    if (piece.length > 10 || !/^\d+$/.test(piece)) throw invalid(NOT_ORDER_NUMBER(piece));
    const id = Number(piece);
    if (id < 1 || id > MAX_ID) throw invalid(NOT_ORDER_NUMBER(piece));
    ids.push(id);
  }
  return checkedIds(ids);
}

function checkedIds(ids: readonly number[]): number[] {
  for (const id of ids)
    if (!Number.isSafeInteger(id) || id < 1 || id > MAX_ID) throw invalid(NOT_ORDER_NUMBER(String(id)));
  const unique = [...new Set(ids)];
  if (unique.length === 0) throw invalid("Choose the orders to print.");
  if (unique.length > PRINT_MAX_ORDERS) throw invalid(TOO_MANY);
  return unique;
}

/**
 * The orders to print, in the order asked (duplicates once), each with its lines, and the store's
 * name, contact and packaging settings. 404 naming every id that is no order.
 */
export async function ordersForPrint(
  ctx: CoreContext,
  actor: StaffActor,
  ids: readonly number[],
): Promise<{ orders: PrintOrder[]; store: PrintStore }> {
  requirePermission(actor, "orders");
  const wanted = checkedIds(ids);
  const [rows, lines, settings] = await Promise.all([
    ctx.db.select().from(orders).where(inArray(orders.id, wanted)),
    ctx.db
      .select()
      .from(orderItems)
      .where(inArray(orderItems.orderId, wanted))
      .orderBy(asc(orderItems.orderId), asc(orderItems.id)),
    getSiteSettings(ctx),
  ]);
  const byId = new Map(rows.map((o) => [o.id, o]));
  const missing = wanted.filter((id) => !byId.has(id));
  if (missing.length > 0) {
    throw new AppError(404, `No such order: ${missing.join(", ")}.`, { missing });
  }
  const itemsOf = new Map<number, PrintItem[]>();
  for (const line of lines) {
    const list = itemsOf.get(line.orderId) ?? [];
    list.push(pricedLine(line));
    itemsOf.set(line.orderId, list);
  }
  return {
    orders: wanted.map((id) => {
      const o = byId.get(id)!;
      return {
        id: o.id,
        trackingId: o.trackingId,
        status: o.status,
        placedAt: o.createdAt,
        ...orderRecipient(o),
        paymentMethod: o.paymentMethod,
        ...orderTotals(o),
        courier: o.courier,
        trackingNumber: o.trackingNumber,
        cashCollectedPaisa: o.cashCollectedPaisa,
        items: itemsOf.get(id) ?? [],
      };
    }),
    store: {
      name: settings.siteName,
      phone: settings.phone?.trim() || null,
      address: settings.address?.trim() || null,
      discreetPackaging: settings.discreetPackaging,
      discreetSenderName: settings.discreetSenderName?.trim() || null,
    },
  };
}

/** Everything the outer label of a parcel says, and nothing else: the page prints exactly this. */
export interface OuterLabel {
  discreet: boolean;
  sender: { name: string; addressLines: string[]; phone: string | null };
  recipient: { name: string; phone: string; addressLines: string[]; city: string; postalCode: string };
  contents: string;
  pieces: number;
  /** "Collect Rs. 4,998", or that there is nothing to collect */
  collect: string;
  trackingId: string;
  courier: string | null;
  consignment: string | null;
  /** the shop's tracking page for this order; null on a discreet label (the address names the store) */
  trackingUrl: string | null;
}

/**
 * The sender name a discreet label shows: the owner's, unless it (still) names the store or its
 * goods, e.g. after the store was renamed; then the neutral default.
 */
export function discreetSenderName(store: Pick<PrintStore, "name" | "discreetSenderName">): string {
  const chosen = store.discreetSenderName?.trim();
  if (!chosen || lingerieWordIn(chosen) || namesStore(chosen, store.name)) return DEFAULT_DISCREET_SENDER_NAME;
  return chosen;
}

/** The lines of a free-text address: one per line or comma-separated part. */
function addressLines(text: string | null): string[] {
  if (!text) return [];
  return text
    .split(/[\n,]/)
    .map((l) => l.trim())
    .filter((l) => l !== "");
}

/** The outer label of one order, as the store's packaging settings allow it to read. */
export function outerLabel(order: PrintOrder, store: PrintStore, trackingPageUrl: string): OuterLabel {
  const discreet = store.discreetPackaging;
  const storeLines = addressLines(store.address);
  return {
    discreet,
    sender: discreet
      ? {
          name: discreetSenderName(store),
          // the return address stays for the courier, less any line that would give the store away
          addressLines: storeLines.filter((l) => !lingerieWordIn(l) && !namesStore(l, store.name)),
          phone: store.phone,
        }
      : { name: store.name, addressLines: storeLines, phone: store.phone },
    recipient: {
      name: `${order.firstName} ${order.lastName}`.trim(),
      phone: order.phone,
      addressLines: addressLines(order.shippingAddress),
      city: order.city,
      postalCode: order.postalCode,
    },
    contents: discreet ? DISCREET_CONTENTS : PLAIN_CONTENTS,
    pieces: order.items.reduce((sum, i) => sum + i.quantity, 0),
    collect: order.totalPaisa > 0 ? `Collect ${formatRupees(order.totalPaisa)}` : "Nothing to collect",
    trackingId: order.trackingId,
    courier: order.courier,
    consignment: order.trackingNumber,
    trackingUrl: discreet ? null : trackingPageUrl,
  };
}

/** Every word a label shows, one line each: what the tests read, and what a person would. */
export function labelText(label: OuterLabel): string {
  return [
    "From",
    label.sender.name,
    ...label.sender.addressLines,
    label.sender.phone ?? "",
    "To",
    label.recipient.name,
    label.recipient.phone,
    ...label.recipient.addressLines,
    `${label.recipient.city} ${label.recipient.postalCode}`,
    label.collect,
    `Contents: ${label.contents}`,
    `Pieces: ${label.pieces}`,
    label.trackingId,
    label.courier && label.consignment ? `${label.courier} ${label.consignment}` : "",
    label.trackingUrl ?? "",
  ]
    .filter((l) => l !== "")
    .join("\n");
}
