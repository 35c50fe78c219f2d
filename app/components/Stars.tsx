import { useT } from "../i18n/t";

/** Whole stars out of 5 (spec §9), rounded; they fill from the reading side, right in Urdu. */
export function Stars({ rating, className = "" }: { rating: number; className?: string }) {
  const t = useT();
  const whole = Math.max(0, Math.min(5, Math.round(rating)));
  return (
    <span
      role="img"
      aria-label={t("Rated {rating} out of 5", { rating: whole })}
      className={`inline-flex text-amber-700 ${className}`}
    >
      {Array.from({ length: 5 }, (_, i) => (
        <span key={i} aria-hidden="true" className={i < whole ? "" : "text-stone-300"}>
          ★
        </span>
      ))}
    </span>
  );
}
