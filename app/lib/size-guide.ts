// Which size guide fits a product, chosen from the product's own size values (decision 0036): band
// and cup sizes get a bra guide, XS to XL the apparel table of spec §2, anything else none.

export interface SizeGuideTable {
  kind: "bra" | "apparel";
  note: string;
  columns: string[];
  rows: string[][];
}

// spec §2 / §9: XS to XL with chest, waist and length, in inches
const APPAREL: Record<string, [chest: string, waist: string, length: string]> = {
  XS: ["32", "26", "40"],
  S: ["34", "28", "41"],
  M: ["36", "30", "42"],
  L: ["38", "32", "43"],
  XL: ["40", "34", "44"],
};

// a cup letter is how many inches the bust measures above the band
const CUP_INCHES: Record<string, number> = { AA: 0, A: 1, B: 2, C: 3, D: 4, DD: 5, E: 5, F: 6, G: 7 };
const BAND_CUP = /^(2[8-9]|[3-4]\d)(AA|DD|[A-G])$/;

function braRow(size: string): string[] | null {
  const match = BAND_CUP.exec(size.trim().toUpperCase());
  if (!match) return null;
  const band = Number(match[1]);
  const cup = CUP_INCHES[match[2]!]!;
  return [size, `${band - 2}–${band}`, String(band + cup)];
}

const braTable = (rows: string[][]): SizeGuideTable => ({
  kind: "bra",
  note: "Band: measure snugly around your ribcage, just under the bust. Cup: measure around the fullest part of the bust. In inches.",
  columns: ["Size", "Underbust", "Bust"],
  rows,
});

const apparelTable = (sizes: string[]): SizeGuideTable => ({
  kind: "apparel",
  note: "Body measurements in inches.",
  columns: ["Size", "Chest", "Waist", "Length"],
  rows: Object.keys(APPAREL)
    .filter((s) => sizes.includes(s))
    .map((s) => [s, ...APPAREL[s]!]),
});

/** The guide for these sizes, or null when the product needs none (free size, no sizes, unknown sizes). */
export function sizeGuideFor(sizes: readonly string[]): SizeGuideTable | null {
  if (sizes.length === 0) return null;
  const braRows = sizes.map(braRow);
  if (braRows.every((row) => row !== null)) return braTable(braRows);
  const apparel = sizes.map((s) => s.trim().toUpperCase());
  if (apparel.every((s) => s in APPAREL)) return apparelTable(apparel);
  return null;
}

// a bra guide's rows when the product's sizes are not band-and-cup sizes
const USUAL_BRA_SIZES = ["32B", "34B", "34C", "36C", "36D", "38D"];

/**
 * The guide the product's size_guide asks for (decision 0062): auto picks one from the sizes
 * as above, none shows none, apparel or bra shows that table (the product's own sizes where the
 * table knows them, else the whole table).
 */
export function sizeGuideForChoice(choice: string, sizes: readonly string[]): SizeGuideTable | null {
  if (choice === "none") return null;
  if (choice === "apparel") {
    const known = sizes.map((s) => s.trim().toUpperCase()).filter((s) => s in APPAREL);
    return apparelTable(known.length > 0 ? known : Object.keys(APPAREL));
  }
  if (choice === "bra") {
    const rows = sizes.map(braRow).filter((r): r is string[] => r !== null);
    return braTable(rows.length > 0 ? rows : USUAL_BRA_SIZES.map((s) => braRow(s)!));
  }
  return sizeGuideFor(sizes);
}
