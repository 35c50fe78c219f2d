// What a bench section is. bench/run.ts starts the store once per database round and runs each
// selected section against it; a section measures what it likes and hands back a printed report,
// JSON data (saved to bench/results/<name>-latest.json) and any failures (non-zero exit).
import type { LoadOptions } from "./load";

export interface SectionContext {
  /** the started store, e.g. http://127.0.0.1:41234 (no trailing slash) */
  baseUrl: string;
  database: "pglite" | "postgres";
  /** connections, duration and warm-up from the environment */
  load: LoadOptions;
  /** progress messages (stderr) */
  log(message: string): void;
}

export interface SectionOutcome {
  /** the human-readable result, printed to stdout */
  report: string;
  /** saved as JSON under this round */
  data: unknown;
  /** problems that make the bench exit non-zero (errors, not missed targets) */
  failures: string[];
}

export interface Section {
  /** short name, used by BENCH_ONLY and in the results file name */
  name: string;
  description: string;
  /** false: run only in the first database round (e.g. a Lighthouse audit) */
  everyDatabase?: boolean;
  run(context: SectionContext): Promise<SectionOutcome>;
}
