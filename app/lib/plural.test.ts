import { describe, expect, it } from "vitest";
import { countOf } from "./plural";

describe("countOf", () => {
  it("fits the noun to the number", () => {
    expect(countOf(1, "item")).toBe("1 item");
    expect(countOf(0, "item")).toBe("0 items");
    expect(countOf(2, "review")).toBe("2 reviews");
    expect(countOf(1, "photo")).toBe("1 photo");
  });
});
