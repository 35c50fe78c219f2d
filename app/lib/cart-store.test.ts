import { afterEach, describe, expect, it, vi } from "vitest";
import { newSessionId } from "./cart-store";

describe("newSessionId", () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps the spec §3 shape "session_" + timestamp + random string, with 128 random bits from crypto', () => {
    const random = vi.spyOn(Math, "random").mockReturnValue(0.5);
    const ids = new Set(Array.from({ length: 1000 }, () => newSessionId()));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^session_\d{13}_[0-9a-f]{32}$/);
    expect(random).not.toHaveBeenCalled();
  });
});
