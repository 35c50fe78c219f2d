// Where the project's files are, whether running from source (tsx, vitest) or from build/.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

function findRoot(start: string): string {
  let dir = start;
  while (!fs.existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}

export const projectRoot = findRoot(path.dirname(fileURLToPath(import.meta.url)));
export const migrationsFolder = path.join(projectRoot, "db", "migrations");
