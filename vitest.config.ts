import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

// Unit tests sit beside the code; API tests in tests/api; browser tests in tests/e2e.
// Every test file gets its own database copied from one migrated and seeded in globalSetup.
export default defineConfig({
  test: {
    include: ["{core,db,server,app,tests}/**/*.test.{ts,tsx}"],
    globalSetup: ["tests/helpers/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: "forks",
    // Vitest's default in a run is one worker fewer than the cores: on CI's 2 cores one file at a
    // time, with the second core idle while a browser test waits on its store and Chromium. Two
    // workers took the PGlite pass from 16.5 to 13.3 minutes on that machine, every test passing.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
