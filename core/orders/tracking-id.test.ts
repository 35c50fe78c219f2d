import { describe, expect, it } from "vitest";
import { newTrackingId, parseTrackingId, TRACKING_ALPHABET } from "./tracking-id";

describe("tracking IDs", () => {
  it("are 10 symbols without 0, O, 1 or I, shown as XXXXX-XXXXX", () => {
    for (let i = 0; i < 500; i++) {
      const id = newTrackingId();
      expect(id).toMatch(/^[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{5}-[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{5}$/);
    }
    expect(TRACKING_ALPHABET).toHaveLength(32);
    expect(TRACKING_ALPHABET).not.toMatch(/[01OI]/);
  });

  it("do not repeat", () => {
    const ids = new Set(Array.from({ length: 10_000 }, newTrackingId));
    expect(ids.size).toBe(10_000);
  });

  it("are read back in any case, with or without dashes and spaces", () => {
    const id = newTrackingId();
    expect(parseTrackingId(id.toLowerCase())).toBe(id);
    expect(parseTrackingId(id.replace("-", ""))).toBe(id);
    expect(parseTrackingId(` ${id.slice(0, 3)} ${id.slice(3).replace("-", " ")} `)).toBe(id);
  });

  it("refuse what cannot be one", () => {
    expect(parseTrackingId("K7MX4-QR9T")).toBeNull();
    expect(parseTrackingId("K7MX4-QR9T0")).toBeNull();
    expect(parseTrackingId("K7MX4-QR9TZZ")).toBeNull();
    expect(parseTrackingId("")).toBeNull();
  });
});
