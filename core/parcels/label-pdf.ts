// The store's own airway bill (decision 0103), for a courier that gives no printable one: a
// 4×6-inch label with the courier's CN as a Code 128 barcode a rider's scanner reads, the
// consignee and city large, the cash to collect, the order's tracking id, and a sender that names
// no store and no lingerie when discreet packaging is on (the words come from core/orders/print's
// outer label, so this label and the printed one never disagree).
import type { PDFDocument, PDFPage } from "pdf-lib";
import { formatRupees } from "../shared/money";
import type { OuterLabel } from "../orders/print";
import { code128Png, drawLines, fitLine, GREY, INCH, INK, printable, standardFonts, wrap, type Fonts } from "./pdf-kit";

/** What one label prints. */
export interface AirwayBill {
  courierName: string;
  cn: string;
  /** our reference the courier holds (the order's tracking id, "-2" on a later booking) */
  reference: string;
  codPaisa: number;
  pieces: number;
  weightGrams: number;
  description: string;
  instructions: string;
  /** the outer label's sender and recipient, as discreet packaging allows */
  label: Pick<OuterLabel, "sender" | "recipient" | "trackingId" | "discreet">;
  bookedOn: string;
}

const WIDTH = 4 * INCH;
const HEIGHT = 6 * INCH;
const MARGIN = 12;
const INNER = WIDTH - 2 * MARGIN;

/** "Rs. 2,499", or that nothing is to be collected. */
export const codText = (paisa: number): string => (paisa > 0 ? `COD ${formatRupees(paisa)}` : "No cash to collect");

/** "0.5 kg", "1.25 kg". */
export const weightText = (grams: number): string => `${Number((grams / 1000).toFixed(3))} kg`;

function rule(page: PDFPage, y: number, thickness = 0.8): void {
  page.drawLine({ start: { x: MARGIN, y }, end: { x: WIDTH - MARGIN, y }, thickness, color: INK });
}

/** The small grey caption above a block ("To", "From"). */
function caption(page: PDFPage, fonts: Fonts, text: string, y: number): number {
  page.drawText(text.toUpperCase(), { x: MARGIN, y: y - 7, size: 7, font: fonts.bold, color: GREY });
  return y - 10;
}

async function drawBill(doc: PDFDocument, fonts: Fonts, bill: AirwayBill): Promise<void> {
  const page = doc.addPage([WIDTH, HEIGHT]);
  const { regular, bold } = fonts;
  let y = HEIGHT - MARGIN;

  // the courier and the cash: what the rider reads first
  page.drawText(fitLine(bold, 16, bill.courierName, INNER / 2), {
    x: MARGIN,
    y: y - 16,
    size: 16,
    font: bold,
    color: INK,
  });
  const cod = printable(bold, codText(bill.codPaisa));
  const codSize = 13;
  const codWidth = bold.widthOfTextAtSize(cod, codSize);
  page.drawRectangle({
    x: WIDTH - MARGIN - codWidth - 10,
    y: y - 21,
    width: codWidth + 10,
    height: 21,
    borderColor: INK,
    borderWidth: 1.2,
  });
  page.drawText(cod, { x: WIDTH - MARGIN - codWidth - 5, y: y - 15.5, size: codSize, font: bold, color: INK });
  y -= 28;
  rule(page, y);

  // the CN as a barcode, and in figures under it
  const png = await doc.embedPng(await code128Png(bill.cn));
  const barHeight = 66;
  const barWidth = Math.min(INNER, (png.width / png.height) * barHeight * 1.6);
  page.drawImage(png, { x: (WIDTH - barWidth) / 2, y: y - 6 - barHeight, width: barWidth, height: barHeight });
  y -= 6 + barHeight + 4;
  const cnText = printable(bold, `CN ${bill.cn}`);
  page.drawText(cnText, {
    x: (WIDTH - bold.widthOfTextAtSize(cnText, 12)) / 2,
    y: y - 12,
    size: 12,
    font: bold,
    color: INK,
  });
  y -= 18;
  rule(page, y);

  // the consignee: name, phone, address, and the city large
  const to = bill.label.recipient;
  y = caption(page, fonts, "To", y - 3);
  y = drawLines(page, [fitLine(bold, 13, to.name, INNER)], { x: MARGIN, y, font: bold, size: 13 });
  y = drawLines(page, [fitLine(regular, 11, to.phone, INNER)], { x: MARGIN, y, font: regular, size: 11 });
  y = drawLines(page, wrap(regular, 10, to.addressLines.join(", "), INNER, 4), {
    x: MARGIN,
    y,
    font: regular,
    size: 10,
  });
  const city = [to.city.toUpperCase(), to.postalCode].filter(Boolean).join(" ");
  y = drawLines(page, [fitLine(bold, 18, city, INNER)], { x: MARGIN, y: y - 2, font: bold, size: 18 });
  y -= 4;
  rule(page, y);

  // the sender, as discreet packaging allows
  const from = bill.label.sender;
  y = caption(page, fonts, "From", y - 3);
  y = drawLines(page, [fitLine(bold, 9.5, from.name, INNER)], { x: MARGIN, y, font: bold, size: 9.5 });
  const fromLines = [from.addressLines.join(", "), from.phone ?? ""].filter(Boolean).join(" · ");
  y = drawLines(page, wrap(regular, 8.5, fromLines, INNER, 2), { x: MARGIN, y, font: regular, size: 8.5 });
  y -= 3;
  rule(page, y);

  // the parcel: order, reference, contents, pieces, weight, the shop's instructions
  const details = [
    `Contents: ${bill.description} · Pieces: ${bill.pieces} · Weight: ${weightText(bill.weightGrams)}`,
    `Ref ${bill.reference}`,
  ];
  y = drawLines(
    page,
    details.map((d) => fitLine(regular, 9, d, INNER)),
    { x: MARGIN, y: y - 4, font: regular, size: 9 },
  );
  if (bill.instructions) {
    y = drawLines(page, wrap(regular, 9, `Instructions: ${bill.instructions}`, INNER, 2), {
      x: MARGIN,
      y,
      font: regular,
      size: 9,
    });
  }
  // the order's tracking id at the foot, as a small barcode too: what the shop's packers scan
  const order = await doc.embedPng(await code128Png(bill.label.trackingId));
  const orderHeight = 26;
  const orderWidth = Math.min(INNER / 2, (order.width / order.height) * orderHeight * 1.2);
  page.drawImage(order, { x: MARGIN, y: MARGIN + 10, width: orderWidth, height: orderHeight });
  const orderText = printable(bold, `Order ${bill.label.trackingId}`);
  page.drawText(orderText, { x: MARGIN + orderWidth + 8, y: MARGIN + 24, size: 11, font: bold, color: INK });
  page.drawText(fitLine(regular, 7, `Booked ${bill.bookedOn}`, INNER), {
    x: MARGIN,
    y: MARGIN,
    size: 7,
    font: regular,
    color: GREY,
  });
}

/** Adds one 4×6-inch page per airway bill to the document. */
export async function drawAirwayBills(doc: PDFDocument, bills: readonly AirwayBill[]): Promise<void> {
  if (bills.length === 0) return;
  const fonts = await standardFonts(doc);
  for (const bill of bills) await drawBill(doc, fonts, bill);
}
