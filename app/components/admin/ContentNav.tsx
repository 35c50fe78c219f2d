// The Content screens' own tabs (decision 0067): blog, announcements, home page, policy pages.
import { NavLink } from "react-router";

const PARTS = [
  { to: "/admin/content/blog", label: "Blog" },
  { to: "/admin/content/announcements", label: "Announcements" },
  { to: "/admin/content/home", label: "Home page" },
  { to: "/admin/content/policies/terms", label: "Policy pages", match: "/admin/content/policies" },
];

export function ContentNav({ current }: { current: string }) {
  return (
    <nav aria-label="Content" className="mb-4">
      <ul className="flex flex-wrap gap-1 whitespace-nowrap">
        {PARTS.map((part) => {
          const on = current.startsWith(part.match ?? part.to);
          return (
            <li key={part.to}>
              <NavLink
                to={part.to}
                aria-current={on ? "page" : undefined}
                className={`inline-flex min-h-11 items-center px-3 text-sm ${on ? "bg-ink text-white" : "bg-white ring-1 ring-stone-200 hover:bg-stone-50"}`}
              >
                {part.label}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** Up and Down buttons of a list that works without JavaScript: each posts intent=move. */
export function MoveButtons({
  id,
  first,
  last,
  what,
  busy,
}: {
  id: number;
  first: boolean;
  last: boolean;
  what: string;
  busy?: boolean;
}) {
  return (
    <span className="inline-flex gap-1">
      <button
        type="submit"
        name="move"
        value={`up:${id}`}
        disabled={first || busy}
        aria-label={`Move ${what} up`}
        className="btn-secondary min-w-11 px-2 disabled:opacity-40"
      >
        ↑
      </button>
      <button
        type="submit"
        name="move"
        value={`down:${id}`}
        disabled={last || busy}
        aria-label={`Move ${what} down`}
        className="btn-secondary min-w-11 px-2 disabled:opacity-40"
      >
        ↓
      </button>
    </span>
  );
}

/** ids with the one named moved one place up or down (unchanged at an end). */
export function movedOrder(ids: number[], id: number, direction: "up" | "down"): number[] {
  const at = ids.indexOf(id);
  const to = direction === "up" ? at - 1 : at + 1;
  if (at < 0 || to < 0 || to >= ids.length) return ids;
  const next = [...ids];
  [next[at], next[to]] = [next[to]!, next[at]!];
  return next;
}

/** "up:12" -> { direction: "up", id: 12 }, or null. */
export function moveOf(value: string): { direction: "up" | "down"; id: number } | null {
  const [direction, idText] = value.split(":");
  const id = Number(idText);
  if ((direction !== "up" && direction !== "down") || !Number.isSafeInteger(id) || id <= 0) return null;
  return { direction, id };
}
