import { useT } from "../i18n/t";
import { sharePage } from "../lib/share";
import { OutlineIcon } from "./OutlineIcon";

/** The Share button of product and blog pages (spec §2, §8). */
export function ShareButton({ title, className = "" }: { title: string; className?: string }) {
  const t = useT();
  return (
    <button
      type="button"
      onClick={() => sharePage(title, t)}
      className={`inline-flex items-center gap-2 text-xs font-semibold tracking-[0.18em] uppercase hover:underline ${className}`}
    >
      <OutlineIcon size={16} strokeWidth="1.8">
        <path d="M12 3v12M7 8l5-5 5 5M5 14v6h14v-6" />
      </OutlineIcon>
      {t("Share")}
    </button>
  );
}
