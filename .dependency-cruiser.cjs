// The layers of the code, checked on every `npm run lint` (decision 0098). Imports flow one way:
//
//   app, server  ─▶  core  ─▶  db
//
// nothing back (core never imports app or server, db never imports core), nothing skipped (app
// and server reach the database only through core), and app never imports server. Inside core
// the modules are stacked in the order below: a module imports only modules listed before it,
// so the graph has no cycles and a newcomer can read it from the bottom up. tests/, bench/ and
// scripts/ are tools outside the layers and may import any of them; so may a unit test beside
// the code (*.test.ts), which checks its module against the test helpers, the demo store's data
// or the server's headers. Cycles are refused everywhere, tests included.

/** core's modules, lowest first; a module may import only the ones before it. */
const CORE_MODULES = [
  "shared", // money, errors, time, phone and email rules, permissions, audit, the staff write helper
  "settings", // the store's settings and details, display currencies
  "media", // photo storage and processing
  "messaging", // the channels: outboxes, email, WhatsApp Cloud API, web push, their logs
  "catalog", // products, collections, stock, reviews, the product CSV
  "content", // home page, blog, announcements, policy pages, sitemap
  "accounts", // shoppers' accounts, sessions, passwords, wishlist
  "staff", // staff members, console sessions, sign-in, two-step, the audit log's reading
  "couriers", // the couriers' APIs behind one interface, the shop's courier accounts, Pakistan's cities
  "cart", // carts and their lines
  "vouchers", // vouchers and their rules
  "orders", // placing, reading, tracking and working orders; confirmation; customers
  "parcels", // booking orders with couriers, labels and load sheets, following parcels
  "remittances", // what couriers collected and paid for cash on delivery, rate cards, payment reports
  "dashboard", // the console's home: figures from every module
  "retention", // deleting what is past its keeping time, across every module
  "demo", // the demo store's data
  "startup", // opening the database when a process starts: migrations, the demo store for an empty one
];

const TEST_FILE = "\\.test\\.tsx?$";

const layerRules = CORE_MODULES.map((module, index) => {
  const above = CORE_MODULES.slice(index + 1);
  return above.length === 0
    ? null
    : {
        name: `core-${module}-imports-only-lower-modules`,
        comment: `core/${module} may import only ${CORE_MODULES.slice(0, index).join(", ") || "db"}: the modules above it (${above.join(", ")}) build on it`,
        severity: "error",
        from: { path: `^core/${module}/`, pathNot: TEST_FILE },
        to: { path: `^core/(${above.join("|")})/` },
      };
}).filter(Boolean);

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "A cycle makes every file in it depend on every other: break it by moving the shared part down.",
      severity: "error",
      from: { path: "^(app|core|server|db)/" },
      to: { circular: true },
    },
    ...layerRules,
    {
      name: "core-context-imports-only-shared",
      severity: "error",
      from: { path: "^core/context\\.ts$" },
      to: { path: "^core/", pathNot: "^core/(shared/|context\\.ts$)" },
    },
    {
      name: "core-is-under-app-and-server",
      comment: "core holds the business rules with no HTTP and no React: it never imports app, server or the tools.",
      severity: "error",
      from: { path: "^core/", pathNot: TEST_FILE },
      to: { path: "^(app|server|scripts|bench|tests)/" },
    },
    {
      name: "db-is-the-bottom",
      comment: "db holds the schema, migrations and the client: it imports nothing of the store.",
      severity: "error",
      from: { path: "^db/" },
      to: { path: "^(app|core|server|scripts|bench|tests)/" },
    },
    {
      name: "app-and-server-go-through-core",
      comment: "Pages and the API reach the database only through core's use-cases (types included).",
      severity: "error",
      from: { path: "^(app|server)/", pathNot: TEST_FILE },
      to: { path: "^db/" },
    },
    {
      name: "app-does-not-import-server",
      comment: "Pages get what the server knows through core or the load context, never by importing it.",
      severity: "error",
      from: { path: "^app/", pathNot: TEST_FILE },
      to: { path: "^(server|scripts|bench|tests)/" },
    },
    {
      name: "server-does-not-import-tools",
      severity: "error",
      from: { path: "^server/" },
      to: { path: "^(scripts|bench|tests)/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(build|node_modules)/|/\\+types/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
