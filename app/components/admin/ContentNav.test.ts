import { describe, expect, it } from "vitest";
import { movedOrder, moveOf } from "./ContentNav";

describe("the Content lists' Up and Down buttons", () => {
  it("moves one row of a list up or down", () => {
    expect(movedOrder([1, 2, 3], 3, "up")).toEqual([1, 3, 2]);
    expect(movedOrder([1, 2, 3], 1, "up")).toEqual([1, 2, 3]);
    expect(movedOrder([1, 2, 3], 3, "down")).toEqual([1, 2, 3]);
    expect(movedOrder([1, 2, 3], 9, "down")).toEqual([1, 2, 3]);
    expect(moveOf("up:12")).toEqual({ direction: "up", id: 12 });
    expect(moveOf("sideways:12")).toBeNull();
    expect(moveOf("up:-1")).toBeNull();
  });
});
