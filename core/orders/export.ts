// The orders list as a CSV file (decision 0059): the same orders as the list
// under the same filters, newest first, read in keyset-paged batches and handed out as text one
// batch at a time, so 100,000 orders never sit in memory and a client that goes away stops the
// reading (the caller stops asking for the next batch).
import { and, desc, inArray, asc, sql, type SQL } from "drizzle-orm";
import type { CoreContext } from "../context";
import { orderItems, orders } from "../../db/schema";
import { csvRow, UTF8_BOM } from "../shared/csv";
import { rupeesText } from "../shared/money";
import { karachiMinute } from "../shared/karachi-time";
import { requirePermission } from "../shared/staff-errors";
import type { StaffActor } from "../shared/permissions";
import { orderListConditions, type OrderFilters } from "./staff-orders";

/** Orders read per query: small enough to stay flat in memory, large enough that 100,000 take 100 queries. */
export const ORDER_EXPORT_BATCH = 1000;

export const ORDER_CSV_HEADER = [
  "Tracking ID",
  "Placed (Pakistan time)",
  "Status",
  "Source",
  "Customer",
  "Phone",
  "Email",
  "Address",
  "City",
  "Postal code",
  "Items",
  "Item count",
  "Subtotal (Rs)",
  "Shipping (Rs)",
  "Discount (Rs)",
  "Voucher",
  "Total (Rs)",
  "Courier",
  "Consignment number",
  "Cash collected (Rs)",
] as const;

export { csvCell, csvRow, UTF8_BOM } from "../shared/csv";

interface ExportLine {
  orderId: number;
  name: string;
  variant: string | null;
  details: Record<string, string> | null;
  quantity: number;
}

/** "2 × Lawn kurti (M / Red)": the line as a packer or courier booking reads it. */
function lineText(line: ExportLine): string {
  const variant = line.variant || (line.details ? Object.values(line.details).join(" / ") : "");
  return `${line.quantity} × ${line.name}${variant ? ` (${variant})` : ""}`;
}

/** The CSV rows of the orders under these filters, one string per batch; the header and BOM come first. */
async function* orderCsvBatches(
  ctx: CoreContext,
  filters: OrderFilters,
  batchSize: number,
): AsyncGenerator<string, void, undefined> {
  const conditions = orderListConditions(filters);
  let header = UTF8_BOM + csvRow(ORDER_CSV_HEADER);
  // the last row's (created_at, id): the next batch starts strictly after it. created_at travels
  // as the database's own text, since a JavaScript Date would drop its microseconds and skip rows.
  let after: { createdAt: string; id: number } | null = null;
  for (;;) {
    const page: SQL[] = after
      ? [...conditions, sql`(${orders.createdAt}, ${orders.id}) < (${after.createdAt}::timestamptz, ${after.id})`]
      : conditions;
    const rows = await ctx.db
      .select({
        id: orders.id,
        cursor: sql<string>`${orders.createdAt}::text`,
        trackingId: orders.trackingId,
        createdAt: orders.createdAt,
        status: orders.status,
        source: orders.source,
        firstName: orders.firstName,
        lastName: orders.lastName,
        phone: orders.phone,
        email: orders.email,
        shippingAddress: orders.shippingAddress,
        city: orders.city,
        postalCode: orders.postalCode,
        subtotalPaisa: orders.subtotalPaisa,
        shippingPaisa: orders.shippingPaisa,
        discountPaisa: orders.discountPaisa,
        voucherCode: orders.voucherCode,
        totalPaisa: orders.totalPaisa,
        courier: orders.courier,
        trackingNumber: orders.trackingNumber,
        cashCollectedPaisa: orders.cashCollectedPaisa,
      })
      .from(orders)
      .where(page.length > 0 ? and(...page) : undefined)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(batchSize);
    const lines =
      rows.length === 0
        ? []
        : await ctx.db
            .select({
              orderId: orderItems.orderId,
              name: orderItems.productName,
              variant: orderItems.combinationName,
              details: orderItems.variantDetails,
              quantity: orderItems.quantity,
            })
            .from(orderItems)
            .where(
              inArray(
                orderItems.orderId,
                rows.map((r) => r.id),
              ),
            )
            .orderBy(asc(orderItems.orderId), asc(orderItems.id));
    const linesOf = new Map<number, ExportLine[]>();
    for (const line of lines) {
      const list = linesOf.get(line.orderId);
      if (list) list.push(line);
      else linesOf.set(line.orderId, [line]);
    }
    let text = header;
    header = "";
    for (const order of rows) {
      const items = linesOf.get(order.id) ?? [];
      text += csvRow([
        order.trackingId,
        karachiMinute(order.createdAt),
        order.status,
        order.source,
        `${order.firstName} ${order.lastName}`.trim(),
        order.phone,
        order.email,
        order.shippingAddress,
        order.city,
        order.postalCode,
        items.map(lineText).join("; "),
        items.reduce((sum, line) => sum + line.quantity, 0),
        rupeesText(order.subtotalPaisa),
        rupeesText(order.shippingPaisa),
        rupeesText(order.discountPaisa),
        order.voucherCode,
        rupeesText(order.totalPaisa),
        order.courier,
        order.trackingNumber,
        order.cashCollectedPaisa === null ? null : rupeesText(order.cashCollectedPaisa),
      ]);
    }
    if (text) yield text;
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    after = { createdAt: last.cursor, id: last.id };
  }
}

/**
 * The filtered orders list as CSV text, in pieces to write one after another (UTF-8 with a BOM,
 * CRLF lines). The permission is checked and the first batch read before this answers, so a
 * refusal or a failing query is an error the caller can still answer properly, not a file cut
 * short. Stop iterating (return()) and no further batch is read.
 */
export async function exportOrdersCsv(
  ctx: CoreContext,
  actor: StaffActor,
  filters: OrderFilters,
  options: { batchSize?: number } = {},
): Promise<AsyncGenerator<string, void, undefined>> {
  requirePermission(actor, "orders");
  const batches = orderCsvBatches(ctx, filters, options.batchSize ?? ORDER_EXPORT_BATCH);
  const first = await batches.next();
  return (async function* () {
    if (first.done) return;
    yield first.value;
    yield* batches;
  })();
}
