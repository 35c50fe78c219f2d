// The store's own airway bill and load sheet (decision 0103), for couriers that make none: a
// 4×6-inch page per parcel holding the CN as a barcode and in figures, the consignee, city and
// cash to collect, and the discreet sender; an A4 load sheet that runs onto more pages with its
// totals and signature lines after the last row. With SCREENSHOT_DIR set, the PDFs (and PNGs,
// where pdftoppm is installed) are kept there to look at.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { drawAirwayBills, type AirwayBill } from "./label-pdf";
import { drawLoadSheet, type LoadSheet } from "./load-sheet-pdf";
import { newPdf, wrap, standardFonts } from "./pdf-kit";

/** The text drawn on a pdf-lib page: its compressed content streams inflated, their hex strings read. */
function textOf(pdf: Uint8Array): string {
  const buffer = Buffer.from(pdf);
  const raw = buffer.toString("latin1");
  const shown: string[] = [];
  for (const m of raw.matchAll(/\/FlateDecode[^]*?stream\r?\n/g)) {
    const start = m.index + m[0].length;
    try {
      const content = zlib
        .inflateSync(buffer.subarray(start, buffer.indexOf("endstream", start, "latin1")))
        .toString("latin1");
      for (const hex of content.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g))
        shown.push(Buffer.from(hex[1]!, "hex").toString("latin1"));
    } catch {
      // an image's stream
    }
  }
  return shown.join("\n");
}

function keep(pdf: Uint8Array, name: string) {
  const folder = process.env.SCREENSHOT_DIR;
  if (!folder) return;
  fs.mkdirSync(folder, { recursive: true });
  const file = path.join(folder, `${name}.pdf`);
  fs.writeFileSync(file, pdf);
  try {
    execFileSync("pdftoppm", ["-png", "-r", "110", file, path.join(folder, name)]);
  } catch {
    // no pdftoppm: the PDF is kept to open by hand
  }
}

const bill = (overrides: Partial<AirwayBill> = {}): AirwayBill => ({
  courierName: "Leopards",
  cn: "LE7513280934",
  reference: "K7QMX4R2",
  codPaisa: 449_900,
  pieces: 1,
  weightGrams: 500,
  description: "Garments",
  instructions: "Call before delivery; gate 2 after 6 pm",
  label: {
    discreet: true,
    trackingId: "K7QMX4R2",
    sender: { name: "Dispatch Centre", addressLines: ["Plot 9, Sundar Estate", "Lahore"], phone: "042-111-222-333" },
    recipient: {
      name: "Ayesha Khan",
      phone: "0300-1234567",
      addressLines: ["House 12, Street 4", "Gulberg III", "near the Main Market roundabout opposite the park"],
      city: "Lahore",
      postalCode: "54660",
    },
  },
  bookedOn: "2026-11-27 21:40",
  ...overrides,
});

describe("the store's own airway bill", () => {
  it("is one 4×6-inch page per parcel, with the CN, consignee, city, cash in rupees and the discreet sender", async () => {
    const doc = await newPdf("Airway bills");
    await drawAirwayBills(doc, [
      bill(),
      bill({ cn: "LE7513280935", codPaisa: 0, label: { ...bill().label, trackingId: "P3WZ8N6D" } }),
    ]);
    const pdf = await doc.save();
    keep(pdf, "parcel-own-airway-bill");
    expect(Buffer.from(pdf).subarray(0, 5).toString()).toBe("%PDF-");
    const read = await PDFDocument.load(pdf);
    expect(read.getPageCount()).toBe(2);
    expect(read.getPage(0).getSize()).toEqual({ width: 288, height: 432 });
    const text = textOf(pdf);
    for (const words of [
      "CN LE7513280934",
      "Ayesha Khan",
      "0300-1234567",
      "LAHORE 54660",
      "COD Rs. 4,499",
      "Dispatch Centre",
      "Order K7QMX4R2",
      "Contents: Garments",
    ]) {
      expect(text).toContain(words);
    }
    expect(text).toContain("No cash to collect");
    // the CN's barcode and the order's are images on each page (each with its alpha mask)
    expect(
      Buffer.from(pdf)
        .toString("latin1")
        .match(/\/Subtype \/Image/g)?.length,
    ).toBeGreaterThanOrEqual(4);
  });

  it("prints what its fonts cannot as ?, rather than failing the sheet (an address in Urdu)", async () => {
    const doc = await newPdf("Airway bill");
    const urdu = bill({ label: { ...bill().label, recipient: { ...bill().label.recipient, name: "عائشہ خان" } } });
    await drawAirwayBills(doc, [urdu]);
    expect(textOf(await doc.save())).toContain("???? ???");
  });

  it("wraps a long address to the label's width and cuts what does not fit with …", async () => {
    const doc = await newPdf("wrap");
    const { regular } = await standardFonts(doc);
    const lines = wrap(regular, 10, "word ".repeat(200), 200, 3);
    expect(lines).toHaveLength(3);
    expect(lines[2]!.endsWith("…")).toBe(true);
    for (const line of lines) expect(regular.widthOfTextAtSize(line, 10)).toBeLessThanOrEqual(200);
    expect(wrap(regular, 10, "A".repeat(300), 100, 10).every((l) => regular.widthOfTextAtSize(l, 10) <= 100)).toBe(
      true,
    );
  });
});

describe("the store's own load sheet", () => {
  it("lists every parcel over as many A4 pages as it takes, then the totals and the signature lines", async () => {
    const rows = Array.from({ length: 60 }, (_, i) => ({
      cn: `TCS${String(77_000_100 + i)}`,
      trackingId: `K7Q${String(i).padStart(5, "0")}`,
      consignee: i % 3 === 0 ? "Muhammad Abdullah Siddiqui Qureshi" : "Sana Iqbal",
      city: ["Karachi", "Lahore", "Rawalpindi"][i % 3]!,
      pieces: 1 + (i % 2),
      codPaisa: 250_000 + i * 100,
    }));
    const sheet: LoadSheet = {
      courierName: "TCS",
      accountLabel: "TCS Lahore",
      shipper: "Dispatch Centre",
      pickupAddress: "Plot 9, Sundar Estate, Lahore · 03001112222",
      madeAt: "2026-11-27 21:40",
      rows,
    };
    const doc = await newPdf("Load sheet");
    await drawLoadSheet(doc, sheet);
    const pdf = await doc.save();
    keep(pdf, "parcel-own-load-sheet");
    const read = await PDFDocument.load(pdf);
    expect(read.getPageCount()).toBe(2);
    const text = textOf(pdf);
    for (const r of rows) expect(text).toContain(r.cn);
    const cod = rows.reduce((sum, r) => sum + r.codPaisa, 0);
    expect(text).toContain(
      `Parcels: 60    Pieces: ${rows.reduce((s, r) => s + r.pieces, 0)}    Cash to collect: Rs. ${(cod / 100).toLocaleString("en-US")}`,
    );
    expect(text).toContain("Received by the rider (name, signature, date and time)");
    expect(text).toContain("Page 2 of 2");
  });
});
