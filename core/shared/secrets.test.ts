// Secrets at rest (decision 0102): what one key seals only that key opens, a damaged text opens to
// nothing rather than to a wrong value, and the key itself comes from SECRETS_KEY or, with the
// embedded database, from one file made once in DATA_DIR, also when several processes start at once.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../../server/config";
import { loadSecretsKey, openSecret, parseSecretsKey, sealSecret, secretHint, type SecretsKey } from "./secrets";

const key = (): SecretsKey => ({ key: crypto.randomBytes(32), source: "environment" });
const folders: string[] = [];
const folder = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "secrets-test-"));
  folders.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("sealing", () => {
  it("opens what the same key sealed, each time under a fresh nonce", () => {
    const k = key();
    const plain = JSON.stringify({ token: "pk-live-0123456789", note: "اردو ✓" });
    const a = sealSecret(k, plain);
    const b = sealSecret(k, plain);
    expect(a).not.toBe(b);
    expect(a).not.toContain("pk-live");
    expect(a.startsWith("v1.")).toBe(true);
    expect(openSecret(k, a)).toBe(plain);
    expect(openSecret(k, b)).toBe(plain);
    expect(openSecret(k, sealSecret(k, ""))).toBe("");
  });

  it("opens nothing with another key", () => {
    const sealed = sealSecret(key(), "secret");
    expect(openSecret(key(), sealed)).toBeNull();
  });

  it("opens nothing that was damaged, cut short, or never sealed", () => {
    const k = key();
    const sealed = sealSecret(k, "a credential of some length");
    const raw = Buffer.from(sealed.slice(3), "base64");
    for (const at of [0, 12, 20, 28, raw.length - 1]) {
      const bent = Buffer.from(raw);
      bent[at] = bent[at]! ^ 0x01;
      expect(openSecret(k, `v1.${bent.toString("base64")}`), `byte ${at}`).toBeNull();
    }
    expect(openSecret(k, `v1.${raw.subarray(0, 27).toString("base64")}`)).toBeNull();
    expect(openSecret(k, sealed.slice(0, -8))).toBeNull();
    expect(openSecret(k, sealed.slice(3))).toBeNull();
    expect(openSecret(k, "v2." + sealed.slice(3))).toBeNull();
    expect(openSecret(k, "")).toBeNull();
    expect(openSecret(k, "v1.%%%not base64%%%")).toBeNull();
  });

  it("shows a secret only by its last four characters, a short one not at all", () => {
    expect(secretHint("pk-live-0123456789")).toBe("••••6789");
    expect(secretHint("12345678")).toBe("••••");
    expect(secretHint("")).toBe("••••");
  });
});

describe("the key", () => {
  const hex = crypto.randomBytes(32).toString("hex");

  it("is read from SECRETS_KEY as 64 hex characters or base64 of 32 bytes", () => {
    const bytes = Buffer.from(hex, "hex");
    expect(parseSecretsKey(hex).equals(bytes)).toBe(true);
    expect(parseSecretsKey(`  ${hex.toUpperCase()}\n`).equals(bytes)).toBe(true);
    expect(parseSecretsKey(bytes.toString("base64")).equals(bytes)).toBe(true);
    const dir = folder();
    expect(loadSecretsKey({ value: hex, dataDir: dir, embedded: false })).toMatchObject({ source: "environment" });
    // the environment's key wins, and no file is made beside it
    expect(loadSecretsKey({ value: hex, dataDir: dir, embedded: true })!.key.equals(bytes)).toBe(true);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it("refuses a value that is not 32 bytes, and the store does not start with it", () => {
    for (const bad of [
      "secret",
      hex.slice(0, 62),
      `${hex}00`,
      "g".repeat(64),
      crypto.randomBytes(16).toString("base64"),
      crypto.randomBytes(48).toString("base64"),
      // 43 base64 characters with one that is not: Buffer.from would skip it and still give 32 bytes
      `!${crypto.randomBytes(32).toString("base64").slice(0, 43)}`,
      "x".repeat(101),
      "x".repeat(1024 * 1024),
    ]) {
      expect(() => parseSecretsKey(bad), bad.slice(0, 20)).toThrow(/SECRETS_KEY/);
      expect(() => loadConfig({ DATA_DIR: folder(), SECRETS_KEY: bad }), bad.slice(0, 20)).toThrow(/SECRETS_KEY/);
    }
    // set but blank means unset
    expect(
      loadConfig({ DATA_DIR: folder(), SECRETS_KEY: "  ", DATABASE_URL: "postgres://x@127.0.0.1/x" }).secrets,
    ).toBeNull();
  });

  it("is none on PostgreSQL without SECRETS_KEY: no file is made, since other processes could not share it", () => {
    const dir = folder();
    expect(loadSecretsKey({ dataDir: dir, embedded: false })).toBeNull();
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it("is made once in DATA_DIR for the embedded database, readable by its owner alone, and used again", () => {
    const dir = path.join(folder(), "not-yet-made");
    const first = loadSecretsKey({ dataDir: dir, embedded: true })!;
    expect(first.source).toBe("data folder");
    const file = path.join(dir, "secrets.key");
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(dir)).toEqual(["secrets.key"]);
    const again = loadSecretsKey({ dataDir: dir, embedded: true })!;
    expect(again.key.equals(first.key)).toBe(true);
    expect(openSecret(again, sealSecret(first, "kept"))).toBe("kept");
    // through the configuration, as a start does
    expect(loadConfig({ DATA_DIR: dir }).secrets!.key.equals(first.key)).toBe(true);
  });

  it("stops the start when the file in DATA_DIR is not a key, rather than making another", () => {
    const dir = folder();
    fs.writeFileSync(path.join(dir, "secrets.key"), "half a key");
    expect(() => loadSecretsKey({ dataDir: dir, embedded: true })).toThrow(/does not hold a secrets key/);
    expect(fs.readFileSync(path.join(dir, "secrets.key"), "utf8")).toBe("half a key");
  });

  it("is the other process's when it wrote its key between this one's look and its write", () => {
    const dir = folder();
    const theirs = crypto.randomBytes(32).toString("hex");
    const link = fs.linkSync;
    const spy = vi.spyOn(fs, "linkSync").mockImplementation((from, to) => {
      // the other process links its key into place first
      fs.writeFileSync(to, theirs, { mode: 0o600 });
      link(from, to);
    });
    try {
      const found = loadSecretsKey({ dataDir: dir, embedded: true })!;
      expect(spy).toHaveBeenCalledOnce();
      expect(found.key.toString("hex")).toBe(theirs);
    } finally {
      spy.mockRestore();
    }
    expect(fs.readFileSync(path.join(dir, "secrets.key"), "utf8")).toBe(theirs);
    expect(fs.readdirSync(dir)).toEqual(["secrets.key"]);
  });

  it("is the same for processes that start at the same moment on one folder", async () => {
    const dir = folder();
    const module = path.resolve(__dirname, "secrets.ts");
    const script = path.join(dir, "load.ts");
    // each process says it is ready, and all are told to go at once
    fs.writeFileSync(
      script,
      `import { loadSecretsKey } from ${JSON.stringify(module)};
       process.stdout.write("ready\\n");
       process.stdin.once("data", () => {
         const k = loadSecretsKey({ dataDir: ${JSON.stringify(path.join(dir, "data"))}, embedded: true });
         process.stdout.write(k.source + " " + k.key.toString("hex"));
         process.exit(0);
       });`,
    );
    const tsx = path.resolve(__dirname, "../../node_modules/tsx/dist/cli.mjs");
    const children = Array.from({ length: 4 }, () => {
      const child = spawn(process.execPath, [tsx, script], { stdio: ["pipe", "pipe", "pipe"] });
      let out = "";
      let err = "";
      const ready = new Promise<void>((resolve) =>
        child.stdout.on("data", (d) => {
          out += d;
          if (out.startsWith("ready\n")) resolve();
        }),
      );
      child.stderr.on("data", (d) => (err += d));
      const done = new Promise<string>((resolve, reject) =>
        child.on("exit", (code) => (code === 0 ? resolve(out.slice(6)) : reject(new Error(`exit ${code}: ${err}`)))),
      );
      return { child, ready, done };
    });
    await Promise.all(children.map((c) => c.ready));
    for (const c of children) c.child.stdin.write("go\n");
    const keys = await Promise.all(children.map((c) => c.done));
    const stored = fs.readFileSync(path.join(dir, "data", "secrets.key"), "utf8");
    expect(keys).toEqual(Array(4).fill(`data folder ${stored}`));
    // no process's aside copy is left behind
    expect(fs.readdirSync(path.join(dir, "data"))).toEqual(["secrets.key"]);
  }, 60_000);
});
