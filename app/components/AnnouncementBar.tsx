import type { ShellData } from "../lib/shell.server";

/** Active announcements, or the built-in ones of spec §8 when they could not be read. */
export function AnnouncementBar({ items }: { items: ShellData["announcements"] }) {
  if (items.length === 0) return null;
  return (
    <div className="bg-ink text-white" aria-label="Announcements" role="region">
      {/* a phone swipes through them one at a time; wider screens show them all, wrapping onto a
          second line rather than cutting the last one off (issue 11) */}
      <ul className="mx-auto flex max-w-7xl snap-x snap-mandatory overflow-x-auto text-center text-xs tracking-wide [scrollbar-width:none] md:flex-wrap md:justify-center md:gap-x-10 md:overflow-visible md:px-4">
        {items.map((a) => (
          <li key={a.id} className="w-full shrink-0 snap-center px-4 py-2 md:w-auto md:shrink md:px-0">
            {a.content}
          </li>
        ))}
      </ul>
    </div>
  );
}
