// The orders screen's filters as its address carries them (?status=&search=&city=&from=&to=),
// read one way for the list (app/routes/admin/orders.tsx) and its CSV export
// (orders-export.ts), so the file holds exactly the orders the screen shows.
import type { OrderFilters } from "../../core/orders/staff-orders";
import { ORDER_STATUSES, type OrderStatus } from "../../core/orders/vocabulary";
import { dayRange } from "./console";

export interface OrderFilterParams {
  /** the texts as typed, cut to their limits, for the form to show again */
  filters: { status: string; search: string; from: string; to: string; city: string; held: string };
  /** what core's list and export take */
  query: OrderFilters;
  /** a filter that is not one: named, and left out of the query */
  problems: string[];
}

export function readOrderFilters(params: URLSearchParams): OrderFilterParams {
  const text = (name: string, max: number) => (params.get(name) ?? "").trim().slice(0, max);
  const filters = {
    status: text("status", 30),
    search: text("search", 100),
    from: text("from", 10),
    to: text("to", 10),
    city: text("city", 60),
    // "1": only the orders held for a call (decision 0073)
    held: text("held", 1) === "1" ? "1" : "",
  };
  const problems: string[] = [];
  const status = (ORDER_STATUSES as readonly string[]).includes(filters.status)
    ? (filters.status as OrderStatus)
    : undefined;
  if (filters.status && !status) problems.push("Choose a status from the tabs.");
  const days = dayRange(filters.from, filters.to);
  problems.push(...days.problems);
  return {
    filters,
    query: {
      status,
      search: filters.search || undefined,
      from: days.from,
      to: days.to,
      city: filters.city || undefined,
      held: filters.held === "1" || undefined,
    },
    problems,
  };
}
