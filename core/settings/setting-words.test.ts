import { describe, expect, it } from "vitest";
import { fillSettingWords, freeDeliveryWords } from "./setting-words";

const fee = 50_000;
const promise = { deliveryPromise: null };

describe("fillSettingWords", () => {
  it("says what the delivery rule does, whatever the settings", () => {
    expect(freeDeliveryWords({ feePaisa: fee, freeThresholdPaisa: 400_000 })).toBe("Free delivery over Rs. 4,000");
    expect(freeDeliveryWords({ feePaisa: fee, freeThresholdPaisa: 0 })).toBe("Free delivery");
    expect(freeDeliveryWords({ feePaisa: fee, freeThresholdPaisa: null })).toBe("Delivery Rs. 500");
  });

  it("fills every placeholder and leaves other braces alone", () => {
    const rule = { feePaisa: 25_000, freeThresholdPaisa: 400_000, ...promise };
    expect(fillSettingWords("{free_delivery} across Pakistan. Below it, {delivery_fee}; {free_delivery}!", rule)).toBe(
      "Free delivery over Rs. 4,000 across Pakistan. Below it, Rs. 250; Free delivery over Rs. 4,000!",
    );
    expect(fillSettingWords("{unknown} {free_delivery {FREE_DELIVERY} {}", rule)).toBe(
      "{unknown} {free_delivery {FREE_DELIVERY} {}",
    );
    expect(fillSettingWords("", rule)).toBe("");
    expect(fillSettingWords("{delivery_promise} anywhere.", rule)).toBe("Delivery in 3-5 business days anywhere.");
    expect(fillSettingWords("{delivery_promise}.", { ...rule, deliveryPromise: "Delivered in 2 days" })).toBe(
      "Delivered in 2 days.",
    );
    // a long hostile text is read once, in linear time
    const long = "{".repeat(500_000) + "{free_delivery}";
    expect(fillSettingWords(long, rule).endsWith("Free delivery over Rs. 4,000")).toBe(true);
  });
});
