// A list page's tabs (decision 0099): one link a choice (a status, a channel, a stock filter),
// the current one dark, a number beside those that count. They wrap onto a second line on a phone:
// a strip scrolled sideways hid the last ones' names (decision 0093).
import { Link } from "react-router";

export interface ListTab {
  /** what the address says for it ("" for All) */
  key: string;
  label: string;
  href: string;
  /** shown as "(12)" after the label; null or absent: no number */
  count?: number | null;
}

export function ListTabs({
  label,
  tabs,
  current,
  compact = false,
  className = "mb-4",
}: {
  /** the navigation's name: "Order status" */
  label: string;
  tabs: readonly ListTab[];
  current: string;
  /** 40 px high instead of 44: the orders list's seven tabs and its first order fit a phone's first screen */
  compact?: boolean;
  className?: string;
}) {
  return (
    <nav aria-label={label} className={className || undefined}>
      <ul className="flex flex-wrap gap-1 whitespace-nowrap">
        {tabs.map((tab) => {
          const here = tab.key === current;
          return (
            <li key={tab.key || "all"}>
              <Link
                to={tab.href}
                aria-current={here ? "page" : undefined}
                className={`inline-flex items-center gap-1 text-sm ${compact ? "min-h-10 px-2.5" : "min-h-11 px-3"} ${here ? "bg-ink text-white" : "bg-white ring-1 ring-stone-200 hover:bg-stone-50"}`}
              >
                {tab.label}
                {tab.count !== undefined && tab.count !== null && (
                  <>
                    {" "}
                    <span className="tabular-nums opacity-75">({tab.count})</span>
                  </>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
