// The one order type (decision 0100): an order, its lines and its timeline rows as the schema
// stores them (Drizzle infers them from db/schema/orders.ts), and the picks of them that the
// readers of core/orders answer with: the shopper's tracking and history, the staff screens, the
// printed papers, the confirm page. A column added or retyped in the schema reaches every reader
// at once; a reader that renames a column for its page (a line's productName is its "name")
// says so here, once.
import type { orderEvents, orderItems, orders } from "../../db/schema";

export type Order = typeof orders.$inferSelect;
export type OrderLine = typeof orderItems.$inferSelect;
export type OrderEventRow = typeof orderEvents.$inferSelect;

/** What the order costs, as every reader shows it. */
export type OrderTotals = Pick<
  Order,
  "subtotalPaisa" | "shippingPaisa" | "discountPaisa" | "totalPaisa" | "voucherCode"
>;

/** Who it goes to, and where. */
export type OrderRecipient = Pick<
  Order,
  "firstName" | "lastName" | "email" | "phone" | "shippingAddress" | "city" | "postalCode" | "country"
>;

/** The courier and its consignment number, set once shipped. */
export type OrderShipment = Pick<Order, "courier" | "trackingNumber">;

/** A line as pages show it: the product's name as "name", the option's as "variant". */
export interface ShownLine extends Pick<OrderLine, "quantity" | "lineTotalPaisa"> {
  name: OrderLine["productName"];
  variant: OrderLine["combinationName"];
}

/** A line with its price, as a shopper's and a staff member's pages show it. */
export type PricedLine = ShownLine & Pick<OrderLine, "unitPricePaisa">;

/** A line as the tracking page and the staff screen show it: priced, with its photo and details. */
export type DetailedLine = PricedLine & Pick<OrderLine, "productId" | "variantDetails" | "imageUrl">;

export const shownLine = (line: OrderLine): ShownLine => ({
  name: line.productName,
  variant: line.combinationName,
  quantity: line.quantity,
  lineTotalPaisa: line.lineTotalPaisa,
});

export const pricedLine = (line: OrderLine): PricedLine => ({
  name: line.productName,
  variant: line.combinationName,
  quantity: line.quantity,
  unitPricePaisa: line.unitPricePaisa,
  lineTotalPaisa: line.lineTotalPaisa,
});

export const detailedLine = (line: OrderLine): DetailedLine => ({
  productId: line.productId,
  name: line.productName,
  variant: line.combinationName,
  variantDetails: line.variantDetails,
  imageUrl: line.imageUrl,
  quantity: line.quantity,
  unitPricePaisa: line.unitPricePaisa,
  lineTotalPaisa: line.lineTotalPaisa,
});

export const orderTotals = (order: OrderTotals): OrderTotals => ({
  subtotalPaisa: order.subtotalPaisa,
  shippingPaisa: order.shippingPaisa,
  discountPaisa: order.discountPaisa,
  totalPaisa: order.totalPaisa,
  voucherCode: order.voucherCode,
});

export const orderRecipient = (order: OrderRecipient): OrderRecipient => ({
  firstName: order.firstName,
  lastName: order.lastName,
  email: order.email,
  phone: order.phone,
  shippingAddress: order.shippingAddress,
  city: order.city,
  postalCode: order.postalCode,
  country: order.country,
});

/** An exchange as the shopper sees it: the replacement arranged for an order, or the order a replacement replaces. */
export interface ShopperExchange {
  role: "replaced_by" | "replaces";
  trackingId: Order["trackingId"];
  createdAt: OrderEventRow["at"];
}
