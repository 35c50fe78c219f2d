import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes <file>.br (brotli, best quality) and <file>.gz next to each built script and style
 * sheet, which @fastify/static serves as they are (`preCompressed`, server/react-router-adapter.ts):
 * smaller than the quality the server can afford per request, and no compression work per request.
 */
function precompress(): Plugin {
  return {
    name: "store:precompress",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle(options, bundle) {
      const dir = options.dir;
      if (!dir) return;
      await Promise.all(
        Object.keys(bundle)
          .filter((file) => /\.(?:m?js|css|svg|json|txt|xml|html)$/.test(file))
          .map(async (file) => {
            const target = path.join(dir, file);
            const source = await fs.readFile(target);
            const [br, gz] = await Promise.all([
              brotli(source, {
                params: {
                  [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                  [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
                },
              }),
              gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
            ]);
            if (br.length < source.length) await fs.writeFile(`${target}.br`, br);
            if (gz.length < source.length) await fs.writeFile(`${target}.gz`, gz);
          }),
      );
    },
  };
}

/**
 * Fewer, fuller script files for the browser (the product page asked for 17, some of a few hundred
 * bytes, each with ~0.6 KB of headers and a turn on one of HTTP/1.1's six connections):
 * - React and React Router in one file (jsx-runtime was a file of its own);
 * - the small helpers nearly every page loads (the cart, API, toast and SEO modules, which the root
 *   loads anyway, and the money, image, variant and share helpers, picture and breadcrumb, the
 *   session and wishlist modules, and the product card every browse page shows) in one.
 * Files that only some pages need stay split by route. `npm run bench` (js-budget) shows the result.
 */
function clientChunk(id: string): string | undefined {
  if (/\/node_modules\/(?:react|react-router)\//.test(id)) return "react-router";
  if (
    /\/app\/lib\/(?:api|cart|toast|seo|images|variants|share|session|wishlist|use-page-loaded|inline-stylesheet)\.ts$/.test(id) ||
    /\/app\/components\/(?:Picture|Breadcrumb|ProductCard|WishlistButton|AfterPageLoad)\.tsx$/.test(id) ||
    /\/core\/shared\/money\.ts$/.test(id)
  ) {
    return "shared";
  }
  return undefined;
}

/**
 * React Router publishes a production build beside its development one, but its package.json
 * points every bundler at the development build (remix-run/react-router#14102), whose only
 * difference is `ENABLE_DEV_WARNINGS = true`: shoppers' browsers downloaded its warnings.
 */
function reactRouterWithoutDevWarnings(): Plugin {
  const declaration = "var ENABLE_DEV_WARNINGS = true;";
  let seen = false;
  let replaced = false;
  return {
    name: "store:react-router-without-dev-warnings",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    transform(code, id) {
      if (!id.includes("/node_modules/react-router/dist/development/")) return null;
      seen = true;
      if (!code.includes(declaration)) return null;
      replaced = true;
      return { code: code.replace(declaration, "var ENABLE_DEV_WARNINGS = false;"), map: null };
    },
    buildEnd() {
      // a release that renames or moves the constant: say so rather than ship the warnings unnoticed
      if (seen && !replaced) this.warn(`React Router's "${declaration}" was not found: its warnings are in the build`);
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter(), reactRouterWithoutDevWarnings(), precompress()],
  build: {
    // inline nothing as data: URLs; the CSP and caching treat every asset as a file
    assetsInlineLimit: 0,
    // terser, not Vite's default esbuild: 3 KB less of compressed script on every page (2.2 KB of
    // it React Router's, which is published unminified), for ~5 s more build (decision 0079)
    minify: isSsrBuild ? false : "terser",
    terserOptions: { compress: { passes: 2 }, format: { comments: false } },
    // the server build stays one file
    rollupOptions: isSsrBuild ? {} : { output: { manualChunks: clientChunk } },
  },
  ssr: {
    // the server build imports these from node_modules at run time
    external: ["@electric-sql/pglite", "pg", "sharp", "@node-rs/argon2"],
  },
}));
