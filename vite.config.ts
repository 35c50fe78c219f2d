import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: {
    // inline nothing as data: URLs; the CSP and caching treat every asset as a file
    assetsInlineLimit: 0,
  },
  ssr: {
    // the server build imports these from node_modules at run time
    external: ["@electric-sql/pglite", "pg", "sharp", "@node-rs/argon2"],
  },
});
