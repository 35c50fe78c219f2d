import type { CSSProperties, ReactNode } from "react";
import { usePageLoaded } from "../lib/use-page-loaded";

/**
 * Shows children only once the page has loaded, and a placeholder box until then: for images that
 * are out of sight at first (the other slides of a slider, the other photos of a gallery).
 * Chrome loads lazy images up to 1,250-2,500 px outside a scroller's edge, so `loading="lazy"`
 * alone fetches them at once, and over slow mobile data they take bandwidth from the page's main
 * image (decision 0034). Without JavaScript the children are in a <noscript> and the placeholder
 * is hidden (`noscript:` is CSS's `scripting: none`), so a swipe still shows them.
 */
export function AfterPageLoad({
  children,
  placeholderClassName,
  placeholderStyle,
}: {
  children: ReactNode;
  /** the box the children will fill, so nothing moves when they arrive */
  placeholderClassName: string;
  placeholderStyle?: CSSProperties;
}) {
  const loaded = usePageLoaded();
  if (loaded) return <>{children}</>;
  return (
    <>
      <span aria-hidden="true" className={`${placeholderClassName} noscript:hidden`} style={placeholderStyle} />
      <noscript>{children}</noscript>
    </>
  );
}
