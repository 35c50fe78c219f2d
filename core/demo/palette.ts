// Named colours used by demo variants (variants.color_hex) and by the generated artwork.

export const COLORS = {
  Black: "#1f1d1f",
  White: "#fbfaf7",
  Ivory: "#f3ead8",
  "Off White": "#f2ede2",
  Beige: "#dcc9a8",
  Skin: "#e6c1a1",
  Nude: "#d4a78c",
  Mocha: "#6f4e3d",
  Champagne: "#e6d2a8",
  Gold: "#c6a04a",
  Silver: "#b9bcc4",
  Grey: "#8d9096",
  Navy: "#1f2b4f",
  Indigo: "#2e3a7a",
  "Powder Blue": "#b3cbe3",
  "Sky Blue": "#8cc3e6",
  Teal: "#177a80",
  Emerald: "#16705a",
  Mint: "#b6e0cc",
  Sage: "#9cb08c",
  Olive: "#6c7738",
  Mustard: "#d3a12a",
  Peach: "#f4b896",
  Coral: "#ec7a64",
  Rust: "#b4552c",
  Red: "#b21f2d",
  Maroon: "#6e1a2a",
  Wine: "#5a1730",
  Plum: "#5b2a55",
  Fuchsia: "#c2186b",
  "Blush Pink": "#f0c2c0",
  Lilac: "#c6a6d0",
  Lavender: "#b7a7dc",
  "Pastel Mix": "#ecc8d4",
  "Neutral Mix": "#d6c0a2",
  "Dark Mix": "#3a3848",
} as const;

export type ColorName = keyof typeof COLORS;

export function colorHex(name: ColorName): string {
  return COLORS[name];
}
