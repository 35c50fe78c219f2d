// The demo pictures' garments, drawn as SVG in an 800 x 1000 box: tunics and suits, gowns,
// nightwear, slips, robes and lingerie, each in the product's colour.
// ---- silhouettes (drawn in an 800 x 1000 box) ---------------------------------------------------
import type { Rng } from "./random";
import { lighten, type Theme, dotsAlong, line } from "./art-paint";

export interface Paint {
  t: Theme;
  rng: Rng;
  fill: string; // url(#garment)
  view: number;
}

export function tunic(p: Paint, hemY: number, flare: number, withTrousers: boolean): string {
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

export function dupattaDrape(p: Paint): string {
  const { t } = p;
  const d =
    "M262 226 C 330 300 420 330 520 300 C 600 280 650 330 660 420 C 672 560 640 700 655 880 L 600 884 C 590 720 610 560 590 450 C 575 380 540 360 500 370 C 400 400 300 330 262 226 Z";
  return (
    `<path d="${d}" fill="${t.trim}" opacity="0.42"/>` +
    `<path d="M655 880 L600 884" stroke="${t.trim}" stroke-width="8"/>` +
    dotsAlong(line(604, 900, 652, 896, 4), 5, t.trim, 0.9)
  );
}

export function gown(p: Paint): string {
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

export function nightwear(p: Paint): string {
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

export function slip(p: Paint): string {
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

export function robe(p: Paint): string {
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

export function braShape(p: Paint, cx: number, cy: number, s: number): string {
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

export function pantyShape(p: Paint, cx: number, cy: number, s: number): string {
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

export function bodysuit(p: Paint): string {
  const { t } = p;
  const body = "M270 330 C 300 420 300 520 330 640 L360 760 L440 760 L470 640 C 500 520 500 420 530 330 Z";
  return (
    `<path d="${body}" fill="${p.fill}"/><path d="${body}" fill="url(#lace)" opacity="0.55"/><path d="${body}" fill="url(#sheen)"/>` +
    braShape(p, 400, 400, 0.68) +
    `<path d="M330 640 Q400 600 470 640" stroke="${t.trim}" stroke-width="5" fill="none"/>`
  );
}
