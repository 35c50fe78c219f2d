// Password hashing with argon2id at OWASP's parameters (decision 0011). @node-rs/argon2 runs
// the hash on libuv's thread pool, so a sign-in does not block the event loop.
import crypto from "node:crypto";
import { hash, verify, type Algorithm, type Options } from "@node-rs/argon2";

// Algorithm.Argon2id; the package declares Algorithm as an ambient const enum, which
// verbatimModuleSyntax cannot read, so its value is written out (a unit test checks the result)
const ARGON2ID = 2 as Algorithm;

// OWASP Password Storage Cheat Sheet: m=19 MiB, t=2, p=1
export const ARGON2_OPTIONS: Options = {
  algorithm: ARGON2ID,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};

/** The prefix every hash made with ARGON2_OPTIONS starts with; older hashes are redone at sign-in. */
export const CURRENT_HASH_PREFIX = "$argon2id$v=19$m=19456,t=2,p=1$";

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** False for a wrong password and for a stored value that is not an argon2 hash. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

export function needsRehash(storedHash: string): boolean {
  return !storedHash.startsWith(CURRENT_HASH_PREFIX);
}

// A hash of a random password nobody knows. Sign-in with an unknown email verifies against it,
// so that answer takes as long as a wrong password does and does not reveal who has an account.
let dummyHash: Promise<string> | undefined;

/** Spends the same work as verifyPassword and always answers false. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(crypto.randomBytes(32).toString("base64url"));
  await verifyPassword(await dummyHash, password);
  return false;
}
