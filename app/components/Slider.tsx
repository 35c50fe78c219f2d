import { Children, useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { useReducedMotion } from "../lib/use-reduced-motion";

/**
 * A scroll-snap slider: swipe and keyboard scrolling come from the browser, this adds dot
 * buttons, wrap-around auto-advance (spec §4) and a pause on hover, focus, hidden tabs and
 * for visitors who prefer reduced motion.
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

  const goTo = useCallback(
    (target: number) => {
      const track = trackRef.current;
      if (!track || count === 0) return;
      const n = ((target % count) + count) % count;
      const slide = track.children[n] as HTMLElement | undefined;
      if (!slide) return;
      track.scrollTo({ left: slide.offsetLeft, behavior: reduced ? "auto" : "smooth" });
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
        const d = Math.abs((child as HTMLElement).offsetLeft - track.scrollLeft);
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
      const atEnd = track.scrollLeft + track.clientWidth >= track.scrollWidth - 4;
      goTo(atEnd ? 0 : index + 1);
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
              aria-label={`Go to slide ${i + 1} of ${count}`}
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
