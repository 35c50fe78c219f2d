// scripts/start.sh, the way `npm start` and the bench start the store (decision 0084): which
// allocator and memory settings the store's node gets. A stand-in `node` first on the PATH
// prints what it was given, so no store starts and no jemalloc need be installed.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const script = path.resolve(import.meta.dirname, "..", "scripts", "start.sh");
const projectRoot = path.dirname(path.dirname(script));
let dir: string;
let fakeJemalloc: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "start-script-"));
  const fakeNode = path.join(dir, "node");
  fs.writeFileSync(
    fakeNode,
    [
      "#!/bin/sh",
      'printf "%s\\n" "LD_PRELOAD=${LD_PRELOAD:-}" "MALLOC_CONF=${MALLOC_CONF:-}" ' +
        '"MALLOC_MMAP_THRESHOLD_=${MALLOC_MMAP_THRESHOLD_:-}" "ARGS=$*" "CWD=$(pwd)"',
    ].join("\n"),
  );
  fs.chmodSync(fakeNode, 0o755);
  // any readable file will do: the stand-in node is a shell script, and the loader only warns
  // that it cannot preload a file that is not a library
  fakeJemalloc = path.join(dir, "libjemalloc.so.2");
  fs.writeFileSync(fakeJemalloc, "");
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function start(env: Record<string, string>, args: string[] = []): Record<string, string> {
  const base: Record<string, string> = { PATH: `${dir}${path.delimiter}${process.env.PATH ?? ""}` };
  const output = execFileSync("/bin/sh", [script, ...args], {
    cwd: os.tmpdir(),
    env: { ...base, ...env },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  });
  return Object.fromEntries(
    output
      .trim()
      .split("\n")
      .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
  );
}

describe("scripts/start.sh", () => {
  it("preloads the first jemalloc it finds, returning freed pages within two seconds", () => {
    const seen = start({ JEMALLOC_PATHS: `${path.join(dir, "missing", "libjemalloc.so.2")} ${fakeJemalloc}` });
    expect(seen.LD_PRELOAD).toBe(fakeJemalloc);
    expect(seen.MALLOC_CONF).toBe("background_thread:true,dirty_decay_ms:2000,muzzy_decay_ms:0");
  });

  it("keeps glibc's malloc, with its mmap threshold, where there is no jemalloc", () => {
    const seen = start({ JEMALLOC_PATHS: path.join(dir, "missing", "libjemalloc.so.2") });
    expect(seen.LD_PRELOAD).toBe("");
    expect(seen.MALLOC_CONF).toBe("");
    expect(seen.MALLOC_MMAP_THRESHOLD_).toBe("65536");
  });

  it("keeps glibc's malloc when USE_JEMALLOC is off, written as the store's other switches are", () => {
    for (const off of ["0", "false", "No", "OFF"]) {
      const seen = start({ JEMALLOC_PATHS: fakeJemalloc, USE_JEMALLOC: off });
      expect(seen.LD_PRELOAD, off).toBe("");
      expect(seen.MALLOC_CONF, off).toBe("");
    }
    expect(start({ JEMALLOC_PATHS: fakeJemalloc, USE_JEMALLOC: "1" }).LD_PRELOAD).toBe(fakeJemalloc);
  });

  it("leaves the operator's own LD_PRELOAD and MALLOC_CONF as they are", () => {
    const own = path.join(dir, "libmimalloc.so");
    expect(start({ JEMALLOC_PATHS: fakeJemalloc, LD_PRELOAD: own }).LD_PRELOAD).toBe(own);
    expect(start({ JEMALLOC_PATHS: fakeJemalloc, MALLOC_CONF: "narenas:2" }).MALLOC_CONF).toBe("narenas:2");
    expect(start({ JEMALLOC_PATHS: fakeJemalloc, MALLOC_MMAP_THRESHOLD_: "131072" }).MALLOC_MMAP_THRESHOLD_).toBe(
      "131072",
    );
  });

  it("starts the built store from the project's folder, wherever it is run, with node's flags first", () => {
    const seen = start({ JEMALLOC_PATHS: fakeJemalloc }, ["--trace-gc"]);
    expect(seen.ARGS).toBe("--max-semi-space-size=4 --trace-gc build/node/main.js");
    expect(fs.realpathSync(String(seen.CWD))).toBe(fs.realpathSync(projectRoot));
  });
});
