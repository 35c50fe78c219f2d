// Renders the demo pictures (decision 0018): one SVG per picture, rasterised once at the largest
// width and resized to each width, written as WebP to <mediaDir>/demo/<name>-<width>.webp.
// Files that already exist are skipped, so restarts and repeated test runs cost nothing.
import fs from "node:fs";
import path from "node:path";
import { renderSvg } from "./art";
import { demoPlan } from "./plan";
import type { PlannedImage } from "./plan-shape";

export interface ImageGenerationOptions {
  /** how many pictures are rendered at once (default 4) */
  concurrency?: number;
  /** only render the pictures this accepts (tests render a handful) */
  filter?: (image: PlannedImage, index: number) => boolean;
  /** WebP quality (default 75) */
  quality?: number;
}

export interface ImageGenerationResult {
  /** pictures considered (each has several widths) */
  images: number;
  /** files written */
  written: number;
  /** files that already existed */
  skipped: number;
  ms: number;
}

/** Every picture the demo store refers to, derived from the same deterministic plan as the rows. */
export function demoImageList(): PlannedImage[] {
  return demoPlan().images;
}

export function demoImageDir(mediaDir: string): string {
  return path.join(mediaDir, "demo");
}

export function demoImageFile(mediaDir: string, image: PlannedImage, width: number): string {
  return path.join(demoImageDir(mediaDir), `${image.name}-${width}.webp`);
}

function heightFor(image: PlannedImage, width: number): number {
  return image.aspect === "landscape" ? Math.round((width * 9) / 16) : Math.round((width * 5) / 4);
}

async function renderOne(
  mediaDir: string,
  image: PlannedImage,
  quality: number,
): Promise<{ written: number; skipped: number }> {
  const missing = image.widths.filter((w) => !fs.existsSync(demoImageFile(mediaDir, image, w)));
  const skipped = image.widths.length - missing.length;
  if (missing.length === 0) return { written: 0, skipped };
  const largest = Math.max(...image.widths);
  const svg = Buffer.from(renderSvg(image, largest));
  // loaded only when there are images to make (the store imports the seed at every start)
  const { default: sharp } = await import("sharp");
  const { data, info } = await sharp(svg).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  for (const width of missing) {
    const file = demoImageFile(mediaDir, image, width);
    const tmp = `${file}.${process.pid}.tmp`;
    let pipeline = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    if (width !== info.width) {
      pipeline = pipeline.resize(width, heightFor(image, width), { fit: "fill", kernel: "lanczos3" });
    }
    await pipeline.webp({ quality, effort: 2 }).toFile(tmp);
    // rename is atomic: a crash never leaves a half-written file that a restart would skip
    fs.renameSync(tmp, file);
  }
  return { written: missing.length, skipped };
}

/**
 * Draws every demo picture (products, collections, blog) into `${mediaDir}/demo`, skipping files
 * that exist. Runs `concurrency` pictures at a time.
 */
export async function generateDemoImages(
  mediaDir: string,
  options: ImageGenerationOptions = {},
): Promise<ImageGenerationResult> {
  const started = performance.now();
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const quality = options.quality ?? 75;
  const list = demoImageList().filter((image, i) => (options.filter ? options.filter(image, i) : true));
  fs.mkdirSync(demoImageDir(mediaDir), { recursive: true });
  let written = 0;
  let skipped = 0;
  let next = 0;
  const worker = async () => {
    while (next < list.length) {
      const image = list[next++];
      if (!image) break;
      const result = await renderOne(mediaDir, image, quality);
      written += result.written;
      skipped += result.skipped;
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, list.length) }, worker));
  return { images: list.length, written, skipped, ms: Math.round(performance.now() - started) };
}
