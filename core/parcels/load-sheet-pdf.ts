// The store's own load sheet (decision 0103), for a courier that makes none: an A4 list of the
// parcels handed to the rider (CN, order, consignee, city, pieces, cash to collect), their totals,
// and lines for both sides to sign, so a parcel the rider says he never took can be settled.
import type { PDFDocument, PDFPage } from "pdf-lib";
import { formatRupees } from "../shared/money";
import { fitLine, GREY, INK, printable, standardFonts, type Fonts } from "./pdf-kit";

export interface LoadSheetRow {
  cn: string;
  trackingId: string;
  consignee: string;
  city: string;
  pieces: number;
  codPaisa: number;
}

export interface LoadSheet {
  courierName: string;
  accountLabel: string;
  /** the sender as the parcels name it (the discreet name when discreet packaging is on) */
  shipper: string;
  pickupAddress: string;
  /** when it was made, Pakistan time */
  madeAt: string;
  rows: LoadSheetRow[];
}

const WIDTH = 595.28;
const HEIGHT = 841.89;
const MARGIN = 40;
const ROW = 17;
// x of each column, and its width
const COLUMNS = [
  { title: "#", x: MARGIN, width: 22 },
  { title: "CN", x: MARGIN + 22, width: 100 },
  { title: "Order", x: MARGIN + 122, width: 68 },
  { title: "Consignee", x: MARGIN + 190, width: 140 },
  { title: "City", x: MARGIN + 330, width: 80 },
  { title: "Pcs", x: MARGIN + 410, width: 28 },
  { title: "COD", x: MARGIN + 438, width: WIDTH - 2 * MARGIN - 438 },
] as const;

function header(page: PDFPage, fonts: Fonts, sheet: LoadSheet): number {
  const { bold, regular } = fonts;
  let y = HEIGHT - MARGIN;
  page.drawText(printable(bold, `Load sheet: ${sheet.courierName}`), {
    x: MARGIN,
    y: y - 18,
    size: 18,
    font: bold,
    color: INK,
  });
  y -= 28;
  for (const line of [
    `Account: ${sheet.accountLabel} · Made ${sheet.madeAt} (Pakistan time)`,
    `Shipper: ${sheet.shipper}`,
    `Pickup: ${sheet.pickupAddress}`,
  ]) {
    page.drawText(fitLine(regular, 10, line, WIDTH - 2 * MARGIN), {
      x: MARGIN,
      y: y - 10,
      size: 10,
      font: regular,
      color: INK,
    });
    y -= 14;
  }
  y -= 6;
  for (const column of COLUMNS) {
    const right = column.title === "Pcs" || column.title === "COD";
    const x = right ? column.x + column.width - bold.widthOfTextAtSize(column.title, 9) - 4 : column.x;
    page.drawText(column.title, { x, y: y - 11, size: 9, font: bold, color: INK });
  }
  y -= ROW;
  page.drawLine({ start: { x: MARGIN, y: y + 3 }, end: { x: WIDTH - MARGIN, y: y + 3 }, thickness: 1, color: INK });
  return y;
}

function row(page: PDFPage, fonts: Fonts, n: number, r: LoadSheetRow, y: number): void {
  const cells = [String(n), r.cn, r.trackingId, r.consignee, r.city, String(r.pieces), formatRupees(r.codPaisa)];
  cells.forEach((text, i) => {
    const column = COLUMNS[i]!;
    const font = i === 1 ? fonts.bold : fonts.regular;
    const shown = fitLine(font, 9, text, column.width - 6);
    const right = i >= 5;
    const x = right ? column.x + column.width - font.widthOfTextAtSize(shown, 9) - 4 : column.x;
    page.drawText(shown, { x, y: y - 11, size: 9, font, color: INK });
  });
  page.drawLine({
    start: { x: MARGIN, y: y - ROW + 3 },
    end: { x: WIDTH - MARGIN, y: y - ROW + 3 },
    thickness: 0.3,
    color: GREY,
  });
}

/** The space the totals and the signature lines take at the foot of the last page. */
const FOOT = 150;

function foot(page: PDFPage, fonts: Fonts, sheet: LoadSheet, y: number): void {
  const pieces = sheet.rows.reduce((sum, r) => sum + r.pieces, 0);
  const cod = sheet.rows.reduce((sum, r) => sum + r.codPaisa, 0);
  const totals = `Parcels: ${sheet.rows.length}    Pieces: ${pieces}    Cash to collect: ${formatRupees(cod)}`;
  page.drawText(totals, { x: MARGIN, y: y - 22, size: 11, font: fonts.bold, color: INK });
  let at = y - 70;
  for (const who of ["Handed over by (name and signature)", "Received by the rider (name, signature, date and time)"]) {
    page.drawLine({ start: { x: MARGIN, y: at }, end: { x: MARGIN + 300, y: at }, thickness: 0.8, color: INK });
    page.drawText(who, { x: MARGIN, y: at - 12, size: 9, font: fonts.regular, color: GREY });
    at -= 48;
  }
}

/** Adds the load sheet's pages to the document: as many as its rows take, the totals and signatures after the last. */
export async function drawLoadSheet(doc: PDFDocument, sheet: LoadSheet): Promise<void> {
  const fonts = await standardFonts(doc);
  const pages: PDFPage[] = [];
  let page!: PDFPage;
  let y = 0;
  const newPage = () => {
    page = doc.addPage([WIDTH, HEIGHT]);
    pages.push(page);
    y = header(page, fonts, sheet);
  };
  newPage();
  sheet.rows.forEach((r, index) => {
    if (y - ROW < MARGIN) newPage();
    row(page, fonts, index + 1, r, y);
    y -= ROW;
  });
  if (y - FOOT < MARGIN) newPage();
  foot(page, fonts, sheet, y);
  pages.forEach((p, i) => {
    const text = `Page ${i + 1} of ${pages.length}`;
    p.drawText(text, {
      x: WIDTH - MARGIN - fonts.regular.widthOfTextAtSize(text, 9),
      y: HEIGHT - MARGIN - 14,
      size: 9,
      font: fonts.regular,
      color: GREY,
    });
  });
}
