import path from "node:path";
import { fileURLToPath } from "node:url";

export const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const projectRoot = path.resolve(benchDir, "..");
export const resultsDir = path.join(benchDir, "results");
