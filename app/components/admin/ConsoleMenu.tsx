// The console's menu: a side column on wide screens, a drawer under the top bar on phones.
// The drawer is a <details>, so it opens and closes before the page's script has loaded (shop
// owners run the shop from a phone on slow data); once loaded, it also closes on a new page,
// on Escape and on a tap beside it. It sits below the top bar, so its toggle stays in sight.
import { useEffect, useRef } from "react";
import { NavLink, useLocation } from "react-router";
import type { ConsoleMenuItem } from "../../lib/console";

/** A number beside a menu item (orders waiting for confirmation, decision 0094), by its address. */
export type MenuCounts = Record<string, number>;

/**
 * An entry is lit on its own page only when another entry lives under it (Home under everything,
 * Settings over Couriers and Cities), so one entry is lit at a time; otherwise on its sub-pages too.
 */
const endsHere = (item: ConsoleMenuItem, items: ConsoleMenuItem[]) =>
  item.href === "/admin" || items.some((other) => other.href.startsWith(`${item.href}/`));

function MenuLinks({ items, counts, onPick }: { items: ConsoleMenuItem[]; counts?: MenuCounts; onPick?: () => void }) {
  return (
    <ul className="space-y-1">
      {items.map((item) => (
        <li key={item.href}>
          <NavLink
            to={item.href}
            end={endsHere(item, items)}
            onClick={onPick}
            className={({ isActive }) =>
              `flex min-h-11 items-center px-4 text-sm ${
                isActive ? "bg-white/15 font-semibold text-white" : "text-stone-300 hover:bg-white/10 hover:text-white"
              }`
            }
          >
            {item.label}
            {!!counts?.[item.href] && (
              <span
                className="ms-auto bg-amber-400 px-1.5 text-xs font-semibold text-ink tabular-nums"
                data-testid="menu-count"
              >
                {counts[item.href]}
                <span className="sr-only"> waiting for confirmation</span>
              </span>
            )}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

export function ConsoleSideMenu({ items, counts }: { items: ConsoleMenuItem[]; counts?: MenuCounts }) {
  return (
    <nav aria-label="Console" className="hidden w-56 shrink-0 bg-ink py-4 lg:block">
      <MenuLinks items={items} counts={counts} />
    </nav>
  );
}

export function ConsoleDrawer({ items, counts }: { items: ConsoleMenuItem[]; counts?: MenuCounts }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const { pathname } = useLocation();
  const close = () => {
    if (ref.current) ref.current.open = false;
  };
  useEffect(close, [pathname]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && ref.current?.open) {
        close();
        ref.current.querySelector("summary")?.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
  return (
    <details ref={ref} className="group lg:hidden">
      <summary
        aria-label="Menu"
        className="flex h-11 w-11 cursor-pointer list-none items-center justify-center text-xl text-white [&::-webkit-details-marker]:hidden"
      >
        <span aria-hidden="true" className="group-open:hidden">
          ☰
        </span>
        <span aria-hidden="true" className="hidden group-open:inline">
          ✕
        </span>
      </summary>
      {/* below the top bar (3.5rem): the toggle above stays visible and closes it without script */}
      <div className="fixed inset-x-0 top-14 bottom-0 z-40 flex">
        <nav aria-label="Console" className="w-72 max-w-[85vw] overflow-y-auto bg-ink py-4 shadow-xl">
          <MenuLinks items={items} counts={counts} onPick={close} />
        </nav>
        <button type="button" aria-label="Close menu" onClick={close} className="flex-1 bg-black/40" />
      </div>
    </details>
  );
}
