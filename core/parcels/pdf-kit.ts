// The few things the store's own PDFs need (decision 0103), on pdf-lib: text the standard fonts
// can print, lines wrapped to a width, a Code 128 barcode (bwip-js), and the couriers' own PDFs
// copied into one file, so a selection prints in one go.
import bwipjs from "bwip-js/node";
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from "pdf-lib";
import { CourierError, courierErrorMessage } from "../couriers/courier-errors";
import type { CourierCode } from "../couriers/courier";

export const INK = rgb(0, 0, 0);
export const GREY = rgb(0.35, 0.35, 0.35);
/** PDF points per inch: a 4×6-inch label is 288 × 432 points. */
export const INCH = 72;

export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

export async function standardFonts(doc: PDFDocument): Promise<Fonts> {
  return {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
}

const charsets = new WeakMap<PDFFont, Set<number>>();

/**
 * Text the font can print: the standard fonts hold Latin-1 and a few more, so another script
 * (an address written in Urdu) prints as "?" rather than failing the whole sheet; the courier's
 * own label, where it gives one, prints it as the courier's system holds it.
 */
export function printable(font: PDFFont, text: string): string {
  let set = charsets.get(font);
  if (!set) {
    set = new Set(font.getCharacterSet());
    charsets.set(font, set);
  }
  let out = "";
  for (const char of text.replace(/\s+/g, " ")) out += set.has(char.codePointAt(0)!) ? char : "?";
  return out;
}

/** The text in lines no wider than width, at most maxLines (the last one cut with "…"). */
export function wrap(font: PDFFont, size: number, text: string, width: number, maxLines: number): string[] {
  const words = printable(font, text).trim().split(" ").filter(Boolean);
  const lines: string[] = [];
  let line = "";
  const fits = (t: string) => font.widthOfTextAtSize(t, size) <= width;
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if (fits(next)) {
      line = next;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    // a word longer than the line (a long house number run together) is cut to fit
    while (!fits(line) && line.length > 1) {
      let cut = line.length - 1;
      while (cut > 1 && !fits(line.slice(0, cut))) cut -= 1;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  let last = `${kept[maxLines - 1]}…`;
  while (!fits(last) && last.length > 1) last = `${last.slice(0, -2)}…`;
  kept[maxLines - 1] = last;
  return kept;
}

/** One line of text cut with "…" to fit width. */
export function fitLine(font: PDFFont, size: number, text: string, width: number): string {
  return wrap(font, size, text, width, 1)[0] ?? "";
}

/** Draws lines from y downwards; answers the y below the last. */
export function drawLines(
  page: PDFPage,
  lines: readonly string[],
  at: { x: number; y: number; font: PDFFont; size: number; leading?: number },
): number {
  const leading = at.leading ?? at.size * 1.2;
  let y = at.y;
  for (const line of lines) {
    page.drawText(line, { x: at.x, y: y - at.size, size: at.size, font: at.font, color: INK });
    y -= leading;
  }
  return y;
}

/** A Code 128 barcode of the text, as a PNG (bwip-js draws it; nothing is fetched). */
export async function code128Png(text: string): Promise<Uint8Array> {
  return bwipjs.toBuffer({ bcid: "code128", text, scale: 3, height: 14, includetext: false, paddingwidth: 0 });
}

/** Copies every page of a courier's PDF into the file being made; an unreadable PDF is the courier's fault. */
export async function appendPdf(into: PDFDocument, courier: CourierCode, pdf: Uint8Array): Promise<void> {
  let source: PDFDocument;
  try {
    source = await PDFDocument.load(pdf, { ignoreEncryption: true });
  } catch {
    throw new CourierError(
      courier,
      "unexpected",
      courierErrorMessage(courier, "unexpected", "its PDF could not be read"),
    );
  }
  const pages = await into.copyPages(source, source.getPageIndices());
  for (const page of pages) into.addPage(page);
}

/** A new PDF file with its title (what a browser's tab and a print queue show). */
export async function newPdf(title: string): Promise<PDFDocument> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  return doc;
}
