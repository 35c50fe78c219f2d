import { describe, expect, it } from "vitest";
import { CURRENT_HASH_PREFIX, hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from "./passwords";

describe("password hashing", () => {
  it("makes argon2id hashes with OWASP's parameters and a fresh salt each time", async () => {
    const a = await hashPassword("Lawn2024suit");
    const b = await hashPassword("Lawn2024suit");
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
    expect(a.startsWith(CURRENT_HASH_PREFIX)).toBe(true);
    expect(a).not.toBe(b);
    expect(needsRehash(a)).toBe(false);
  });

  it("verifies the right password only", async () => {
    const stored = await hashPassword("Lawn2024suit");
    expect(await verifyPassword(stored, "Lawn2024suit")).toBe(true);
    expect(await verifyPassword(stored, "lawn2024suit")).toBe(false);
  });

  it("answers false, not an exception, for a stored value that is no argon2 hash", async () => {
    expect(await verifyPassword("not a hash", "Lawn2024suit")).toBe(false);
    expect(needsRehash("$argon2id$v=19$m=4096,t=3,p=1$abc$def")).toBe(true);
  });

  it("the dummy check for unknown emails always fails", async () => {
    expect(await verifyAgainstDummy("Lawn2024suit")).toBe(false);
  });
});
