import { imageSrc, imageSrcSet } from "../lib/images";
import { AfterPageLoad } from "./AfterPageLoad";

/**
 * A responsive WebP image with a fixed aspect ratio so nothing moves while it loads. Images
 * below the fold are lazy; the page's main image is eager with high fetch priority.
 */
export function Picture({
  url,
  alt,
  sizes,
  ratio = "3 / 4",
  priority = false,
  className = "",
  width = 800,
  eager = false,
  afterPageLoad = false,
}: {
  url: string | null | undefined;
  alt: string;
  sizes: string;
  ratio?: string;
  priority?: boolean;
  className?: string;
  width?: number;
  /** load now, at normal priority, even if below the fold */
  eager?: boolean;
  /** out of sight at first: not in the page before it has loaded (AfterPageLoad, decision 0034) */
  afterPageLoad?: boolean;
}) {
  const [w, h] = ratio.split("/").map((n) => Number(n.trim()));
  const img = (
    <img
      src={imageSrc(url, width)}
      srcSet={imageSrcSet(url)}
      sizes={sizes}
      alt={alt}
      width={w && h ? 800 : undefined}
      height={w && h ? Math.round((800 * h) / w) : undefined}
      loading={priority || eager ? "eager" : "lazy"}
      decoding={priority ? "sync" : "async"}
      fetchPriority={priority ? "high" : "auto"}
      style={{ aspectRatio: ratio }}
      className={`block h-auto w-full bg-stone-100 object-cover ${className}`}
    />
  );
  if (!afterPageLoad) return img;
  // the placeholder is the box the image will fill, so nothing moves when it arrives
  return (
    <AfterPageLoad placeholderClassName="block w-full bg-stone-100" placeholderStyle={{ aspectRatio: ratio }}>
      {img}
    </AfterPageLoad>
  );
}
