// SVG artwork for demo pictures: a tinted background with a soft motif pattern, a Mughal arch,
// a garment or accessory silhouette in the product's colour, and the product name at the bottom.
// Pure string building; images.ts renders it with sharp.
import type { ArtSpec, PlannedImage } from "./plan-shape";
import { createRng, type Rng } from "./random";

// ---- colour helpers ---------------------------------------------------------------------------

type Rgb = [number, number, number];

function rgb(hex: string): Rgb {
  const h = hex.replace("#", "");
  return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)];
}

function hex([r, g, b]: Rgb): string {
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

const lighten = (c: string, t: number) => mix(c, "#ffffff", t);
const darken = (c: string, t: number) => mix(c, "#000000", t);

function xml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

const SERIF = "DejaVu Serif, Georgia, serif";
const SANS = "DejaVu Sans, Helvetica, Arial, sans-serif";

interface Theme {
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

function theme(art: ArtSpec): Theme {
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

function flower(cx: number, cy: number, r: number, color: string, opacity: number): string {
  const petals = [0, 72, 144, 216, 288]
    .map(
      (a) =>
        `<ellipse cx="${cx}" cy="${cy - r * 0.55}" rx="${r * 0.32}" ry="${r * 0.55}" transform="rotate(${a} ${cx} ${cy})"/>`,
    )
    .join("");
  return `<g fill="${color}" opacity="${opacity}">${petals}<circle cx="${cx}" cy="${cy}" r="${r * 0.22}"/></g>`;
}

function paisley(x: number, y: number, s: number, color: string, opacity: number, rotate: number): string {
  return `<path transform="translate(${x} ${y}) rotate(${rotate}) scale(${s})" d="M0 -30 C 22 -30 30 -8 22 10 C 14 28 -8 34 -18 22 C -28 10 -20 -4 -6 -2 C 6 0 8 -14 0 -30 Z" fill="none" stroke="${color}" stroke-width="${2.2 / s}" opacity="${opacity}"/><circle cx="${x}" cy="${y + 8 * s}" r="${5 * s}" fill="${color}" opacity="${opacity}"/>`;
}

/** A tiling pattern definition; kind chosen by seed. */
function patternDef(id: string, rng: Rng, color: string, opacity: number, scale = 1, kinds = 3): string {
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

function dotsAlong(points: [number, number][], r: number, color: string, opacity = 1): string {
  return points
    .map(
      ([x, y]) => `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${r}" fill="${color}" opacity="${opacity}"/>`,
    )
    .join("");
}

function line(x1: number, y1: number, x2: number, y2: number, n: number): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i <= n; i++) out.push([x1 + ((x2 - x1) * i) / n, y1 + ((y2 - y1) * i) / n]);
  return out;
}

// ---- silhouettes (drawn in an 800 x 1000 box) ---------------------------------------------------

interface Paint {
  t: Theme;
  rng: Rng;
  fill: string; // url(#garment)
  view: number;
}

function tunic(p: Paint, hemY: number, flare: number, withTrousers: boolean): string {
  const { t } = p;
  const hl = 400 - 150 - flare;
  const hr = 400 + 150 + flare;
  const body = `M345 205 Q400 262 455 205 L525 222 L615 448 L565 468 L512 342 L522 560 L${hr} ${hemY} Q400 ${hemY + 22} ${hl} ${hemY} L278 560 L288 342 L235 468 L185 448 L275 222 Z`;
  const trousers = withTrousers
    ? `<path d="M322 ${hemY - 10} L478 ${hemY - 10} L470 905 L420 905 L402 ${hemY + 40} L380 905 L330 905 Z" fill="${p.t.garmentDark}"/>` +
      `<path d="M330 890 L380 890 M420 890 L470 890" stroke="${t.trim}" stroke-width="6"/>`
    : "";
  const neck =
    `<path d="M338 210 Q400 282 462 210" fill="none" stroke="${t.trim}" stroke-width="7" stroke-linecap="round"/>` +
    `<path d="M400 248 L400 330" stroke="${t.trim}" stroke-width="4" stroke-dasharray="2 10" stroke-linecap="round"/>`;
  const hemBand =
    `<path d="M${hl + 6} ${hemY - 34} Q400 ${hemY - 12} ${hr - 6} ${hemY - 34}" fill="none" stroke="${t.trim}" stroke-width="5" opacity="0.9"/>` +
    dotsAlong(
      line(hl + 22, hemY - 20, hr - 22, hemY - 20, 14).map(([x, y]) => [x, y + 10 - Math.abs(x - 400) / 40]),
      4,
      t.trim,
    );
  const cuffs = `<path d="M575 438 L612 454 M226 454 L263 438" stroke="${t.trim}" stroke-width="8" stroke-linecap="round" opacity="0.9"/>`;
  const slits = `<path d="M${hl + 8} ${hemY - 120} L${hl + 2} ${hemY - 2} M${hr - 8} ${hemY - 120} L${hr - 2} ${hemY - 2}" stroke="${t.garmentDark}" stroke-width="3" opacity="0.6"/>`;
  return `${trousers}<path d="${body}" fill="${p.fill}"/><path d="${body}" fill="url(#sheen)"/>${neck}${hemBand}${cuffs}${slits}`;
}

function dupattaDrape(p: Paint): string {
  const { t } = p;
  const d =
    "M262 226 C 330 300 420 330 520 300 C 600 280 650 330 660 420 C 672 560 640 700 655 880 L 600 884 C 590 720 610 560 590 450 C 575 380 540 360 500 370 C 400 400 300 330 262 226 Z";
  return (
    `<path d="${d}" fill="${t.trim}" opacity="0.42"/>` +
    `<path d="M655 880 L600 884" stroke="${t.trim}" stroke-width="8"/>` +
    dotsAlong(line(604, 900, 652, 896, 4), 5, t.trim, 0.9)
  );
}

function gown(p: Paint): string {
  const { t, rng } = p;
  const body =
    "M352 198 Q400 250 448 198 L505 214 L566 412 L528 424 L492 300 L482 430 C 560 600 640 780 680 888 Q400 935 120 888 C 160 780 240 600 318 430 L308 300 L272 424 L234 412 L295 214 Z";
  const sequins: [number, number][] = [];
  for (let i = 0; i < 70; i++) {
    const y = rng.int(470, 880);
    const spread = 85 + ((y - 430) / 460) * 250;
    sequins.push([400 + (rng.next() * 2 - 1) * spread * 0.92, y]);
  }
  return (
    `<path d="${body}" fill="${p.fill}"/><path d="${body}" fill="url(#sheen)"/>` +
    `<path d="M320 432 Q400 452 480 432" fill="none" stroke="${t.trim}" stroke-width="12"/>` +
    dotsAlong(line(328, 446, 472, 446, 10), 4, lighten(t.trim, 0.3)) +
    `<path d="M345 204 Q400 268 455 204" fill="none" stroke="${t.trim}" stroke-width="8"/>` +
    dotsAlong(sequins, 3.2, lighten(t.trim, 0.25), 0.85) +
    `<path d="M132 862 Q400 908 668 862" fill="none" stroke="${t.trim}" stroke-width="10"/>` +
    `<path d="M142 838 Q400 882 658 838" fill="none" stroke="${t.trim}" stroke-width="3" stroke-dasharray="4 9"/>`
  );
}

function nightwear(p: Paint): string {
  const { t } = p;
  const top =
    "M340 215 L372 205 L400 262 L428 205 L460 215 L548 248 L600 420 L552 436 L512 330 L520 560 L280 560 L288 330 L248 436 L200 420 L252 248 Z";
  const pants = "M290 552 L510 552 L540 900 L430 900 L400 640 L370 900 L260 900 Z";
  return (
    `<path d="${pants}" fill="${t.garmentDark}"/><path d="${pants}" fill="url(#sheen)"/>` +
    `<path d="M262 886 L370 886 M430 886 L538 886" stroke="${t.trim}" stroke-width="6"/>` +
    `<path d="${top}" fill="${p.fill}"/><path d="${top}" fill="url(#sheen)"/>` +
    `<path d="M372 205 L400 262 L428 205 M400 262 L400 555 M252 248 L200 420 M548 248 L600 420 M280 556 L520 556" fill="none" stroke="${t.trim}" stroke-width="5" stroke-linejoin="round"/>` +
    dotsAlong(line(400, 300, 400, 520, 4), 6, lighten(t.trim, 0.2)) +
    `<rect x="306" y="380" width="62" height="56" rx="6" fill="none" stroke="${t.trim}" stroke-width="4"/>`
  );
}

function slip(p: Paint): string {
  const { t } = p;
  const body =
    "M330 300 C 350 330 450 330 470 300 C 480 420 500 520 560 640 C 600 720 630 800 640 870 Q400 905 160 870 C 170 800 200 720 240 640 C 300 520 320 420 330 300 Z";
  const lace: [number, number][] = [];
  for (let i = 0; i <= 16; i++) {
    const k = i / 16;
    lace.push([166 + 468 * k, 872 + Math.sin(k * Math.PI) * 24]);
  }
  return (
    `<path d="M340 302 L318 190 M460 302 L482 190" stroke="${t.garmentDark}" stroke-width="5" stroke-linecap="round"/>` +
    `<path d="${body}" fill="${p.fill}"/><path d="${body}" fill="url(#sheen)"/>` +
    `<path d="M330 300 C 350 330 450 330 470 300 L 462 360 C 440 390 360 390 338 360 Z" fill="url(#lace)" opacity="0.8"/>` +
    `<path d="M338 360 C 360 390 440 390 462 360" fill="none" stroke="${t.trim}" stroke-width="5"/>` +
    `<path d="M330 300 C 350 330 450 330 470 300" fill="none" stroke="${t.trim}" stroke-width="5"/>` +
    `<path d="M392 392 l-14 -10 l0 20 Z M408 392 l14 -10 l0 20 Z" fill="${t.trim}"/>` +
    `<path d="M300 520 C 330 640 340 760 330 880 M500 520 C 470 640 460 760 470 880" fill="none" stroke="${t.garmentDark}" stroke-width="3" opacity="0.35"/>` +
    dotsAlong(lace, 7, lighten(t.trim, 0.2), 0.9)
  );
}

function robe(p: Paint): string {
  const { t } = p;
  const body =
    "M340 200 L400 230 L460 200 L560 235 L660 520 L580 545 L520 360 L540 900 L260 900 L280 360 L220 545 L140 520 L240 235 Z";
  return (
    `<path d="${body}" fill="${p.fill}"/><path d="${body}" fill="url(#sheen)"/>` +
    `<path d="M340 200 L420 520 L520 900" fill="none" stroke="${t.trim}" stroke-width="10"/>` +
    `<path d="M460 200 L420 520" fill="none" stroke="${t.trim}" stroke-width="10"/>` +
    `<path d="M282 520 Q400 548 530 515" stroke="${t.garmentDark}" stroke-width="22" fill="none" stroke-linecap="round"/>` +
    `<path d="M470 528 C 480 600 455 660 470 720 M490 526 C 520 590 515 650 540 700" stroke="${t.garmentDark}" stroke-width="14" fill="none" stroke-linecap="round"/>` +
    `<path d="M580 545 L660 520 M140 520 L220 545" stroke="${t.trim}" stroke-width="12" stroke-linecap="round"/>`
  );
}

function braShape(p: Paint, cx: number, cy: number, s: number): string {
  const { t } = p;
  const tr = (x: number, y: number) => `${(cx + x * s).toFixed(1)} ${(cy + y * s).toFixed(1)}`;
  const cup = (d: 1 | -1) => {
    const x = (v: number) => v * d;
    return `M${tr(x(12), 52)} C ${tr(x(30), -10)} ${tr(x(70), -110)} ${tr(x(112), -150)} C ${tr(x(168), -120)} ${tr(x(200), -40)} ${tr(x(188), 24)} C ${tr(x(150), 70)} ${tr(x(60), 78)} ${tr(x(12), 52)} Z`;
  };
  const band = `M${tr(-250, -40)} C ${tr(-230, 20)} ${tr(-150, 70)} ${tr(0, 58)} C ${tr(150, 70)} ${tr(230, 20)} ${tr(250, -40)} L ${tr(258, -6)} C ${tr(232, 58)} ${tr(150, 104)} ${tr(0, 92)} C ${tr(-150, 104)} ${tr(-232, 58)} ${tr(-258, -6)} Z`;
  const straps =
    `<path d="M${tr(-112, -150)} C ${tr(-120, -230)} ${tr(-138, -290)} ${tr(-150, -330)} M${tr(112, -150)} C ${tr(120, -230)} ${tr(138, -290)} ${tr(150, -330)}" fill="none" stroke="${t.garmentDark}" stroke-width="${8 * s}" stroke-linecap="round"/>` +
    `<path d="M${tr(-192, 10)} C ${tr(-220, -60)} ${tr(-240, -40)} ${tr(-250, -40)} M${tr(192, 10)} C ${tr(220, -60)} ${tr(240, -40)} ${tr(250, -40)}" fill="none" stroke="${t.garmentDark}" stroke-width="${6 * s}"/>`;
  // lace scallops along the neckline edge of each cup
  const scallops: [number, number][] = [];
  for (let i = 0; i <= 8; i++) {
    const k = i / 8;
    const x = 16 + (112 - 16) * k + Math.sin(k * Math.PI) * 22;
    const y = 46 + (-150 - 46) * k;
    scallops.push([cx - x * s, cy + y * s], [cx + x * s, cy + y * s]);
  }
  const bow = `<path d="M${tr(0, 50)} l${-16 * s} ${-11 * s} l0 ${22 * s} Z M${tr(0, 50)} l${16 * s} ${-11 * s} l0 ${22 * s} Z" fill="${t.trim}"/><circle cx="${cx}" cy="${cy + 50 * s}" r="${5 * s}" fill="${t.trim}"/>`;
  return (
    `${straps}<path d="${band}" fill="${t.garmentDark}"/><path d="${band}" fill="url(#sheen)"/>` +
    `<path d="${cup(-1)}" fill="${p.fill}"/><path d="${cup(1)}" fill="${p.fill}"/>` +
    `<path d="${cup(-1)}" fill="url(#lace)" opacity="0.5"/><path d="${cup(1)}" fill="url(#lace)" opacity="0.5"/>` +
    `<path d="${cup(-1)}" fill="url(#sheen)"/><path d="${cup(1)}" fill="url(#sheen)"/>` +
    `<path d="M${tr(-14, 50)} C ${tr(-60, 0)} ${tr(-150, -10)} ${tr(-186, 20)} M${tr(14, 50)} C ${tr(60, 0)} ${tr(150, -10)} ${tr(186, 20)}" fill="none" stroke="${t.garmentDark}" stroke-width="${2.5 * s}" opacity="0.6"/>` +
    dotsAlong(scallops, 5 * s, lighten(t.trim, 0.15), 0.9) +
    bow
  );
}

function pantyShape(p: Paint, cx: number, cy: number, s: number): string {
  const { t } = p;
  const tr = (x: number, y: number) => `${(cx + x * s).toFixed(1)} ${(cy + y * s).toFixed(1)}`;
  const body = `M${tr(-190, -110)} L${tr(190, -110)} L${tr(180, -40)} C ${tr(110, -20)} ${tr(50, 50)} ${tr(40, 130)} L${tr(-40, 130)} C ${tr(-50, 50)} ${tr(-110, -20)} ${tr(-180, -40)} Z`;
  const band = `M${tr(-190, -110)} L${tr(190, -110)} L${tr(187, -86)} L${tr(-187, -86)} Z`;
  const trimL = `M${tr(-180, -40)} C ${tr(-110, -20)} ${tr(-50, 50)} ${tr(-40, 130)}`;
  const trimR = `M${tr(180, -40)} C ${tr(110, -20)} ${tr(50, 50)} ${tr(40, 130)}`;
  return (
    `<path d="${body}" fill="${p.fill}"/><path d="${body}" fill="url(#sheen)"/><path d="${body}" fill="url(#lace)" opacity="0.35"/>` +
    `<path d="${band}" fill="${t.garmentDark}"/>` +
    `<path d="${trimL} ${trimR}" fill="none" stroke="${t.trim}" stroke-width="${6 * s}" stroke-dasharray="${3 * s} ${8 * s}" stroke-linecap="round"/>` +
    `<path d="M${tr(-12, -98)} l${12 * s} ${10 * s} l${12 * s} ${-10 * s}" stroke="${t.trim}" stroke-width="${5 * s}" fill="none"/>`
  );
}

function bodysuit(p: Paint): string {
  const { t } = p;
  const body = "M270 330 C 300 420 300 520 330 640 L360 760 L440 760 L470 640 C 500 520 500 420 530 330 Z";
  return (
    `<path d="${body}" fill="${p.fill}"/><path d="${body}" fill="url(#lace)" opacity="0.55"/><path d="${body}" fill="url(#sheen)"/>` +
    braShape(p, 400, 400, 0.68) +
    `<path d="M330 640 Q400 600 470 640" stroke="${t.trim}" stroke-width="5" fill="none"/>`
  );
}

function clutch(p: Paint): string {
  const { t, rng } = p;
  const body =
    "M190 470 Q190 430 230 430 L570 430 Q610 430 610 470 L600 700 Q598 740 558 740 L242 740 Q202 740 200 700 Z";
  const beads: [number, number][] = [];
  for (let y = 470; y < 720; y += 26)
    for (let x = 230; x < 580; x += 26) if (rng.next() < 0.55) beads.push([x + ((y / 26) % 2) * 13, y]);
  return (
    `<path d="M250 440 C 250 260 550 260 550 440" fill="none" stroke="${t.trim}" stroke-width="6" stroke-dasharray="10 6"/>` +
    `<path d="${body}" fill="${p.fill}"/><path d="${body}" fill="url(#sheen)"/>` +
    dotsAlong(beads, 5, lighten(t.trim, 0.3), 0.8) +
    `<path d="M196 470 Q400 500 604 470" fill="none" stroke="${t.trim}" stroke-width="14"/>` +
    `<circle cx="385" cy="462" r="12" fill="${lighten(t.trim, 0.3)}"/><circle cx="415" cy="462" r="12" fill="${lighten(t.trim, 0.3)}"/>`
  );
}

function jhumka(p: Paint, cx: number, cy: number, s: number): string {
  const metal = p.t.garment;
  const deep = darken(metal, 0.3);
  // kundan stones: ruby on gold, emerald on silver and everything else
  const stone = luminance(metal) > 0.45 && rgb(metal)[2] > rgb(metal)[0] - 10 ? "#176b55" : "#9b1b30";
  const tr = (x: number, y: number) => `${(cx + x * s).toFixed(1)} ${(cy + y * s).toFixed(1)}`;
  const bell = `M${tr(-80, 60)} C ${tr(-78, -30)} ${tr(-40, -62)} ${tr(0, -64)} C ${tr(40, -62)} ${tr(78, -30)} ${tr(80, 60)} Z`;
  const pearls: [number, number][] = [];
  for (let i = 0; i <= 8; i++) pearls.push([cx + (-72 + 18 * i) * s, cy + 86 * s]);
  const studStones: [number, number][] = [0, 60, 120, 180, 240, 300].map((a) => [
    cx + Math.cos((a * Math.PI) / 180) * 24 * s,
    cy - 150 * s + Math.sin((a * Math.PI) / 180) * 24 * s,
  ]);
  return (
    `<circle cx="${cx}" cy="${cy - 150 * s}" r="${38 * s}" fill="${metal}"/><circle cx="${cx}" cy="${cy - 150 * s}" r="${38 * s}" fill="url(#sheen)"/>` +
    `<circle cx="${cx}" cy="${cy - 150 * s}" r="${12 * s}" fill="${stone}"/>` +
    dotsAlong(studStones, 6 * s, "#fbf6ec") +
    `<path d="M${tr(0, -112)} L${tr(0, -64)}" stroke="${metal}" stroke-width="${8 * s}"/>` +
    `<path d="${bell}" fill="${metal}"/><path d="${bell}" fill="url(#sheen)"/>` +
    `<path d="M${tr(-56, 10)} C ${tr(-50, -30)} ${tr(-25, -48)} ${tr(0, -50)} C ${tr(25, -48)} ${tr(50, -30)} ${tr(56, 10)}" fill="none" stroke="${deep}" stroke-width="${3 * s}" stroke-dasharray="${4 * s} ${5 * s}"/>` +
    dotsAlong(line(cx - 50 * s, cy + 30 * s, cx + 50 * s, cy + 30 * s, 5), 8 * s, stone) +
    `<circle cx="${cx}" cy="${cy - 22 * s}" r="${10 * s}" fill="${stone}"/>` +
    `<path d="M${tr(-80, 60)} L${tr(80, 60)}" stroke="${deep}" stroke-width="${10 * s}"/>` +
    pearls
      .map(([x, y]) => `<path d="M${x} ${y - 26 * s} L${x} ${y - 8 * s}" stroke="${metal}" stroke-width="${2 * s}"/>`)
      .join("") +
    dotsAlong(pearls, 9 * s, "#fbf6ec")
  );
}

function earrings(p: Paint): string {
  return jhumka(p, 285, 500, 1.3) + jhumka(p, 515, 560, 1.3);
}

function dupatta(p: Paint): string {
  const { t } = p;
  const d =
    "M170 180 C 330 230 470 200 630 170 C 600 360 660 560 610 840 C 470 880 330 850 190 880 C 230 660 150 400 170 180 Z";
  const tassels: [number, number][] = line(200, 900, 600, 862, 9);
  return (
    `<path d="${d}" fill="${p.fill}"/><path d="${d}" fill="url(#motif)" opacity="0.9"/><path d="${d}" fill="url(#sheen)"/>` +
    `<path d="M190 840 C 330 812 470 842 612 800" fill="none" stroke="${t.trim}" stroke-width="18"/>` +
    `<path d="M192 812 C 330 784 470 814 614 772" fill="none" stroke="${t.trim}" stroke-width="4" stroke-dasharray="3 8"/>` +
    tassels.map(([x, y]) => `<path d="M${x} ${y - 26} L${x} ${y + 6}" stroke="${t.trim}" stroke-width="4"/>`).join("") +
    dotsAlong(
      tassels.map(([x, y]) => [x, y + 10]),
      7,
      t.trim,
    )
  );
}

function bag(p: Paint): string {
  const { t } = p;
  const body =
    "M300 420 C 240 470 190 560 200 680 C 212 800 300 850 400 850 C 500 850 588 800 600 680 C 610 560 560 470 500 420 Z";
  return (
    `<path d="M330 420 C 300 250 500 250 470 420" fill="none" stroke="${t.trim}" stroke-width="6"/>` +
    `<path d="${body}" fill="${p.fill}"/><path d="${body}" fill="url(#sheen)"/>` +
    `<path d="M300 420 Q400 460 500 420 L520 370 Q400 400 280 370 Z" fill="${t.garmentDark}"/>` +
    `<path d="M290 452 Q400 490 510 452" fill="none" stroke="${t.trim}" stroke-width="7"/>` +
    flower(400, 650, 90, lighten(t.trim, 0.2), 0.95) +
    flower(400, 650, 40, t.garmentDark, 0.9) +
    dotsAlong(
      line(260, 770, 540, 770, 12).map(([x, y]) => [x, y + ((x - 400) / 140) ** 2 * -30]),
      5,
      t.trim,
    ) +
    `<path d="M400 450 L370 560 M400 450 L430 560" stroke="${t.trim}" stroke-width="4"/>` +
    dotsAlong(
      [
        [370, 566],
        [430, 566],
      ],
      11,
      lighten(t.trim, 0.3),
    )
  );
}

function bangles(p: Paint): string {
  const { t } = p;
  const rings: string[] = [];
  for (let i = 0; i < 9; i++) {
    const y = 380 + i * 34;
    const color = i % 3 === 1 ? t.trim : i % 3 === 2 ? t.garmentLight : t.garment;
    rings.push(
      `<ellipse cx="400" cy="${y}" rx="205" ry="62" fill="none" stroke="${darken(color, 0.2)}" stroke-width="22"/>`,
    );
    rings.push(`<ellipse cx="400" cy="${y - 3}" rx="205" ry="62" fill="none" stroke="${color}" stroke-width="16"/>`);
    rings.push(
      `<ellipse cx="400" cy="${y - 6}" rx="205" ry="62" fill="none" stroke="#ffffff" stroke-width="3" opacity="0.35" stroke-dasharray="6 14"/>`,
    );
  }
  return rings.join("");
}

function shawl(p: Paint): string {
  const { t } = p;
  const folded = "M180 360 L620 300 L640 760 L200 830 Z";
  const fringe = line(200, 830, 640, 760, 22)
    .map(([x, y]) => `<path d="M${x} ${y} L${x + 2} ${y + 34}" stroke="${t.garmentDark}" stroke-width="4"/>`)
    .join("");
  return (
    `${fringe}<path d="${folded}" fill="${p.fill}"/><path d="${folded}" fill="url(#sheen)"/>` +
    `<path d="M210 400 L606 344 L624 724 L228 790 Z" fill="none" stroke="${t.trim}" stroke-width="14"/>` +
    `<path d="M238 424 L590 374 L606 700 L254 760 Z" fill="url(#motif)" opacity="0.9"/>` +
    `<path d="M180 360 L620 300 L626 420 L186 484 Z" fill="${t.garmentDark}" opacity="0.35"/>`
  );
}

function giftBox(p: Paint): string {
  const { t } = p;
  return (
    `<rect x="220" y="450" width="360" height="360" rx="10" fill="${p.fill}"/><rect x="220" y="450" width="360" height="360" rx="10" fill="url(#sheen)"/>` +
    `<rect x="200" y="400" width="400" height="90" rx="10" fill="${t.garmentDark}"/>` +
    `<rect x="375" y="400" width="50" height="410" fill="${t.trim}"/>` +
    `<path d="M400 400 C 320 300 250 340 300 395 Z M400 400 C 480 300 550 340 500 395 Z" fill="${t.trim}"/>` +
    `<path d="M250 560 L550 560" stroke="${t.trim}" stroke-width="3" stroke-dasharray="2 10" opacity="0.7"/>`
  );
}

function fabric(p: Paint): string {
  const { t } = p;
  // a close-up swatch: the whole frame is the cloth, with an embroidered border across it
  return (
    `<rect x="0" y="0" width="800" height="1000" fill="${p.fill}"/>` +
    `<rect x="0" y="0" width="800" height="1000" fill="url(#motifBig)"/>` +
    `<rect x="0" y="0" width="800" height="1000" fill="url(#sheen)" opacity="0.6"/>` +
    `<path d="M-20 640 C 200 600 600 700 820 650 L820 760 C 600 810 200 710 -20 750 Z" fill="${t.garmentDark}" opacity="0.5"/>` +
    `<path d="M-20 660 C 200 620 600 720 820 670" fill="none" stroke="${t.trim}" stroke-width="10"/>` +
    `<path d="M-20 730 C 200 690 600 790 820 740" fill="none" stroke="${t.trim}" stroke-width="10"/>` +
    dotsAlong(
      line(0, 696, 800, 706, 20).map(([x, y]) => [x, y + Math.sin(x / 127) * 22]),
      8,
      lighten(t.trim, 0.25),
    )
  );
}

function twoPiece(p: Paint): string {
  // shirt and trousers, no dupatta: a 2-piece, a co-ord, a kurta with shalwar
  return tunic(p, 770, 20, true);
}

function unstitched(p: Paint): string {
  const { t } = p;
  // three folded lengths of cloth in a stack: printed shirt, plain trouser, bordered dupatta
  const piece = (y: number, h: number, fill: string, extra: string) =>
    `<path d="M170 ${y} L630 ${y - 24} L640 ${y + h - 24} L180 ${y + h} Z" fill="${fill}"/>` +
    `<path d="M170 ${y} L630 ${y - 24} L640 ${y + h - 24} L180 ${y + h} Z" fill="url(#sheen)"/>` +
    extra;
  return (
    piece(
      700,
      150,
      t.garmentDark,
      `<path d="M180 ${820} L640 ${796}" stroke="${t.trim}" stroke-width="4" opacity="0.7"/>`,
    ) +
    piece(
      560,
      150,
      t.trim,
      `<path d="M176 ${600} L634 ${576}" stroke="${lighten(t.trim, 0.4)}" stroke-width="10"/>` +
        dotsAlong(line(200, 650, 610, 628, 12), 5, lighten(t.trim, 0.45)),
    ) +
    piece(
      380,
      190,
      p.fill,
      `<path d="M176 420 L634 396 L640 540 L182 566 Z" fill="url(#motif)" opacity="0.9"/>` +
        `<path d="M176 412 L634 388" stroke="${t.trim}" stroke-width="12"/>`,
    ) +
    // a paper band round the stack, as unstitched suits are sold
    `<path d="M360 372 L440 368 L446 846 L366 850 Z" fill="${t.soft}" opacity="0.92"/>` +
    `<path d="M372 600 L434 597" stroke="${t.ink}" stroke-width="3" opacity="0.6"/>`
  );
}

function nosePin(p: Paint): string {
  const { t } = p;
  // oxidised silver: a grey, darkened metal whatever the background
  const metal = "#a3a6ad";
  const deep = "#4a4c52";
  const petals = [0, 60, 120, 180, 240, 300]
    .map((a) => {
      const r = (a * Math.PI) / 180;
      const x = 400 + Math.cos(r) * 92;
      const y = 470 + Math.sin(r) * 92;
      return `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="62" fill="${metal}" stroke="${deep}" stroke-width="6"/>`;
    })
    .join("");
  // a close-up of one small stud on a jewellery cushion: flower head, stone, and its bent post
  return (
    `<ellipse cx="400" cy="760" rx="260" ry="90" fill="${t.garmentDark}"/><ellipse cx="400" cy="745" rx="250" ry="80" fill="${p.fill}"/>` +
    `<path d="M400 520 L400 700 Q400 740 440 740 L500 740" fill="none" stroke="${metal}" stroke-width="16" stroke-linecap="round"/>` +
    petals +
    `<circle cx="400" cy="470" r="70" fill="${deep}"/>` +
    `<circle cx="400" cy="470" r="50" fill="#eef3f7"/><circle cx="385" cy="455" r="16" fill="#ffffff" opacity="0.9"/>` +
    dotsAlong(
      [0, 60, 120, 180, 240, 300].map((a) => [
        400 + Math.cos(((a + 30) * Math.PI) / 180) * 128,
        470 + Math.sin(((a + 30) * Math.PI) / 180) * 128,
      ]),
      10,
      deep,
    )
  );
}

function tikka(p: Paint): string {
  const { t } = p;
  const metal = t.trim;
  const pearls: [number, number][] = [];
  for (let i = 0; i <= 10; i++) {
    const a = Math.PI * (0.1 + (0.8 * i) / 10);
    pearls.push([400 - Math.cos(a) * 150, 560 + Math.sin(a) * 150]);
  }
  // the hook that sits in the parting, the chain, and a round pendant with a pearl fringe
  return (
    `<path d="M400 120 C 440 120 450 170 400 180" fill="none" stroke="${metal}" stroke-width="8"/>` +
    dotsAlong(line(400, 190, 400, 420, 16), 7, metal) +
    `<circle cx="400" cy="540" r="120" fill="${metal}"/><circle cx="400" cy="540" r="120" fill="url(#sheen)"/>` +
    `<circle cx="400" cy="540" r="86" fill="${p.fill}"/>` +
    flower(400, 540, 70, lighten(metal, 0.35), 0.95) +
    `<circle cx="400" cy="540" r="22" fill="#fbf6ec"/>` +
    pearls
      .map(
        ([x, y]) =>
          `<path d="M${x.toFixed(1)} ${(y - 10).toFixed(1)} L${x.toFixed(1)} ${(y + 40).toFixed(1)}" stroke="${metal}" stroke-width="3"/>`,
      )
      .join("") +
    dotsAlong(
      pearls.map(([x, y]) => [x, y + 52]),
      13,
      "#fbf6ec",
    )
  );
}

function scrunchies(p: Paint): string {
  const { t } = p;
  const colours = [t.garment, t.trim, t.garmentLight, t.garmentDark];
  // four gathered silk rings, two by two: a 4-pack
  return [
    [285, 420],
    [515, 420],
    [285, 680],
    [515, 680],
  ]
    .map(([cx, cy], i) => {
      const colour = colours[i]!;
      const folds = Array.from({ length: 18 }, (_, k) => {
        const a = (k * 20 * Math.PI) / 180;
        const x1 = cx! + Math.cos(a) * 52;
        const y1 = cy! + Math.sin(a) * 52;
        const x2 = cx! + Math.cos(a) * 108;
        const y2 = cy! + Math.sin(a) * 108;
        return `<path d="M${x1.toFixed(1)} ${y1.toFixed(1)} L${x2.toFixed(1)} ${y2.toFixed(1)}" stroke="${darken(colour, 0.25)}" stroke-width="4" opacity="0.55"/>`;
      }).join("");
      return (
        `<circle cx="${cx}" cy="${cy}" r="80" fill="none" stroke="${colour}" stroke-width="62"/>` +
        `<circle cx="${cx}" cy="${cy}" r="80" fill="none" stroke="url(#sheen)" stroke-width="62"/>` +
        folds
      );
    })
    .join("");
}

function washBag(p: Paint): string {
  const { t } = p;
  const mesh: string[] = [];
  for (let x = 210; x <= 590; x += 24)
    mesh.push(`<path d="M${x} 360 L${x} 820" stroke="${t.garmentDark}" stroke-width="2" opacity="0.5"/>`);
  for (let y = 372; y <= 820; y += 24)
    mesh.push(`<path d="M200 ${y} L600 ${y}" stroke="${t.garmentDark}" stroke-width="2" opacity="0.5"/>`);
  // a zipped mesh laundry pouch: the mesh, a fabric border and the zip with its pull
  return (
    `<rect x="190" y="330" width="420" height="500" rx="24" fill="${p.fill}" opacity="0.85"/>` +
    mesh.join("") +
    `<rect x="190" y="330" width="420" height="500" rx="24" fill="none" stroke="${t.trim}" stroke-width="22"/>` +
    `<path d="M200 372 L600 372" stroke="${t.ink}" stroke-width="10" stroke-dasharray="6 4"/>` +
    `<rect x="520" y="352" width="34" height="64" rx="8" fill="${t.ink}"/><circle cx="537" cy="402" r="8" fill="${t.soft}"/>`
  );
}

function extender(p: Paint): string {
  const { t } = p;
  // three strips (a 3-pack), each with two columns of hooks above three rows of eyes
  return [250, 400, 550]
    .map((cx, i) => {
      const colour = [t.garment, t.garmentLight, t.garmentDark][i]!;
      const hooks = [cx - 22, cx + 22]
        .map(
          (x) =>
            `<path d="M${x} 290 L${x} 320 Q${x} 336 ${x + 12} 332" fill="none" stroke="#c9ccd2" stroke-width="6" stroke-linecap="round"/>`,
        )
        .join("");
      const eyes: string[] = [];
      for (let row = 0; row < 3; row++)
        for (const x of [cx - 22, cx + 22])
          eyes.push(
            `<ellipse cx="${x}" cy="${560 + row * 70}" rx="11" ry="15" fill="none" stroke="#c9ccd2" stroke-width="5"/>`,
          );
      return (
        `<rect x="${cx - 52}" y="280" width="104" height="500" rx="10" fill="${colour}"/>` +
        `<rect x="${cx - 52}" y="280" width="104" height="500" rx="10" fill="url(#sheen)"/>` +
        `<path d="M${cx - 52} 460 L${cx + 52} 460" stroke="${t.trim}" stroke-width="4" stroke-dasharray="3 6"/>` +
        hooks +
        eyes.join("")
      );
    })
    .join("");
}

function nippleCovers(p: Paint): string {
  const { t } = p;
  const cover = (cx: number) =>
    `<circle cx="${cx}" cy="560" r="140" fill="${p.fill}"/><circle cx="${cx}" cy="560" r="140" fill="url(#sheen)"/>` +
    `<circle cx="${cx}" cy="560" r="140" fill="none" stroke="${t.garmentDark}" stroke-width="4" opacity="0.5"/>` +
    `<circle cx="${cx}" cy="560" r="60" fill="${t.garmentLight}" opacity="0.7"/>`;
  // a pair of round silicone covers in their clear case
  return (
    `<rect x="120" y="360" width="560" height="400" rx="200" fill="#ffffff" opacity="0.25" stroke="#ffffff" stroke-width="4"/>` +
    cover(275) +
    cover(525)
  );
}

function silhouette(shape: ArtSpec["shape"], p: Paint): string {
  switch (shape) {
    case "suit":
      return tunic(p, 770, 20, true) + dupattaDrape(p);
    case "kurti":
      return tunic(p, 800, 40, false);
    case "gown":
      return gown(p);
    case "nightwear":
      return nightwear(p);
    case "robe":
      return robe(p);
    case "slip":
      return slip(p);
    case "bra":
      return braShape(p, 400, 560, 1.05);
    case "panty":
      return pantyShape(p, 400, 560, 1.25);
    case "set":
      return braShape(p, 400, 440, 0.82) + pantyShape(p, 400, 740, 0.8);
    case "bodysuit":
      return bodysuit(p);
    case "clutch":
      return clutch(p);
    case "earrings":
      return earrings(p);
    case "dupatta":
      return dupatta(p);
    case "bag":
      return bag(p);
    case "bangles":
      return bangles(p);
    case "shawl":
      return shawl(p);
    case "small":
      return giftBox(p);
    case "twoPiece":
      return twoPiece(p);
    case "unstitched":
      return unstitched(p);
    case "nosePin":
      return nosePin(p);
    case "tikka":
      return tikka(p);
    case "scrunchies":
      return scrunchies(p);
    case "washBag":
      return washBag(p);
    case "extender":
      return extender(p);
    case "nippleCovers":
      return nippleCovers(p);
    case "fabric":
      return fabric(p);
  }
}

function defs(t: Theme, rng: Rng, art: ArtSpec, width: number, height: number): string {
  return `<defs>
<linearGradient id="bg" x1="0" y1="0" x2="0.35" y2="1"><stop offset="0" stop-color="${t.bgTop}"/><stop offset="1" stop-color="${t.bgBottom}"/></linearGradient>
<radialGradient id="glow" cx="0.5" cy="0.38" r="0.6"><stop offset="0" stop-color="#ffffff" stop-opacity="${t.dark ? 0.16 : 0.55}"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>
<linearGradient id="garment" x1="0" y1="0" x2="1" y2="0.3"><stop offset="0" stop-color="${t.garmentLight}"/><stop offset="0.55" stop-color="${t.garment}"/><stop offset="1" stop-color="${t.garmentDark}"/></linearGradient>
<linearGradient id="sheen" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.18"/><stop offset="0.45" stop-color="#ffffff" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.12"/></linearGradient>
${patternDef("bgpat", rng, t.dark ? "#ffffff" : art.accent, t.dark ? 0.06 : 0.07)}
${patternDef("motif", rng, t.trim, 0.5, 0.8)}
${patternDef("motifBig", createRng(art.seed * 13 + 5), t.trim, 0.5, 1.6, 2)}
<pattern id="lace" width="18" height="18" patternUnits="userSpaceOnUse"><circle cx="9" cy="9" r="5" fill="none" stroke="${t.garmentLight}" stroke-width="1.4"/></pattern>
<clipPath id="frame"><rect x="0" y="0" width="${width}" height="${height}"/></clipPath>
</defs>`;
}

const ARCH =
  "M150 905 L150 380 C 150 260 260 190 330 160 C 370 142 392 122 400 100 C 408 122 430 142 470 160 C 540 190 650 260 650 380 L650 905 Z";

function isCollectionName(image: PlannedImage): boolean {
  return image.name.startsWith("collection-");
}

function portrait(image: PlannedImage, pixelWidth: number): string {
  const art = image.art;
  const rng = createRng(art.seed);
  const t = theme(art);
  const p: Paint = { t, rng, fill: "url(#garment)", view: art.view };
  const W = 800;
  const H = 1000;
  const label = art.label;
  // long product names go on two lines
  const labelLines =
    !isCollectionName(image) && label.length > 32 ? wrap(label, Math.ceil(label.length / 2) + 4).slice(0, 2) : [label];
  const isCollection = isCollectionName(image);
  const styled = art.view === 4;
  const back = art.view === 2 && art.shape !== "fabric";
  let figure = silhouette(art.shape, p);
  const topInk = art.shape === "fabric" ? (luminance(art.color) < 0.3 ? "#f7f1e8" : darken(art.color, 0.6)) : t.ink;
  if (isCollection && art.shape !== "fabric")
    figure = `<g transform="translate(400 150) scale(0.8) translate(-400 -150)">${figure}</g>`;
  else if (styled) figure = `<g transform="translate(140 150) scale(0.66)">${figure}</g>`;
  else if (back) figure = `<g transform="translate(800 0) scale(-1 1)">${figure}</g>`;
  const shadowY = styled ? 760 : isCollection ? 764 : 918;
  const shadow =
    art.shape === "fabric"
      ? ""
      : `<ellipse cx="400" cy="${shadowY}" rx="${styled || isCollection ? 180 : 260}" ry="${styled ? 14 : 20}" fill="#000000" opacity="${t.dark ? 0.16 : 0.08}"/>`;
  const archLayer =
    art.shape === "fabric"
      ? ""
      : styled
        ? `<circle cx="400" cy="440" r="300" fill="${t.soft}" opacity="0.45"/><circle cx="400" cy="440" r="300" fill="none" stroke="${t.trim}" stroke-width="2" opacity="0.6"/>` +
          flower(640, 820, 60, t.trim, 0.55) +
          flower(700, 760, 34, t.trim, 0.45) +
          flower(140, 170, 46, t.trim, 0.4)
        : `<path d="${ARCH}" fill="${t.soft}" opacity="${t.dark ? 0.22 : 0.5}"/><path d="${ARCH}" fill="none" stroke="${t.trim}" stroke-width="2.5" opacity="0.7" transform="translate(400 500) scale(1.035) translate(-400 -500)"/>`;
  const titleSize = isCollection ? 58 : labelLines.length > 1 ? 27 : 30;
  // the swatch view fills the frame with the cloth: fade into the cloth's own shade
  const darkCloth = art.shape === "fabric" && luminance(art.color) < 0.3;
  const fadeColor =
    art.shape === "fabric" ? (darkCloth ? darken(art.color, 0.45) : lighten(art.color, 0.6)) : t.bgBottom;
  const ink = art.shape === "fabric" ? (darkCloth ? "#f7f1e8" : darken(art.color, 0.6)) : t.ink;
  const text =
    `<linearGradient id="fade2" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${fadeColor}" stop-opacity="0"/><stop offset="1" stop-color="${fadeColor}" stop-opacity="0.92"/></linearGradient>` +
    `<rect x="0" y="${H - 190}" width="${W}" height="190" fill="url(#fade2)"/>` +
    `<text x="400" y="58" text-anchor="middle" font-family="${SANS}" font-size="20" letter-spacing="10" fill="${topInk}" opacity="0.75">ZAIBA</text>` +
    (isCollection
      ? `<text x="400" y="${H - 88}" text-anchor="middle" font-family="${SERIF}" font-size="${titleSize}" fill="${ink}" letter-spacing="3">${xml(label)}</text>` +
        `<text x="400" y="${H - 42}" text-anchor="middle" font-family="${SANS}" font-size="20" letter-spacing="8" fill="${ink}" opacity="0.8">SHOP THE COLLECTION</text>`
      : `<path d="M310 ${H - (labelLines.length > 1 ? 112 : 92)} L490 ${H - (labelLines.length > 1 ? 112 : 92)}" stroke="${t.trim}" stroke-width="2" opacity="0.8"/>` +
        labelLines
          .map(
            (text, i) =>
              `<text x="400" y="${H - 46 - (labelLines.length - 1 - i) * 36}" text-anchor="middle" font-family="${SERIF}" font-size="${titleSize}" fill="${ink}" letter-spacing="1">${xml(text)}</text>`,
          )
          .join(""));
  const height = Math.round((pixelWidth * H) / W);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${pixelWidth}" height="${height}" viewBox="0 0 ${W} ${H}">
${defs(t, rng, art, W, H)}
<g clip-path="url(#frame)">
<rect width="${W}" height="${H}" fill="url(#bg)"/>
<rect width="${W}" height="${H}" fill="url(#bgpat)"/>
<rect width="${W}" height="${H}" fill="url(#glow)"/>
${archLayer}
${shadow}
${figure}
${text}
</g>
</svg>`;
}

function wrap(text: string, max: number): string[] {
  const words = text.split(/\s+/);
  const lines: string[] = [];
  let current = "";
  for (const word of words) {
    if (current && (current + " " + word).length > max) {
      lines.push(current);
      current = word;
    } else current = current ? `${current} ${word}` : word;
  }
  if (current) lines.push(current);
  return lines;
}

function landscape(image: PlannedImage, pixelWidth: number): string {
  const art = image.art;
  const rng = createRng(art.seed);
  const t = theme(art);
  const p: Paint = { t, rng, fill: "url(#garment)", view: 1 };
  const W = 1600;
  const H = 900;
  const lines = wrap(image.title ?? art.label, 24).slice(0, 4);
  const titleY = 450 - ((lines.length - 1) * 66) / 2;
  const title = lines
    .map(
      (l, i) =>
        `<text x="120" y="${titleY + i * 66}" font-family="${SERIF}" font-size="54" fill="${t.ink}">${xml(l)}</text>`,
    )
    .join("");
  const height = Math.round((pixelWidth * H) / W);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${pixelWidth}" height="${height}" viewBox="0 0 ${W} ${H}">
${defs(t, rng, art, W, H)}
<g clip-path="url(#frame)">
<rect width="${W}" height="${H}" fill="url(#bg)"/>
<rect width="${W}" height="${H}" fill="url(#bgpat)"/>
<rect width="${W}" height="${H}" fill="url(#glow)"/>
<g transform="translate(1180 450) scale(0.86) translate(-400 -500)">
<path d="${ARCH}" fill="${t.soft}" opacity="${t.dark ? 0.22 : 0.5}"/>
<path d="${ARCH}" fill="none" stroke="${t.trim}" stroke-width="2.5" opacity="0.7" transform="translate(400 500) scale(1.035) translate(-400 -500)"/>
<ellipse cx="400" cy="918" rx="260" ry="20" fill="#000000" opacity="${t.dark ? 0.16 : 0.08}"/>
${silhouette(art.shape, p)}
</g>
${flower(1500, 110, 40, t.trim, 0.4)}${flower(1545, 170, 22, t.trim, 0.35)}
<text x="122" y="${titleY - 96}" font-family="${SANS}" font-size="22" letter-spacing="8" fill="${t.ink}" opacity="0.8">${xml((image.kicker ?? "").toUpperCase())}</text>
<path d="M122 ${titleY - 70} L262 ${titleY - 70}" stroke="${t.trim}" stroke-width="3"/>
${title}
<text x="122" y="${titleY + lines.length * 66 + 30}" font-family="${SANS}" font-size="20" letter-spacing="10" fill="${t.ink}" opacity="0.7">ZAIBA JOURNAL</text>
</g>
</svg>`;
}

/** The SVG for one planned image, sized to pixelWidth (height follows the aspect ratio). */
export function renderSvg(image: PlannedImage, pixelWidth: number): string {
  return image.aspect === "landscape" ? landscape(image, pixelWidth) : portrait(image, pixelWidth);
}
