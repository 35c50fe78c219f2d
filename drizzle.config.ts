import { defineConfig } from "drizzle-kit";

// Migrations are generated from db/schema and committed; they are applied at start (db/migrate.ts).
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema/index.ts",
  out: "./db/migrations",
});
