// The demo pictures' accessories and fabrics, drawn as SVG in an 800 x 1000 box: clutches, bags,
// jewellery, dupattas and shawls, unstitched fabric, gift boxes and small goods.
import { rgb, luminance, lighten, darken, flower, dotsAlong, line } from "./art-paint";
import { type Paint, tunic } from "./art-garments";

export function clutch(p: Paint): string {
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

export function jhumka(p: Paint, cx: number, cy: number, s: number): string {
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

export function earrings(p: Paint): string {
  return jhumka(p, 285, 500, 1.3) + jhumka(p, 515, 560, 1.3);
}

export function dupatta(p: Paint): string {
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

export function bag(p: Paint): string {
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

export function bangles(p: Paint): string {
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

export function shawl(p: Paint): string {
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

export function giftBox(p: Paint): string {
  const { t } = p;
  return (
    `<rect x="220" y="450" width="360" height="360" rx="10" fill="${p.fill}"/><rect x="220" y="450" width="360" height="360" rx="10" fill="url(#sheen)"/>` +
    `<rect x="200" y="400" width="400" height="90" rx="10" fill="${t.garmentDark}"/>` +
    `<rect x="375" y="400" width="50" height="410" fill="${t.trim}"/>` +
    `<path d="M400 400 C 320 300 250 340 300 395 Z M400 400 C 480 300 550 340 500 395 Z" fill="${t.trim}"/>` +
    `<path d="M250 560 L550 560" stroke="${t.trim}" stroke-width="3" stroke-dasharray="2 10" opacity="0.7"/>`
  );
}

export function fabric(p: Paint): string {
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

export function twoPiece(p: Paint): string {
  // shirt and trousers, no dupatta: a 2-piece, a co-ord, a kurta with shalwar
  return tunic(p, 770, 20, true);
}

export function unstitched(p: Paint): string {
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

export function nosePin(p: Paint): string {
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

export function tikka(p: Paint): string {
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

export function scrunchies(p: Paint): string {
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

export function washBag(p: Paint): string {
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

export function extender(p: Paint): string {
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

export function nippleCovers(p: Paint): string {
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
