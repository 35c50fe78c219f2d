// The demo pictures' paint box: colour helpers, the theme a product's colours give, the fonts,
// and the motifs (flowers, paisleys, dotted lines) their backgrounds and garments are patterned
// with. Pure string building, like the rest of the demo's art.
import type { ArtSpec } from "./plan-shape";
import { type Rng } from "./random";

// ---- colour helpers ---------------------------------------------------------------------------

export type Rgb = [number, number, number];

export function rgb(hex: string): Rgb {
  const h = hex.replace("#", "");
  return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)];
}

export function hex([r, g, b]: Rgb): string {
  const c = (v: number) =>
    Math.max(0, Math.min(255, Math.round(v)))
      .toString(16)
      .padStart(2, "0");
  return `#${c(r)}${c(g)}${c(b)}`;
}

/** t = 0 gives a, t = 1 gives b */
export function mix(a: string, b: string, t: number): string {
  const x = rgb(a);
  const y = rgb(b);
  return hex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

export function luminance(color: string): number {
  const [r, g, b] = rgb(color).map((v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export const lighten = (c: string, t: number) => mix(c, "#ffffff", t);
export const darken = (c: string, t: number) => mix(c, "#000000", t);

export function xml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

export const SERIF = "DejaVu Serif, Georgia, serif";
export const SANS = "DejaVu Sans, Helvetica, Arial, sans-serif";

export interface Theme {
  bgTop: string;
  bgBottom: string;
  ink: string;
  soft: string;
  garment: string;
  garmentLight: string;
  garmentDark: string;
  trim: string;
  dark: boolean;
}

export function theme(art: ArtSpec): Theme {
  const l = luminance(art.color);
  // light garments sit on a deep, warm background; everything else on a pale tint of itself
  const dark = l > 0.55;
  const trim = luminance(art.accent) > 0.5 && l > 0.5 ? darken(art.accent, 0.35) : art.accent;
  if (dark) {
    // a deep shade of the accent colour, so a pale garment glows against it
    const base = mix(art.accent, "#1c1818", luminance(art.accent) > 0.35 ? 0.66 : 0.42);
    return {
      bgTop: lighten(base, 0.14),
      bgBottom: darken(base, 0.22),
      ink: "#f7f1e8",
      soft: lighten(base, 0.3),
      garment: art.color,
      garmentLight: lighten(art.color, 0.35),
      garmentDark: darken(art.color, 0.16),
      trim: mix(lighten(art.accent, 0.25), "#d8b45a", 0.55),
      dark,
    };
  }
  const veryDark = l < 0.06;
  return {
    bgTop: lighten(art.color, veryDark ? 0.9 : 0.82),
    bgBottom: lighten(art.color, veryDark ? 0.7 : 0.55),
    ink: darken(art.color, 0.55),
    soft: lighten(art.color, 0.65),
    garment: art.color,
    garmentLight: lighten(art.color, veryDark ? 0.28 : 0.22),
    garmentDark: darken(art.color, 0.28),
    trim: l < 0.12 ? mix(art.accent, "#d8b45a", 0.6) : trim,
    dark,
  };
}

// ---- motifs and patterns ------------------------------------------------------------------------

export function flower(cx: number, cy: number, r: number, color: string, opacity: number): string {
  const petals = [0, 72, 144, 216, 288]
    .map(
      (a) =>
        `<ellipse cx="${cx}" cy="${cy - r * 0.55}" rx="${r * 0.32}" ry="${r * 0.55}" transform="rotate(${a} ${cx} ${cy})"/>`,
    )
    .join("");
  return `<g fill="${color}" opacity="${opacity}">${petals}<circle cx="${cx}" cy="${cy}" r="${r * 0.22}"/></g>`;
}

export function paisley(x: number, y: number, s: number, color: string, opacity: number, rotate: number): string {
  return `<path transform="translate(${x} ${y}) rotate(${rotate}) scale(${s})" d="M0 -30 C 22 -30 30 -8 22 10 C 14 28 -8 34 -18 22 C -28 10 -20 -4 -6 -2 C 6 0 8 -14 0 -30 Z" fill="none" stroke="${color}" stroke-width="${2.2 / s}" opacity="${opacity}"/><circle cx="${x}" cy="${y + 8 * s}" r="${5 * s}" fill="${color}" opacity="${opacity}"/>`;
}

/** A tiling pattern definition; kind chosen by seed. */
export function patternDef(id: string, rng: Rng, color: string, opacity: number, scale = 1, kinds = 3): string {
  const kind = rng.int(0, kinds);
  const size = Math.round((kind === 3 ? 46 : 90) * scale);
  let body = "";
  if (kind === 0) {
    body =
      flower(size / 2, size / 2, size * 0.22, color, opacity) +
      flower(0, 0, size * 0.12, color, opacity * 0.8) +
      flower(size, size, size * 0.12, color, opacity * 0.8) +
      flower(0, size, size * 0.12, color, opacity * 0.8) +
      flower(size, 0, size * 0.12, color, opacity * 0.8);
  } else if (kind === 1) {
    body =
      paisley(size * 0.3, size * 0.35, size / 130, color, opacity, 20) +
      paisley(size * 0.78, size * 0.82, size / 160, color, opacity, 200);
  } else if (kind === 2) {
    // lattice (jaali)
    body = `<path d="M0 ${size / 2} L${size / 2} 0 L${size} ${size / 2} L${size / 2} ${size} Z" fill="none" stroke="${color}" stroke-width="${1.6 * scale}" opacity="${opacity}"/><circle cx="${size / 2}" cy="${size / 2}" r="${size * 0.06}" fill="${color}" opacity="${opacity}"/><circle cx="0" cy="0" r="${size * 0.04}" fill="${color}" opacity="${opacity}"/>`;
  } else {
    // polka buttis
    body = `<circle cx="${size / 4}" cy="${size / 4}" r="${size * 0.07}" fill="${color}" opacity="${opacity}"/><circle cx="${(size * 3) / 4}" cy="${(size * 3) / 4}" r="${size * 0.07}" fill="${color}" opacity="${opacity}"/>`;
  }
  return `<pattern id="${id}" width="${size}" height="${size}" patternUnits="userSpaceOnUse">${body}</pattern>`;
}

export function dotsAlong(points: [number, number][], r: number, color: string, opacity = 1): string {
  return points
    .map(
      ([x, y]) => `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${r}" fill="${color}" opacity="${opacity}"/>`,
    )
    .join("");
}

export function line(x1: number, y1: number, x2: number, y2: number, n: number): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i <= n; i++) out.push([x1 + ((x2 - x1) * i) / n, y1 + ((y2 - y1) * i) / n]);
  return out;
}
