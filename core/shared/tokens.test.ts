import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { hashToken, isWellFormedToken, newSessionToken } from "./tokens";

describe("sign-in tokens", () => {
  it("are 256 random bits in base64url, stored as their SHA-256 hex", () => {
    const { token, tokenHash } = newSessionToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    expect(tokenHash).toBe(crypto.createHash("sha256").update(token).digest("hex"));
    expect(hashToken(token)).toBe(tokenHash);
    expect(tokenHash).not.toContain(token);
  });

  it("never repeat", () => {
    const seen = new Set(Array.from({ length: 1000 }, () => newSessionToken().token));
    expect(seen.size).toBe(1000);
  });

  it("are checked for shape before any lookup", () => {
    expect(isWellFormedToken(newSessionToken().token)).toBe(true);
    for (const bad of [
      "",
      "null",
      "undefined",
      "a".repeat(42),
      "a".repeat(44),
      `${"a".repeat(42)}=`,
      `${"a".repeat(42)}+`,
    ]) {
      expect(isWellFormedToken(bad), bad).toBe(false);
    }
  });
});
