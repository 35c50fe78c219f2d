import { describe, expect, it } from "vitest";
import { checkStoreDetails, STORE_DETAILS_FORM_FIELDS, StoreDetailsError } from "./store-details-rules";

const refusal = (input: Record<string, unknown>) => {
  try {
    checkStoreDetails(input);
  } catch (error) {
    if (error instanceof StoreDetailsError) return { field: error.field, message: error.message };
    throw error;
  }
  return null;
};

describe("checkStoreDetails", () => {
  it("leaves absent fields out and clears empty ones", () => {
    expect(checkStoreDetails({})).toEqual({});
    expect(checkStoreDetails({ store_name: "  ", shipping_fee: "", tiktok_url: null })).toEqual({
      store_name: null,
      shipping_fee_paisa: null,
      tiktok_url: null,
    });
  });

  it("reads rupees into paisa, with commas and two decimals", () => {
    expect(checkStoreDetails({ shipping_fee: "1,250.50", free_shipping_threshold: 0 })).toEqual({
      shipping_fee_paisa: 125_050,
      free_shipping_threshold_paisa: 0,
    });
  });

  it("stores a WhatsApp number as 92 and the mobile's digits, whichever way it was typed", () => {
    for (const typed of ["0300-1234567", "+92 300 1234567", "0092 300 1234567", "300 1234567"]) {
      expect(checkStoreDetails({ whatsapp_number: typed }).whatsapp_number, typed).toBe("923001234567");
    }
  });

  it("takes Pakistani landlines, UANs and mobiles as the contact phone, as typed", () => {
    for (const typed of ["042-35761234", "021-111-222-333", "0800-12345", "+92 300 1234567", "051 2345678"]) {
      expect(checkStoreDetails({ phone: typed }).phone, typed).toBe(typed);
    }
    for (const typed of ["12345", "+1 555 123 4567", "0042-35761234", "phone me"]) {
      expect(refusal({ phone: typed })?.field, typed).toBe("phone");
    }
  });

  it("keeps social links to their own network over https", () => {
    expect(checkStoreDetails({ twitter_url: "https://x.com/zaiba" }).twitter_url).toBe("https://x.com/zaiba");
    expect(checkStoreDetails({ youtube_url: "https://youtu.be/abc" }).youtube_url).toBe("https://youtu.be/abc");
    for (const url of [
      "https://x.com.evil.pk/a",
      "http://x.com/a",
      "https://evil.pk/?x.com",
      "//x.com/a",
      "https://x.com@evil.pk/",
    ]) {
      expect(refusal({ twitter_url: url })?.field, url).toBe("twitter_url");
    }
  });

  it("checks the length before any pattern, in linear time", () => {
    const started = Date.now();
    expect(refusal({ email: `a@${".".repeat(500_000)}` })?.message).toBe("email must be at most 254 characters");
    expect(refusal({ phone: `0${" ".repeat(500_000)}1` })?.message).toBe("phone must be at most 30 characters");
    expect(refusal({ facebook_url: `https://facebook.com/${"a".repeat(500_000)}` })?.field).toBe("facebook_url");
    expect(Date.now() - started).toBeLessThan(500);
  });
});

describe("STORE_DETAILS_FORM_FIELDS", () => {
  it("are the fields checkStoreDetails reads, each once, money in rupees", () => {
    expect(STORE_DETAILS_FORM_FIELDS.filter((field) => field.includes("paisa"))).toEqual([]);
    expect(STORE_DETAILS_FORM_FIELDS).toContain("free_shipping_threshold");
    const filled = Object.fromEntries(STORE_DETAILS_FORM_FIELDS.map((field) => [field, ""]));
    // every field read, cleared: one value a field the form sends
    expect(Object.keys(checkStoreDetails(filled))).toHaveLength(16);
    expect(new Set(STORE_DETAILS_FORM_FIELDS).size).toBe(16);
  });
});
