// Secrets at rest (decision 0101): courier credentials, and any later API key the shop gives the
// store, are sealed with AES-256-GCM under one key from SECRETS_KEY, so a copy of the database
// alone gives nobody the shop's accounts. With the embedded database and no key set, the store
// makes one in DATA_DIR on its first start (one process, one folder: the key sits beside the data
// it guards, like the VAPID pair). With PostgreSQL several processes share the rows, so the key
// must come from the environment, the same in each; without it saving a secret is refused with a
// message that says so. A changed key cannot open what the old one sealed: reading answers
// "enter the credentials again", never a wrong value.
import crypto from "node:crypto";
import { keyFileOnce } from "./key-file";

export interface SecretsKey {
  key: Buffer;
  /** where it came from, for the start-up log (never the key itself) */
  source: "environment" | "data folder";
}

/** Why there is no key, as the owner reads it where a secret would be saved. */
export const NO_SECRETS_KEY =
  "Credentials cannot be saved: the store has no SECRETS_KEY. Set SECRETS_KEY (32 random bytes as 64 hex characters or base64) in every store process's environment and restart.";
export const SECRET_UNREADABLE =
  "These credentials were saved under another SECRETS_KEY and cannot be read with this one. Enter them again.";

const KEY_FILE = "secrets.key";
const SEALED_PREFIX = "v1.";

/** Reads SECRETS_KEY: 64 hex characters or base64 of 32 bytes; anything else stops the start with the reason. */
export function parseSecretsKey(value: string): Buffer {
  const text = value.trim();
  if (text.length > 100) throw new Error("SECRETS_KEY is too long: give 32 bytes as 64 hex characters or base64");
  // Buffer.from(…, "base64") skips characters that are not base64, so the text is checked first
  const key = /^[0-9a-fA-F]{64}$/.test(text)
    ? Buffer.from(text, "hex")
    : /^[A-Za-z0-9+/]{43}=?$/.test(text)
      ? Buffer.from(text, "base64")
      : Buffer.alloc(0);
  if (key.length !== 32) {
    throw new Error(
      "SECRETS_KEY must be 32 random bytes as 64 hex characters or base64 (openssl rand -hex 32 makes one)",
    );
  }
  return key;
}

/**
 * The process's key: SECRETS_KEY, else (embedded database only) the one kept in DATA_DIR, made on
 * the first start. null: PostgreSQL without SECRETS_KEY, so secrets cannot be saved or read.
 */
export function loadSecretsKey(options: { value?: string; dataDir: string; embedded: boolean }): SecretsKey | null {
  if ((options.value ?? "").trim() !== "") return { key: parseSecretsKey(options.value!), source: "environment" };
  if (!options.embedded) return null;
  const key = keyFileOnce({
    dataDir: options.dataDir,
    fileName: KEY_FILE,
    what: "a secrets key",
    read: parseSecretsKey,
    make: () => crypto.randomBytes(32).toString("hex"),
  });
  return { key, source: "data folder" };
}

/** Seals a text: a fresh 12-byte nonce each time, the tag checked on opening. */
export function sealSecret(secrets: SecretsKey, plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", secrets.key, iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return SEALED_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64");
}

/** Opens what sealSecret made; null when this key did not seal it (the key changed) or the text is damaged. */
export function openSecret(secrets: SecretsKey, sealed: string): string | null {
  if (!sealed.startsWith(SEALED_PREFIX)) return null;
  const raw = Buffer.from(sealed.slice(SEALED_PREFIX.length), "base64");
  if (raw.length < 28) return null;
  try {
    const decipher = crypto.createDecipheriv("aes-256-gcm", secrets.key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

/** What staff may see of a secret: its last four characters, the rest dots; short ones wholly hidden. */
export function secretHint(value: string): string {
  return value.length <= 8 ? "••••" : `••••${value.slice(-4)}`;
}
