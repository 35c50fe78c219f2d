import { describe, expect, it } from "vitest";
import { ORDER_STATUSES } from "../../db/schema";
import { canMoveOrder, moveOrderInput, ORDER_MOVES, refusedMoveMessage } from "./workflow";

describe("the order workflow's table", () => {
  it("moves forward one step at a time, cancels only before shipping, returns only after", () => {
    const forward = ["pending confirmation", "confirmed", "packed", "shipped", "delivered"] as const;
    for (let i = 0; i + 1 < forward.length; i++) expect(canMoveOrder(forward[i]!, forward[i + 1]!)).toBe(true);
    for (const from of ORDER_STATUSES) {
      expect(canMoveOrder(from, "cancelled"), from).toBe(
        ["pending confirmation", "confirmed", "packed"].includes(from),
      );
      expect(canMoveOrder(from, "returned"), from).toBe(["shipped", "delivered"].includes(from));
      expect(canMoveOrder(from, from), from).toBe(false);
    }
    expect(ORDER_MOVES.cancelled).toEqual([]);
    expect(ORDER_MOVES.returned).toEqual([]);
  });

  it("words a refusal with both statuses and what is allowed", () => {
    expect(refusedMoveMessage("confirmed", "delivered")).toBe(
      "An order that is confirmed cannot be moved to delivered. From confirmed it can go to: packed, cancelled.",
    );
    expect(refusedMoveMessage("cancelled", "confirmed")).toBe(
      "An order that is cancelled cannot be moved to confirmed. Cancelled is final.",
    );
    expect(refusedMoveMessage("shipped", "shipped")).toBe("This order is already shipped.");
  });
});

describe("a move's input", () => {
  const parse = (value: unknown) => moveOrderInput.safeParse(value);

  it("restocks unless told otherwise, and trims what staff type", () => {
    const result = parse({ status: "shipped", courier: "  TCS ", tracking_number: " 77-1 " });
    expect(result.success && result.data).toEqual({
      status: "shipped",
      courier: "TCS",
      tracking_number: "77-1",
      restock: true,
    });
  });

  it("checks the length before the characters, and refuses control characters", () => {
    const long = parse({ status: "confirmed", note: `\u0000${"x".repeat(3000)}` });
    expect(!long.success && long.error.issues[0]!.message).toBe("note must be at most 2000 characters");
    const nul = parse({ status: "confirmed", courier: "T\u0000CS" });
    expect(!nul.success && nul.error.issues[0]!.message).toBe("courier must not contain control characters");
  });

  it("takes cash collected in rupees, from 0 to Rs. 10,000,000", () => {
    for (const ok of [0, 2499, "2499.50", 10_000_000])
      expect(parse({ status: "delivered", cash_collected: ok }).success, String(ok)).toBe(true);
    for (const bad of [-1, "-0.01", 10_000_000.01, 1e308, Number.NaN, "1e3", "abc", true, null])
      expect(parse({ status: "delivered", cash_collected: bad }).success, String(bad)).toBe(false);
  });
});
