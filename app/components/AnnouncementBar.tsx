// Drawn once per shell on the server and sent as markup (app/lib/frame.server.tsx).
import type { Translator } from "../i18n/t";

/** Active announcements, or the built-in ones of spec §8 when they could not be read. */
/** An announcement as the bar shows it; lang: "en" where an Urdu page shows the English because no Urdu was written. */
export interface Announcement {
  id: number;
  content: string;
  lang?: "en";
}

export function AnnouncementBar({ items, t }: { items: Announcement[]; t: Translator }) {
  if (items.length === 0) return null;
  return (
    <div className="bg-ink text-white" aria-label={t("Announcements")} role="region">
      {/* every announcement whole, at every width: a long one wraps onto a second line, and on a
          phone each takes its own line. A sideways strip cut the others off and was a scrolling
          box that a keyboard could not reach (decision 0093) */}
      <ul className="mx-auto flex max-w-7xl flex-col items-center gap-y-1 px-4 py-2 text-center text-xs tracking-wide md:flex-row md:flex-wrap md:justify-center md:gap-x-10">
        {items.map((a) => (
          <li key={a.id} className="max-w-full [overflow-wrap:anywhere]" lang={a.lang} dir="auto">
            {a.content}
          </li>
        ))}
      </ul>
    </div>
  );
}
