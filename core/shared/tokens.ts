// Sign-in tokens (decision 0011): 256 random bits, base64url, handed out once; only their
// SHA-256 hash is stored. A fast hash is enough because the token itself is random and long.
import crypto from "node:crypto";

const TOKEN_BYTES = 32;
// 32 bytes in base64url without padding are exactly 43 characters
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newSessionToken(): { token: string; tokenHash: string } {
  const token = crypto.randomBytes(TOKEN_BYTES).toString("base64url");
  return { token, tokenHash: hashToken(token) };
}

export function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** Cheap shape check before any database lookup. */
export function isWellFormedToken(token: string): boolean {
  return TOKEN_PATTERN.test(token);
}
