// bench/results/<section>-latest.json: what the last run measured, with enough context
// (machine, versions, options) to compare runs later.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { LoadOptions } from "./load";
import { projectRoot, resultsDir } from "./paths";

export function environment() {
  let commit: string | undefined;
  let dirty: boolean | undefined;
  try {
    commit = execFileSync("git", ["rev-parse", "HEAD"], { cwd: projectRoot, stdio: ["ignore", "pipe", "ignore"] })
      .toString()
      .trim();
    dirty =
      execFileSync("git", ["status", "--porcelain"], { cwd: projectRoot, stdio: ["ignore", "pipe", "ignore"] })
        .toString()
        .trim() !== "";
  } catch {
    // not a git checkout, or no commit yet
  }
  return {
    node: process.version,
    platform: `${process.platform} ${os.release()} ${process.arch}`,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    loadAverage: os.loadavg().map((n) => Math.round(n * 100) / 100),
    git: { commit, dirty },
  };
}

export interface SectionResultsFile {
  section: string;
  description: string;
  generatedAt: string;
  environment: ReturnType<typeof environment>;
  load: LoadOptions;
  rounds: { database: string; storeStartMs: number; failures: string[]; data: unknown }[];
}

export function writeResults(file: SectionResultsFile): string {
  fs.mkdirSync(resultsDir, { recursive: true });
  const target = path.join(resultsDir, `${file.section}-latest.json`);
  fs.writeFileSync(target, JSON.stringify(file, null, 2) + "\n");
  return target;
}
