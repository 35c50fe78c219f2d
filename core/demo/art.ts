// SVG artwork for demo pictures: a tinted background with a soft motif pattern, a Mughal arch,
// a garment or accessory silhouette in the product's colour, and the product name at the bottom.
// Pure string building; images.ts renders it with sharp.
import { luminance, lighten, darken, xml, SERIF, SANS, type Theme, theme, flower, patternDef } from "./art-paint";
import {
  type Paint,
  tunic,
  dupattaDrape,
  gown,
  nightwear,
  slip,
  robe,
  braShape,
  pantyShape,
  bodysuit,
} from "./art-garments";
import {
  clutch,
  earrings,
  dupatta,
  bag,
  bangles,
  shawl,
  giftBox,
  fabric,
  twoPiece,
  unstitched,
  nosePin,
  tikka,
  scrunchies,
  washBag,
  extender,
  nippleCovers,
} from "./art-pieces";

import type { ArtSpec, PlannedImage } from "./plan-shape";
import { createRng, type Rng } from "./random";

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
