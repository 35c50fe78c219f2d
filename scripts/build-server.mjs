// Bundles server/main.ts (and the scripts that run without tsx) into build/ with esbuild.
// Packages stay in node_modules; only the project's own TypeScript is bundled.
import { build } from "esbuild";

await build({
  entryPoints: { main: "server/main.ts" },
  outdir: "build/node",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
