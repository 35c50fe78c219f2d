import type { ReactNode } from "react";
import { usePageLoaded } from "../lib/use-page-loaded";

/**
 * Shows children only once the page has loaded, and the placeholder until then: for images that
 * are out of sight at first (the other slides of a slider, the other photos of a gallery).
 * Chrome loads lazy images up to 1,250-2,500 px outside a scroller's edge, so `loading="lazy"`
 * alone fetches them at once, and over slow mobile data they take bandwidth from the page's main
 * image. Without JavaScript the children are in a <noscript>, so a swipe still shows them.
 */
export function AfterPageLoad({ children, placeholder }: { children: ReactNode; placeholder: ReactNode }) {
  const loaded = usePageLoaded();
  if (loaded) return <>{children}</>;
  return (
    <>
      {placeholder}
      <noscript>{children}</noscript>
    </>
  );
}
