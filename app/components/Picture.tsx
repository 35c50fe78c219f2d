import { imageSrc, imageSrcSet } from "../lib/images";

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
}) {
  const [w, h] = ratio.split("/").map((n) => Number(n.trim()));
  return (
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
}
