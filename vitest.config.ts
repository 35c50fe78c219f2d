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
  },
});
