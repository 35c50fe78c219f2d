// `npm start` builds only when the build is out of date: a restart of an unchanged store starts in
// seconds rather than after a minute-long build, and never rewrites build/ under a store already
// serving from it. "Out of date" is decided by content, not by file times (a fresh clone or a
// checkout gives every file a new time): a SHA-256 of every file the build reads, written into
// build/ at the end of every `npm run build` that succeeded (--stamp) and compared before a start.
import { createHash } from "node:crypto";
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

// BUILD_ROOT: another project folder (the test of this script uses a small one of its own)
const root = process.env.BUILD_ROOT || path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const STAMP = path.join(root, "build", ".inputs-sha256");
// what the client, server and Node builds read: the source folders, the build's own settings and
// the exact packages installed (package-lock.json)
const INPUT_FOLDERS = ["app", "core", "server", "db", "public"];
const INPUT_FILES = [
  "package.json",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
  "tsconfig.json",
  "scripts/build-server.mjs",
];
const OUTPUTS = ["build/server/index.js", "build/client", "build/node/main.js"];
// tests beside the code are not built into the store
const SKIPPED = /\.test\.tsx?$/;

function filesUnder(folder) {
  const found = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && !SKIPPED.test(entry.name)) found.push(full);
    }
  };
  if (existsSync(folder)) walk(folder);
  return found;
}

function inputsHash() {
  const files = [
    ...INPUT_FOLDERS.flatMap((folder) => filesUnder(path.join(root, folder))),
    ...INPUT_FILES.map((file) => path.join(root, file)).filter((file) => existsSync(file)),
  ].sort();
  const hash = createHash("sha256");
  for (const file of files) {
    hash.update(path.relative(root, file)).update("\0");
    hash.update(readFileSync(file)).update("\0");
  }
  return hash.digest("hex");
}

const current = inputsHash();

if (process.argv.includes("--stamp")) {
  // the end of `npm run build`: this build is of the sources as they are now
  writeFileSync(STAMP, `${current}\n`);
  process.exit(0);
}

const built = existsSync(STAMP) ? readFileSync(STAMP, "utf8").trim() : "";
const whole = OUTPUTS.every((output) => existsSync(path.join(root, output)));
const upToDate = built === current && whole;
if (process.argv.includes("--check")) {
  // 0: the build is of these sources; 1: it is not (no build, or the sources changed)
  process.exit(upToDate ? 0 : 1);
}
if (upToDate) {
  const when = statSync(STAMP).mtime.toISOString().replace("T", " ").slice(0, 19);
  console.log(`The build is up to date (built ${when} UTC from these sources): not building again.`);
} else {
  console.log(built ? "The sources changed since the last build: building." : "No build yet: building.");
  // npm run build writes the stamp when it has succeeded
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
