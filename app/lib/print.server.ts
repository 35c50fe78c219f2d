// What the print page (/admin/print) sends to the browser for each paper (decision 0058). Each
// document gets only the fields it prints: the page's data travels inside its HTML, so a label's
// data must not carry the product names or, on a discreet label, the store's name either.
import QRCode from "qrcode";
import type { CoreContext } from "../../core/context";
import { ordersForPrint, outerLabel, type OuterLabel, type PrintOrder } from "../../core/orders/print";
import { formatRupees } from "../../core/shared/money";
import type { StaffActor } from "../../core/shared/permissions";
import { formatDayTime } from "./dates";

export const PRINT_DOCS = ["slip", "invoice", "label"] as const;
export type PrintDoc = (typeof PRINT_DOCS)[number];
export const PRINT_PAPERS = ["a4", "label"] as const;
export type PrintPaper = (typeof PRINT_PAPERS)[number];

/** A label goes on 4×6-inch label paper unless asked otherwise; a slip or an invoice on A4. */
export const defaultPaper = (doc: PrintDoc): PrintPaper => (doc === "label" ? "label" : "a4");

interface SheetBase {
  orderId: number;
  trackingId: string;
  status: string;
  placed: string;
}

export interface LabelSheet extends SheetBase {
  label: OuterLabel;
  qr: string | null;
}

export interface SlipSheet extends SheetBase {
  storeName: string;
  shipTo: { name: string; phone: string; city: string };
  items: { name: string; variant: string | null; quantity: number }[];
  pieces: number;
}

export interface InvoiceSheet extends SheetBase {
  store: { name: string; addressLines: string[]; phone: string | null };
  billTo: { name: string; phone: string; email: string; address: string; city: string; postalCode: string };
  items: { name: string; variant: string | null; quantity: number; unitPrice: string; lineTotal: string }[];
  subtotal: string;
  shipping: string;
  discount: string | null;
  voucherCode: string | null;
  total: string;
  cashCollected: string | null;
  trackingUrl: string;
  qr: string;
}

export type PrintPageData =
  | { doc: "label"; paper: PrintPaper; ids: number[]; sheets: LabelSheet[] }
  | { doc: "slip"; paper: PrintPaper; ids: number[]; sheets: SlipSheet[] }
  | { doc: "invoice"; paper: PrintPaper; ids: number[]; sheets: InvoiceSheet[] };

const trackingPage = (publicUrl: string, trackingId: string) =>
  `${publicUrl}/track?tracking_id=${encodeURIComponent(trackingId)}`;

async function qrImage(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: "svg", errorCorrectionLevel: "M", margin: 1 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}

const base = (o: PrintOrder): SheetBase => ({
  orderId: o.id,
  trackingId: o.trackingId,
  status: o.status,
  placed: formatDayTime(o.placedAt),
});

const pieces = (o: PrintOrder) => o.items.reduce((sum, i) => sum + i.quantity, 0);

/** The sheets of one document for these orders, in the order asked. */
export async function loadPrintPage(
  core: CoreContext,
  actor: StaffActor,
  request: { ids: number[]; doc: PrintDoc; paper: PrintPaper; publicUrl: string },
): Promise<PrintPageData> {
  const { orders, store } = await ordersForPrint(core, actor, request.ids);
  const { doc, paper, ids, publicUrl } = request;
  if (doc === "label") {
    const sheets = await Promise.all(
      orders.map(async (o) => {
        const label = outerLabel(o, store, trackingPage(publicUrl, o.trackingId));
        return { ...base(o), label, qr: label.trackingUrl ? await qrImage(label.trackingUrl) : null };
      }),
    );
    return { doc, paper, ids, sheets };
  }
  if (doc === "slip") {
    const sheets = orders.map((o) => ({
      ...base(o),
      storeName: store.name,
      shipTo: { name: `${o.firstName} ${o.lastName}`.trim(), phone: o.phone, city: o.city },
      items: o.items.map((i) => ({ name: i.name, variant: i.variant, quantity: i.quantity })),
      pieces: pieces(o),
    }));
    return { doc, paper, ids, sheets };
  }
  const storeAddress = (store.address ?? "")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "");
  const sheets = await Promise.all(
    orders.map(async (o) => {
      const url = trackingPage(publicUrl, o.trackingId);
      return {
        ...base(o),
        store: { name: store.name, addressLines: storeAddress, phone: store.phone },
        billTo: {
          name: `${o.firstName} ${o.lastName}`.trim(),
          phone: o.phone,
          email: o.email,
          address: o.shippingAddress,
          city: o.city,
          postalCode: o.postalCode,
        },
        items: o.items.map((i) => ({
          name: i.name,
          variant: i.variant,
          quantity: i.quantity,
          unitPrice: formatRupees(i.unitPricePaisa),
          lineTotal: formatRupees(i.lineTotalPaisa),
        })),
        subtotal: formatRupees(o.subtotalPaisa),
        shipping: o.shippingPaisa === 0 ? "Free" : formatRupees(o.shippingPaisa),
        discount: o.discountPaisa > 0 ? `-${formatRupees(o.discountPaisa)}` : null,
        voucherCode: o.voucherCode,
        total: formatRupees(o.totalPaisa),
        cashCollected: o.cashCollectedPaisa === null ? null : formatRupees(o.cashCollectedPaisa),
        trackingUrl: url,
        qr: await qrImage(url),
      };
    }),
  );
  return { doc, paper, ids, sheets };
}
