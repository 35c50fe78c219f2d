import { sharePage } from "../lib/share";

/** The Share button of product and blog pages (spec §2, §8). */
export function ShareButton({ title, className = "" }: { title: string; className?: string }) {
  return (
    <button
      type="button"
      onClick={() => sharePage(title)}
      className={`inline-flex items-center gap-2 text-xs font-semibold tracking-[0.18em] uppercase hover:underline ${className}`}
    >
      <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8">
        <path d="M12 3v12M7 8l5-5 5 5M5 14v6h14v-6" />
      </svg>
      Share
    </button>
  );
}
