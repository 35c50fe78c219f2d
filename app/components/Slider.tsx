import { Children, useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { useT } from "../i18n/t";
import { useReducedMotion } from "../lib/use-reduced-motion";

/**
 * The sideways scroll that brings a slide's leading edge to the track's: left edges on an English
 * page, right edges on an Urdu one. Measured on screen, never from offsetLeft or scrollLeft, whose
 * zero and sign change with the direction (scrollLeft runs negative right to left).
 */
function scrollOffsetOf(track: HTMLElement, slide: HTMLElement): number {
  const a = track.getBoundingClientRect();
  const b = slide.getBoundingClientRect();
  return getComputedStyle(track).direction === "rtl" ? b.right - a.right : b.left - a.left;
}

/** Whether the track is scrolled to its far end, in either direction. */
function atFarEnd(track: HTMLElement): boolean {
  return Math.abs(track.scrollLeft) + track.clientWidth >= track.scrollWidth - 4;
}

/**
 * A scroll-snap slider: swipe and keyboard scrolling come from the browser, this adds dot
 * buttons, wrap-around auto-advance (spec §4) and a pause on hover, focus, hidden tabs and
 * for visitors who prefer reduced motion. It follows the page's direction: on an Urdu page the
 * first slide is on the right, the dots run from the right, and it advances leftwards.
 */
export function Slider({
  label,
  intervalMs,
  children,
  className = "",
  trackClassName = "",
  dotsClassName = "",
}: {
  label: string;
  intervalMs: number;
  children: ReactNode;
  className?: string;
  trackClassName?: string;
  dotsClassName?: string;
}) {
  const trackRef = useRef<HTMLDivElement>(null);
  const count = Children.count(children);
  const [index, setIndex] = useState(0);
  const [held, setHeld] = useState(false);
  const reduced = useReducedMotion();
  const t = useT();

  const goTo = useCallback(
    (target: number) => {
      const track = trackRef.current;
      if (!track || count === 0) return;
      const n = ((target % count) + count) % count;
      const slide = track.children[n] as HTMLElement | undefined;
      if (!slide) return;
      // a move by the distance on screen reads the same in both directions and never scrolls
      // the page itself, as scrollIntoView would
      track.scrollBy({ left: scrollOffsetOf(track, slide), behavior: reduced ? "auto" : "smooth" });
    },
    [count, reduced],
  );

  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    const onScroll = () => {
      let best = 0;
      let distance = Infinity;
      Array.from(track.children).forEach((child, i) => {
        const d = Math.abs(scrollOffsetOf(track, child as HTMLElement));
        if (d < distance) {
          distance = d;
          best = i;
        }
      });
      setIndex(best);
    };
    track.addEventListener("scroll", onScroll, { passive: true });
    return () => track.removeEventListener("scroll", onScroll);
  }, []);

  useEffect(() => {
    if (reduced || held || count < 2) return;
    const timer = setInterval(() => {
      const track = trackRef.current;
      if (!track || document.hidden) return;
      goTo(atFarEnd(track) ? 0 : index + 1);
    }, intervalMs);
    return () => clearInterval(timer);
  }, [reduced, held, count, index, intervalMs, goTo]);

  return (
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      className={`relative ${className}`}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      <div
        ref={trackRef}
        className={`relative flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain [scrollbar-width:none] [&::-webkit-scrollbar]:hidden ${trackClassName}`}
      >
        {children}
      </div>
      {count > 1 && (
        <div className={`flex justify-center gap-1 ${dotsClassName}`}>
          {Array.from({ length: count }, (_, i) => (
            <button
              key={i}
              type="button"
              onClick={() => goTo(i)}
              aria-label={t("Go to slide {index} of {count}", { index: i + 1, count })}
              aria-current={i === index ? "true" : undefined}
              className="group grid h-8 w-8 place-items-center"
            >
              <span
                className={`block h-2 rounded-full transition-all ${i === index ? "w-6 bg-current" : "w-2 bg-current opacity-40 group-hover:opacity-70"}`}
              />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
