import { describe, expect, it } from "vitest";
import { orderSteps, type ShopperOrderStatus } from "./order-steps";

const at = (minute: number) => new Date(Date.UTC(2026, 10, 27, 10, minute)).toISOString();
const steps = (status: ShopperOrderStatus, timeline: [ShopperOrderStatus, number][]) =>
  orderSteps(
    { status, createdAt: at(0), timeline: timeline.map(([s, m]) => ({ status: s, createdAt: at(m) })) },
    (when) => String(when).slice(11, 16),
  );

describe("orderSteps", () => {
  it("lists what is still to come while the order is on its way", () => {
    const shipped = steps("shipped", [
      ["pending confirmation", 0],
      ["confirmed", 5],
      ["packed", 10],
      ["shipped", 15],
    ]);
    expect(shipped.steps.map((s) => [s.label, s.state])).toEqual([
      ["Order placed", "done"],
      ["Confirmed", "done"],
      ["Packed", "done"],
      ["Shipped", "current"],
      ["Delivered", "todo"],
    ]);
    expect(shipped).toMatchObject({ ended: false, arrived: false });
  });

  it("a cancelled order lists only the steps it went through, then how it ended", () => {
    const cancelled = steps("cancelled", [
      ["pending confirmation", 0],
      ["confirmed", 5],
      ["cancelled", 9],
    ]);
    expect(cancelled.steps.map((s) => [s.label, s.state, s.date])).toEqual([
      ["Order placed", "done", "10:00"],
      ["Confirmed", "done", "10:05"],
      ["Cancelled", "current", "10:09"],
    ]);
    expect(cancelled.ended).toBe(true);
  });

  it("a delivered order has arrived: nothing is promised any more", () => {
    const delivered = steps("delivered", [
      ["pending confirmation", 0],
      ["confirmed", 1],
      ["packed", 2],
      ["shipped", 3],
      ["delivered", 4],
    ]);
    expect(delivered).toMatchObject({ ended: false, arrived: true });
    expect(delivered.steps.every((s) => s.state !== "todo")).toBe(true);
  });
});
