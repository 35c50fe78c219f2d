import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServerBuild } from "react-router";
import { ReadCache } from "../../core/shared/cache";
import { createDatabaseRateLimiter } from "../../core/shared/rate-limit";
import { projectRoot } from "../../db/paths";
import { buildApp } from "../../server/app";
import { loadConfig } from "../../server/config";
import {
  AMP_POLICY,
  DOCS_POLICY,
  STRICT_POLICY,
  pagePolicy,
  sharedPagePolicy,
} from "../../server/plugins/security-headers";
import { createTestApp, type TestApp } from "../helpers/app";
import { createTestDatabase } from "../helpers/database";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

function expectBaseHeaders(headers: Record<string, unknown>, label: string) {
  expect(headers["x-content-type-options"], label).toBe("nosniff");
  expect(headers["referrer-policy"], label).toBe("strict-origin-when-cross-origin");
  expect(headers["x-frame-options"], label).toBe("DENY");
  const csp = String(headers["content-security-policy"]);
  expect(csp, label).toContain("frame-ancestors 'none'");
  expect(csp, label).toContain("base-uri 'none'");
  expect(csp, label).not.toMatch(/script-src[^;]*'unsafe-inline'/);
}

describe("security headers", () => {
  it("are on API answers, errors and page-less 404s, with a strict policy for non-pages", async () => {
    for (const [url, status] of [
      ["/api/products?limit=1", 200],
      ["/api/users/me", 401],
      ["/api/no/such/call", 404],
      ["/no/such/page", 404],
      ["/media/missing.webp", 404],
    ] as const) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(status);
      expectBaseHeaders(res.headers, url);
      expect(res.headers["content-security-policy"], url).toBe(STRICT_POLICY);
      // plain HTTP: HSTS would be ignored, and is not sent
      expect(res.headers["strict-transport-security"], url).toBeUndefined();
    }
  });

  it("are on answers the error handler writes for bad input", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/users/login",
      headers: { "content-type": "application/json" },
      payload: "{",
    });
    expect(res.statusCode).toBe(400);
    expectBaseHeaders(res.headers, "bad json");
  });

  it("keep Swagger UI at /api/docs working: its own policy, scripts only from files on this origin", async () => {
    const page = await t.app.inject({ method: "GET", url: "/api/docs" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-security-policy"]).toBe(DOCS_POLICY);
    expectBaseHeaders(page.headers, "/api/docs");
    // every script is a file (no inline code the policy would block), served from here
    const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(body!.trim()).toBe("");
      const src = /src="([^"]+)"/.exec(attributes!)?.[1];
      expect(src).toMatch(/^\/api\/docs\/static\//);
      const file = await t.app.inject({ method: "GET", url: src! });
      expect(file.statusCode, src).toBe(200);
      expect(file.headers["content-type"], src).toContain("javascript");
    }
    const spec = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(spec.statusCode).toBe(200);
    expect(spec.json().components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    expect(spec.json().components.securitySchemes.staffBearer).toMatchObject({ type: "http", scheme: "bearer" });
  });

  it("page policy: scripts need this request's nonce; video frames from the video platform only", () => {
    const csp = pagePolicy("abc123");
    expect(csp).toContain("script-src 'self' 'nonce-abc123'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("img-src 'self' data: https:");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("frame-src https://www.youtube-nocookie.com https://www.youtube.com");
    expect(csp).not.toContain("unsafe-eval");
  });
});

describe("HSTS", () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp({ TRUST_PROXY: "1" });
  });
  afterAll(async () => {
    await proxied?.close();
  });

  it("is sent only when the request came over HTTPS", async () => {
    const https = await proxied.app.inject({
      method: "GET",
      url: "/api/health",
      headers: { "x-forwarded-proto": "https" },
    });
    expect(https.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    const http = await proxied.app.inject({
      method: "GET",
      url: "/api/health",
      headers: { "x-forwarded-proto": "http" },
    });
    expect(http.headers["strict-transport-security"]).toBeUndefined();
    // without TRUST_PROXY a client cannot claim HTTPS
    const spoofed = await t.app.inject({
      method: "GET",
      url: "/api/health",
      headers: { "x-forwarded-proto": "https" },
    });
    expect(spoofed.headers["strict-transport-security"]).toBeUndefined();
  });
});

describe("CORS", () => {
  const preflight = (app: TestApp, origin: string) =>
    app.app.inject({
      method: "OPTIONS",
      url: "/api/users/me",
      headers: { origin, "access-control-request-method": "GET", "access-control-request-headers": "authorization" },
    });

  it("is closed by default: no Access-Control-Allow-Origin for any origin", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/products?limit=1",
      headers: { origin: "https://shop.example" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["access-control-allow-origin"]).toBeUndefined();
    const pre = await preflight(t, "https://shop.example");
    expect(pre.headers["access-control-allow-origin"]).toBeUndefined();
    expect(pre.headers["access-control-allow-methods"]).toBeUndefined();
  });

  it("answers the AMP add-to-cart form with the AMP CORS headers for this store's own origin only", async () => {
    const [product] = (await t.app.inject({ method: "GET", url: "/api/products?limit=200" }))
      .json()
      .filter(
        (p: { variant_combinations: unknown[]; stock: number }) => p.variant_combinations.length === 0 && p.stock > 0,
      );
    const post = (source: string, origin: string) =>
      t.app.inject({
        method: "POST",
        url: `/api/cart/flexible?__amp_source_origin=${encodeURIComponent(source)}`,
        headers: { origin, "content-type": "application/x-www-form-urlencoded" },
        payload: `product_id=${product.id}&quantity=1&price=${product.price}`,
      });
    // createTestApp's PUBLIC_URL is unset, so the store's origin is http://localhost:3000
    const fromCache = await post("http://localhost:3000", "https://localhost-3000.cdn.ampproject.org");
    expect(fromCache.statusCode).toBe(200);
    expect(fromCache.headers["amp-access-control-allow-source-origin"]).toBe("http://localhost:3000");
    expect(fromCache.headers["access-control-allow-origin"]).toBe("https://localhost-3000.cdn.ampproject.org");
    expect(fromCache.headers["access-control-allow-credentials"]).toBe("true");
    const foreign = await post("https://evil.example", "https://evil.example");
    expect(foreign.headers["amp-access-control-allow-source-origin"]).toBeUndefined();
    expect(foreign.headers["access-control-allow-origin"]).toBeUndefined();
  });

  describe("with CORS_ORIGINS set", () => {
    let open: TestApp;
    beforeAll(async () => {
      open = await createTestApp({ CORS_ORIGINS: "https://shop.example, https://m.shop.example/" });
    });
    afterAll(async () => {
      await open?.close();
    });

    it("allows the configured origins, and only those", async () => {
      const res = await open.app.inject({
        method: "GET",
        url: "/api/products?limit=1",
        headers: { origin: "https://shop.example" },
      });
      expect(res.headers["access-control-allow-origin"]).toBe("https://shop.example");
      expect(res.headers["access-control-expose-headers"]).toContain("X-Total-Count");
      expect(String(res.headers.vary)).toMatch(/\bOrigin\b/);
      const second = await open.app.inject({
        method: "GET",
        url: "/api/health",
        headers: { origin: "https://m.shop.example" },
      });
      expect(second.headers["access-control-allow-origin"]).toBe("https://m.shop.example");

      const other = await open.app.inject({
        method: "GET",
        url: "/api/products?limit=1",
        headers: { origin: "https://evil.example" },
      });
      expect(other.headers["access-control-allow-origin"]).toBeUndefined();
      expect(String(other.headers.vary)).toMatch(/\bOrigin\b/);
      // error answers carry it too, so the page can read the detail
      const denied = await open.app.inject({
        method: "GET",
        url: "/api/users/me",
        headers: { origin: "https://shop.example" },
      });
      expect(denied.statusCode).toBe(401);
      expect(denied.headers["access-control-allow-origin"]).toBe("https://shop.example");
    });

    it("answers the preflight for an allowed origin with the methods and headers the API takes", async () => {
      const res = await preflight(open, "https://shop.example");
      expect(res.statusCode).toBe(204);
      expect(res.headers["access-control-allow-origin"]).toBe("https://shop.example");
      expect(res.headers["access-control-allow-methods"]).toContain("PUT");
      expect(String(res.headers["access-control-allow-headers"]).toLowerCase()).toContain("authorization");
      expect(res.headers["access-control-allow-credentials"]).toBeUndefined();
      expectBaseHeaders(res.headers, "preflight");
      const other = await preflight(open, "https://evil.example");
      expect(other.headers["access-control-allow-origin"]).toBeUndefined();
    });

    it("does not apply to pages and files outside /api", async () => {
      const res = await open.app.inject({
        method: "GET",
        url: "/no/such/page",
        headers: { origin: "https://shop.example" },
      });
      expect(res.headers["access-control-allow-origin"]).toBeUndefined();
    });
  });
});

// Pages need the React Router build (npm test builds first); without it this part is skipped.
const serverBuild = path.join(projectRoot, "build", "server", "index.js");
describe.skipIf(!fs.existsSync(serverBuild))("security headers on pages", () => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const database = await createTestDatabase();
    const config = loadConfig({ DATA_DIR: path.join(os.tmpdir(), "store-test-data"), LOG_LEVEL: "silent" });
    const core = { db: database.db, cache: new ReadCache(0), limiter: createDatabaseRateLimiter(database.db) };
    const build = (await import(pathToFileURL(serverBuild).href)) as ServerBuild;
    app = await buildApp({
      core,
      config,
      logger: false,
      pages: { build, clientDir: path.join(projectRoot, "build", "client") },
    });
    await app.ready();
    close = async () => {
      await app.close();
      await database.close();
    };
  });
  afterAll(async () => {
    await close?.();
  });

  it("name a shared page's inline scripts by hash, and give a page for one visitor a fresh nonce", async () => {
    // "/" is the same for every visitor: its policy lists its scripts' hashes, and it carries no nonce
    const home = await app.inject({ method: "GET", url: "/" });
    expect(home.statusCode).toBe(200);
    expectBaseHeaders(home.headers, "/");
    const shared = String(home.headers["content-security-policy"]);
    const hashes = [...shared.matchAll(/'sha256-([^']+)'/g)].map((m) => m[1]);
    expect(hashes.length).toBeGreaterThan(0);
    expect(shared).toBe(sharedPagePolicy(hashes.map((h) => `'sha256-${h}'`)));
    expect(shared).not.toContain("nonce");
    expect(home.body).not.toMatch(/\bnonce=/);
    const inline = [...home.body.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)];
    // React Router writes its hydration data and module loader inline
    expect(inline.length).toBeGreaterThan(0);
    for (const [, attributes, text] of inline) {
      if (/type="application\/(ld\+)?json"/.test(attributes!)) continue; // data, not code
      expect(hashes).toContain(createHash("sha256").update(text!).digest("base64"));
    }

    // a 404 is rendered for its visitor: a nonce of its own, on every inline script
    const nonces: string[] = [];
    for (let n = 0; n < 2; n++) {
      const res = await app.inject({ method: "GET", url: "/no/such/page" });
      expect(res.statusCode).toBe(404);
      expectBaseHeaders(res.headers, "404");
      const csp = String(res.headers["content-security-policy"]);
      const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce).toBeTruthy();
      expect(csp).toBe(pagePolicy(nonce!));
      nonces.push(nonce!);
      for (const [tag, attributes] of res.body.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)) {
        if (/type="application\/(ld\+)?json"/.test(attributes!)) continue;
        expect(tag).toContain(`nonce="${nonce}"`);
      }
    }
    expect(new Set(nonces).size).toBe(2);
  });

  it("give the AMP document its own policy: the AMP runtime from its CDN, no other scripts; pages keep theirs", async () => {
    const list = await app.inject({ method: "GET", url: "/api/products?limit=1" });
    const id = list.json()[0].id as number;
    const amp = await app.inject({ method: "GET", url: `/amp/product/${id}/amp.html` });
    expect(amp.statusCode).toBe(200);
    expect(amp.headers["content-type"]).toContain("text/html");
    expectBaseHeaders(amp.headers, "AMP document");
    expect(amp.headers["content-security-policy"]).toBe(AMP_POLICY);
    expect(AMP_POLICY).toMatch(/script-src https:\/\/cdn\.ampproject\.org\/v0\.js /);
    expect(AMP_POLICY).not.toMatch(/script-src[^;]*('self'|'unsafe-inline'|\*)/);
    expect(amp.body).toContain('<script async src="https://cdn.ampproject.org/v0.js"></script>');
    // the rule is for that one path: the preview page beside it and the product page keep the page policy
    for (const url of [`/amp/product/${id}`, `/product/${id}`]) {
      const page = await app.inject({ method: "GET", url });
      expect(page.statusCode, url).toBe(200);
      expect(String(page.headers["content-security-policy"]), url).toMatch(/script-src 'self' 'sha256-/);
    }
  });

  it("are on static files too", async () => {
    const files = fs.readdirSync(path.join(projectRoot, "build", "client")).filter((f) => /\.(svg|ico|png)$/.test(f));
    // public/ holds favicon.svg and placeholder.svg: a build without them must fail here, not pass
    expect(files).toEqual(expect.arrayContaining(["favicon.svg", "placeholder.svg"]));
    for (const file of files) {
      const res = await app.inject({ method: "GET", url: `/${file}` });
      expect(res.statusCode, file).toBe(200);
      expectBaseHeaders(res.headers, file);
      expect(res.headers["content-security-policy"]).toBe(STRICT_POLICY);
    }
  });
});
