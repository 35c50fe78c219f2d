import { describe, expect, it } from "vitest";
import { normalizeInternationalPhone, normalizePakistaniMobile, normalizePhone } from "./phone";

describe("normalizePakistaniMobile", () => {
  it.each([
    ["0300-1234567", "923001234567"],
    ["03001234567", "923001234567"],
    ["0300 1234567", "923001234567"],
    ["+92 300 1234567", "923001234567"],
    ["+92-321-7654321", "923217654321"],
    ["923451234567", "923451234567"],
    ["0092 345 1234567", "923451234567"],
    ["(0333) 123-4567", "923331234567"],
    ["3001234567", "923001234567"],
  ])("reads %s as %s", (input, expected) => {
    expect(normalizePakistaniMobile(input)).toBe(expected);
  });

  it.each(["", "0300-123456", "0300-12345678", "0423-1234567", "+1 555 123 4567", "0300-123456a", "92-42-1234567"])(
    "refuses %s",
    (input) => {
      expect(normalizePakistaniMobile(input)).toBeNull();
    },
  );
});

describe("normalizeInternationalPhone", () => {
  it("keeps the digits of a plausible number", () => {
    expect(normalizeInternationalPhone("+1 (555) 123-4567")).toBe("15551234567");
    expect(normalizeInternationalPhone("0044 20 7946 0958")).toBe("442079460958");
    expect(normalizeInternationalPhone("1234567")).toBe("1234567");
  });

  it("refuses too short, too long and letters", () => {
    expect(normalizeInternationalPhone("123456")).toBeNull();
    expect(normalizeInternationalPhone("1234567890123456")).toBeNull();
    expect(normalizeInternationalPhone("555-CALL-NOW")).toBeNull();
  });
});

describe("normalizePhone", () => {
  it("asks for a Pakistani mobile only when the country is Pakistan", () => {
    expect(normalizePhone("+1 555 123 4567", "Pakistan")).toBeNull();
    expect(normalizePhone("+1 555 123 4567", "United States")).toBe("15551234567");
    expect(normalizePhone("0300-1234567", "Pakistan")).toBe("923001234567");
  });
});
