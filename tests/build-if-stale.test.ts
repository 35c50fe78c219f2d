// scripts/build-if-stale.mjs, which `npm start` runs before the store: it builds only when the
// sources differ from those of the last build. Checked on a small project folder of its own
// (BUILD_ROOT), with --check so nothing is built.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const script = path.resolve(import.meta.dirname, "..", "scripts", "build-if-stale.mjs");
let root: string;

const run = (...args: string[]) =>
  spawnSync(process.execPath, [script, ...args], { env: { ...process.env, BUILD_ROOT: root }, encoding: "utf8" });
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
};

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "build-if-stale-"));
  write("package.json", "{}");
  write("package-lock.json", "{}");
  write("app/root.tsx", "export default 1;\n");
  write("core/money.ts", "export const a = 1;\n");
  write("core/money.test.ts", "test\n");
  write("build/server/index.js", "");
  write("build/client/x.js", "");
  write("build/node/main.js", "");
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe("build-if-stale", () => {
  it("says a build is owed until one is stamped, then not, until a source changes", () => {
    expect(run("--check").status).toBe(1);
    expect(run("--stamp").status).toBe(0);
    expect(run("--check").status).toBe(0);
    // the same bytes with a new file time: still the same build
    const file = path.join(root, "core/money.ts");
    fs.utimesSync(file, new Date(), new Date(Date.now() + 60_000));
    expect(run("--check").status).toBe(0);
    // a test beside the code is not part of the build
    write("core/money.test.ts", "another test\n");
    expect(run("--check").status).toBe(0);
    write("core/money.ts", "export const a = 2;\n");
    expect(run("--check").status).toBe(1);
    expect(run("--stamp").status).toBe(0);
    write("package-lock.json", '{"lockfileVersion": 3}');
    expect(run("--check").status).toBe(1);
    expect(run("--stamp").status).toBe(0);
    // a build folder that lost a part is no build
    fs.rmSync(path.join(root, "build/node/main.js"));
    expect(run("--check").status).toBe(1);
  });
});
