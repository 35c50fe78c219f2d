// Bundles server/main.ts into build/node with esbuild. Packages stay in node_modules; only the
// project's own TypeScript is bundled.
import { writeFile } from "node:fs/promises";
import { build } from "esbuild";

await build({
  entryPoints: { server: "server/main.ts" },
  outdir: "build/node",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});

// React and React Router choose their development or production build from NODE_ENV when they
// are first imported, before any line of server.js runs (ES imports are evaluated first). The
// entry therefore sets it, then loads the server: `node build/node/main.js` is production
// unless NODE_ENV says otherwise (npm run dev sets development).
await writeFile("build/node/main.js", `process.env.NODE_ENV ??= "production";\nawait import("./server.js");\n`);
