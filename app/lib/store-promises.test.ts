import { describe, expect, it } from "vitest";
import { storePromises } from "./store-promises";

describe("storePromises", () => {
  it("names the free-delivery threshold from the settings, the 7-day exchange and cash on delivery", () => {
    expect(storePromises({ freeThresholdPaisa: 500_000, feePaisa: 50_000 }).map((p) => p.text)).toEqual([
      "Free delivery over Rs. 5,000",
      "7-day exchange",
      "Cash on delivery",
    ]);
    expect(storePromises({ freeThresholdPaisa: 750_000, feePaisa: 50_000 })[0]!.text).toBe(
      "Free delivery over Rs. 7,500",
    );
  });

  it("says what is true without a threshold: the fee when unset, free delivery on every order at 0", () => {
    expect(storePromises({ freeThresholdPaisa: null, feePaisa: 50_000 })[0]!.text).toBe("Delivery Rs. 500");
    expect(storePromises({ freeThresholdPaisa: 0, feePaisa: 25_000 })[0]!.text).toBe("Free delivery");
  });
});
