import { describe, expect, it, vi } from "vitest";
import { CURRENT_HASH_PREFIX, hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from "./passwords";

// argon2's calls are recorded, so the dummy check's work is counted rather than timed
const argon2Calls = vi.hoisted(() => ({ verify: [] as string[], hash: 0 }));
vi.mock("@node-rs/argon2", async (importOriginal) => {
  const argon2 = await importOriginal<typeof import("@node-rs/argon2")>();
  return {
    ...argon2,
    hash: (...args: Parameters<typeof argon2.hash>) => {
      argon2Calls.hash += 1;
      return argon2.hash(...args);
    },
    verify: (...args: Parameters<typeof argon2.verify>) => {
      argon2Calls.verify.push(String(args[0]));
      return argon2.verify(...args);
    },
  };
});

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

  it("the dummy check does the work of a real one: one verification against a current argon2id hash", async () => {
    const real = await hashPassword("Lawn2024suit");
    argon2Calls.verify.length = 0;
    await verifyPassword(real, "Wrong2024suit");
    await verifyAgainstDummy("Wrong2024suit");
    const hashesBefore = argon2Calls.hash;
    await verifyAgainstDummy("Other2024suit");
    // one verification each, against hashes of the same cost; the dummy hash is made only once
    expect(argon2Calls.verify).toHaveLength(3);
    const [checked, dummy, dummyAgain] = argon2Calls.verify as [string, string, string];
    expect(checked).toBe(real);
    expect(dummy.startsWith(CURRENT_HASH_PREFIX)).toBe(true);
    expect(dummyAgain).toBe(dummy);
    expect(argon2Calls.hash).toBe(hashesBefore);
  });
});
