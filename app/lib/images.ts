// Demo and uploaded images exist in several WebP widths named <base>-<width>.webp.
export const PLACEHOLDER_IMAGE = "/placeholder.svg";

const WIDTHED = /-(\d+)\.webp$/;

export function imageSrc(url: string | null | undefined, width = 800): string {
  if (!url) return PLACEHOLDER_IMAGE;
  return WIDTHED.test(url) ? url.replace(WIDTHED, `-${width}.webp`) : url;
}

export function imageSrcSet(url: string | null | undefined, widths: readonly number[] = [400, 800, 1200]): string | undefined {
  if (!url || !WIDTHED.test(url)) return undefined;
  return widths.map((w) => `${url.replace(WIDTHED, `-${w}.webp`)} ${w}w`).join(", ");
}
