// The orders chart is drawn on the server: its scale, its day labels and what the SVG holds.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { addDays } from "../../../core/orders/dashboard";
import { shareText } from "../../lib/console";
import { OrdersChart, scaleTop, shortDay } from "./OrdersChart";

describe("orders chart", () => {
  it("rounds the scale up to 1, 2 or 5 times a power of ten", () => {
    expect([0, 1, 2, 3, 7, 10, 11, 19, 21, 99, 101, 480].map(scaleTop)).toEqual([
      1, 1, 2, 5, 10, 10, 20, 20, 50, 100, 200, 500,
    ]);
  });

  it("names days as a person reads them and counts calendar days across months and years", () => {
    expect(shortDay("2026-11-23")).toBe("23 Nov");
    expect(shortDay("2027-01-05")).toBe("5 Jan");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(shareText(1, 3)).toBe("33%");
    expect(shareText(0, 0)).toBe("–");
  });

  it("draws one bar per day, its cancelled part lighter, with the figures in a table too", () => {
    const days = Array.from({ length: 30 }, (_, i) => ({
      day: addDays("2026-10-25", i),
      placed: i === 29 ? 8 : i % 3,
      cancelled: i === 29 ? 3 : 0,
    }));
    const html = renderToStaticMarkup(<OrdersChart days={days} />);
    expect(html.match(/<g>/g)).toHaveLength(30);
    expect(html.match(/data-part="cancelled"/g)).toHaveLength(1);
    expect(html).toContain("<title>23 Nov: 8 placed, 3 cancelled</title>");
    const total = days.reduce((n, d) => n + d.placed, 0);
    expect(html).toContain(`aria-label="${total} orders in the last 30 days; the busiest day had 8."`);
    // the busiest bar reaches 8/10 of the height on a scale topped at 10
    expect(html).toMatch(/<rect x="[\d.]+" y="36" width="[\d.]+" height="144"/);
    expect(html.match(/<tr class="border-t/g)).toHaveLength(30);
  });
});
