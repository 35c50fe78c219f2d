// The HTTP layer hardened as attackers would test it: page form posts get the API's size limit
// (decision 0046), a forged Host cannot swap cached pages, NUL bytes, lone surrogates and broken
// percent-encoding are a 400 wherever they are, /media answers errors as {"detail"} (decision
// 0045), and no odd request is a 500. Slow and malformed clients on a real socket are in
// http-slow-clients.test.ts.
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BODY_LIMIT } from "../../server/app";
import { STRICT_POLICY } from "../../server/plugins/security-headers";
import { createPageApp, hasPageBuild, type PageApp } from "../helpers/page-app";

function expectDetail(
  res: { statusCode: number; headers: Record<string, unknown>; body: string },
  status: number,
  label = "",
) {
  expect(res.statusCode, `${label} ${res.body.slice(0, 200)}`).toBe(status);
  expect(String(res.headers["content-type"])).toContain("application/json");
  const body = JSON.parse(res.body) as { detail?: unknown };
  expect(Object.keys(body)).toEqual(["detail"]);
  expect(body.detail).toBeTypeOf("string");
  // error answers are never documents: the strict policy, whatever the path
  expect(res.headers["content-security-policy"], label).toBe(STRICT_POLICY);
  expect(res.headers["x-content-type-options"], label).toBe("nosniff");
  return body.detail as string;
}

describe.skipIf(!hasPageBuild())("the HTTP layer, pages included", () => {
  let t: PageApp;
  let productId: number;
  beforeAll(async () => {
    // pages are cached as in production, so a swapped cache entry would show
    t = await createPageApp({ cacheMs: 60_000 });
    const list = await t.app.inject({ method: "GET", url: "/api/products?limit=1&sort=name" });
    productId = list.json()[0].id;
  });
  afterAll(async () => {
    await t?.close();
  });

  describe("page form posts (decision 0046)", () => {
    const reviewForm = (text: string) =>
      new URLSearchParams({ rating: "5", review_text: text, reviewer_name: "Hina" }).toString();

    it("still take a review form as before", async () => {
      const res = await t.app.inject({
        method: "POST",
        url: `/product/${productId}`,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: reviewForm("Soft lawn, true to size"),
      });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toContain("review=sent");
    });

    it("are refused with 413 by their Content-Length, before the body is read", async () => {
      const res = await t.app.inject({
        method: "POST",
        url: `/product/${productId}`,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: reviewForm("x".repeat(BODY_LIMIT)),
      });
      expect(expectDetail(res, 413)).toMatch(/too large/);
      // the rest of a huge body is not read: the connection is closed after the answer
      expect(res.headers.connection).toBe("close");
    });

    it("are cut off with 413 once a body without a length passes the limit", async () => {
      let pulled = 0;
      const chunk = Buffer.alloc(16 * 1024, "a");
      // 64 MB if read to the end; the server must stop long before
      const body = new Readable({
        read() {
          pulled += chunk.length;
          this.push(pulled > 64 * 1024 * 1024 ? null : chunk);
        },
      });
      const res = await t.app.inject({
        method: "POST",
        url: `/product/${productId}`,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: body,
      });
      expect(expectDetail(res, 413)).toMatch(/too large/);
      body.destroy();
    });

    it("with a NUL byte in a field are a 400 that names the field", async () => {
      const res = await t.app.inject({
        method: "POST",
        url: `/product/${productId}`,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: `rating=5&review_text=a%00b%20long%20enough&reviewer_name=Hina`,
      });
      expect(expectDetail(res, 400)).toContain("review_text");
    });

    it("that are not forms are a 415, and broken multipart a 400, not a 500", async () => {
      for (const headers of [{ "content-type": "text/plain" }, {}, { "content-type": "application/xml" }]) {
        const res = await t.app.inject({ method: "POST", url: `/product/${productId}`, headers, payload: "hello" });
        expectDetail(res, 415);
      }
      const multipart = await t.app.inject({
        method: "POST",
        url: `/product/${productId}`,
        headers: { "content-type": "multipart/form-data; boundary=x" },
        payload: "garbage",
      });
      expectDetail(multipart, 400);
      const fields = new FormData();
      fields.set("rating", "4");
      fields.set("review_text", "Good stitching\u0000");
      fields.set("reviewer_name", "Sana");
      const encoded = new Response(fields);
      const withNul = await t.app.inject({
        method: "POST",
        url: `/product/${productId}`,
        headers: { "content-type": encoded.headers.get("content-type")! },
        payload: Buffer.from(await encoded.arrayBuffer()),
      });
      expect(expectDetail(withNul, 400)).toContain("review_text");
    });
  });

  describe("the Host header", () => {
    it("is refused with 400 when it is not a host name, before any route, for pages, API and files", async () => {
      for (const host of [
        "localhost/amp",
        "localhost?x=1",
        "localhost#x",
        "a b",
        "user@evil.example",
        "evil\\x",
        "%2e",
      ]) {
        for (const url of [`/product/${productId}`, "/api/products?limit=1", "/media/x.webp", "/no/such/page"]) {
          const res = await t.app.inject({ method: "GET", url, headers: { host } });
          expect(expectDetail(res, 400), `${host} ${url}`).toMatch(/Host/);
        }
      }
    });

    it("cannot put one page into another page's cache entry", async () => {
      const forged = await t.app.inject({
        method: "GET",
        url: `/product/${productId}`,
        headers: { host: "localhost/amp" },
      });
      expect(forged.statusCode).toBe(400);
      const amp = await t.app.inject({
        method: "GET",
        url: `/amp/product/${productId}`,
        headers: { host: "localhost" },
      });
      expect(amp.statusCode).toBe(200);
      expect(amp.headers["x-page-cache"]).toBe("miss");
      expect(amp.body).toContain("AMP Preview");
    });

    it("is accepted as a name, an address or [IPv6] with a port, and may be missing", async () => {
      for (const host of ["localhost", "shop.example.pk:8080", "127.0.0.1:3000", "[::1]:3000", "my_store"]) {
        const res = await t.app.inject({ method: "GET", url: "/api/products?limit=1", headers: { host } });
        expect(res.statusCode, host).toBe(200);
      }
      const page = await t.app.inject({ method: "GET", url: `/product/${productId}`, headers: { host: "" } });
      expect(page.statusCode).toBe(200);
    });

    it("cannot be replaced by a request target that starts with //", async () => {
      // new URL("//evil.example/product/1", origin) would make the page's URL evil.example's
      const res = await t.app.inject({ method: "GET", url: `//evil.example/product/${productId}` });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain("evil.example");
    });
  });

  describe("NUL bytes, lone surrogates and broken percent-encoding", () => {
    it("are a 400 in the three API calls where they were first found", async () => {
      for (const [method, url] of [
        ["GET", "/api/blogs/%00"],
        ["GET", "/api/products/by-url/%00"],
        ["POST", "/api/apply-voucher/%00"],
      ] as const) {
        const res = await t.app.inject({ method, url });
        expect(expectDetail(res, 400), url).toMatch(/address/);
      }
    });

    it("are a 400 anywhere in the address, for API, pages, files and docs", async () => {
      const bad = ["%00", "%ED%A0%80", "%ED%B0%80", "%E0%A4%A", "%C0%80", "%", "%zz"];
      for (const piece of bad) {
        for (const url of [
          `/api/blogs/x${piece}`,
          `/api/products?search=${piece}`,
          `/api/products?${piece}=1`,
          `/blog/${piece}`,
          `/product/${productId}?utm=${piece}`,
          `/collection/all?search=a${piece}`,
          `/media/${piece}.webp`,
          `/api/docs/${piece}`,
          `/assets/${piece}.js`,
        ]) {
          const res = await t.app.inject({ method: "GET", url });
          expectDetail(res, 400, url);
        }
      }
    });

    it("are a 400 in a header, naming it", async () => {
      const res = await t.app.inject({
        method: "GET",
        url: "/api/products?limit=1",
        headers: { "x-anything": "a\u0000b" },
      });
      expect(expectDetail(res, 400)).toContain("x-anything");
    });

    it("are a 400 in a JSON body, naming the field, keys and nested fields included", async () => {
      for (const [payload, field] of [
        ['{"rating":5,"review_text":"a\\u0000b","reviewer_name":"x"}', "review_text"],
        ['{"rating":5,"review_text":"a\\ud800b","reviewer_name":"x"}', "review_text"],
        ['{"rating":5,"review_text":"ok text","reviewer_name":"\\udc00"}', "reviewer_name"],
        ['{"rating":5,"review_text":"ok text","reviewer_name":"x","extra":[{"a":["\\u0000"]}]}', "extra.0.a.0"],
        ['{"rating":5,"review_text":"ok text","reviewer_name":"x","a\\u0000b":1}', "a"],
      ] as const) {
        const res = await t.app.inject({
          method: "POST",
          url: `/api/products/${productId}/reviews`,
          headers: { "content-type": "application/json" },
          payload,
        });
        expect(expectDetail(res, 400), payload).toContain(field);
      }
    });

    it("are a 400 in an API form body", async () => {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/cart/flexible",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: `product_id=${productId}&quantity=1&session_id=abc%00`,
      });
      expect(expectDetail(res, 400)).toContain("session_id");
    });

    it("leave well-formed text alone: Urdu, emoji (surrogate pairs) and encoded spaces", async () => {
      const text = "بہت اچھا کپڑا 😀 true to size";
      const res = await t.app.inject({
        method: "POST",
        url: `/api/products/${productId}/reviews`,
        headers: { "content-type": "application/json" },
        payload: JSON.stringify({ rating: 5, review_text: text, reviewer_name: "Ayesha 🌸" }),
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().review_text).toBe(text);
      const search = await t.app.inject({
        method: "GET",
        url: `/api/products?search=${encodeURIComponent("lawn 😀 کپڑا")}`,
      });
      expect(search.statusCode).toBe(200);
    });
  });

  describe("/media", () => {
    beforeAll(() => {
      fs.writeFileSync(path.join(t.dataDir, "media", "a.txt"), "0123456789");
      fs.mkdirSync(path.join(t.dataDir, "media", "demo"), { recursive: true });
      fs.writeFileSync(path.join(t.dataDir, "media", "demo", "kurti-1-400.webp"), "demo");
      fs.mkdirSync(path.join(t.dataDir, "media", "demo-x"), { recursive: true });
      fs.writeFileSync(path.join(t.dataDir, "media", "demo-x", "a.webp"), "not the demo folder");
    });

    it("keeps uploaded files a year, the demo store's photos (named after products, not bytes) a day", async () => {
      const cacheOf = async (url: string) => {
        const res = await t.app.inject({ method: "GET", url });
        expect(res.statusCode, url).toBe(200);
        return res.headers["cache-control"];
      };
      expect(await cacheOf("/media/a.txt")).toBe("public, max-age=31536000, immutable");
      expect(await cacheOf("/media/demo-x/a.webp")).toBe("public, max-age=31536000, immutable");
      expect(await cacheOf("/media/demo/kurti-1-400.webp")).toBe("public, max-age=86400");
      // asked again with what the browser holds: still told how long to keep it
      const first = await t.app.inject({ method: "GET", url: "/media/a.txt" });
      const again = await t.app.inject({
        method: "GET",
        url: "/media/a.txt",
        headers: { "if-none-match": String(first.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
      expect(again.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    });

    it("keeps the build's hashed scripts a year, its other files (favicon) a day", async () => {
      const page = await t.app.inject({ method: "GET", url: "/" });
      const script = /\/assets\/[\w.-]+\.js/.exec(page.body)?.[0];
      expect(script).toBeDefined();
      for (const [url, cache] of [
        [script!, "public, max-age=31536000, immutable"],
        ["/favicon.svg", "public, max-age=86400"],
      ] as const) {
        const res = await t.app.inject({ method: "GET", url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers["cache-control"], url).toBe(cache);
      }
    });

    it("answers a missing or bad path with {detail} and the strict headers", async () => {
      expectDetail(await t.app.inject({ method: "GET", url: "/media/nope.webp" }), 404);
      expectDetail(await t.app.inject({ method: "GET", url: "/media/a.txt/" }), 404);
      expectDetail(await t.app.inject({ method: "GET", url: "/media/%00" }), 400);
      expectDetail(await t.app.inject({ method: "GET", url: "/media/%E0%A4%A" }), 400);
    });

    it("answers a range it cannot satisfy with 416 {detail}, and serves good ranges and HEAD", async () => {
      for (const range of ["bytes=50-60", "bytes=-0", "bytes=abc"]) {
        expectDetail(await t.app.inject({ method: "GET", url: "/media/a.txt", headers: { range } }), 416);
      }
      const part = await t.app.inject({ method: "GET", url: "/media/a.txt", headers: { range: "bytes=2-4" } });
      expect(part.statusCode).toBe(206);
      expect(part.body).toBe("234");
      const head = await t.app.inject({ method: "HEAD", url: "/media/a.txt" });
      expect(head.statusCode).toBe(200);
      expect(head.body).toBe("");
    });
  });

  describe("other odd requests (never a 500)", () => {
    it("an unknown method on a page or the API is a {detail}", async () => {
      for (const url of ["/", `/product/${productId}`, "/api/products", "/media/a.txt"]) {
        for (const method of ["TRACE", "OPTIONS", "PROPFIND"] as const) {
          const res = await t.app.inject({ method, url });
          expect(res.statusCode, `${method} ${url}`).toBeGreaterThanOrEqual(400);
          expectDetail(res, res.statusCode);
        }
      }
    });

    it("a very long address is a 414 {detail}", async () => {
      for (const url of [`/${"a".repeat(20_000)}`, `/api/products?search=${"a".repeat(20_000)}`]) {
        expectDetail(await t.app.inject({ method: "GET", url }), 414);
      }
      // a path part over maxParamLength matches no route
      expectDetail(await t.app.inject({ method: "GET", url: `/api/products/by-url/${"a".repeat(300)}` }), 404);
    });

    it("a deeply nested JSON body is a 4xx", async () => {
      const res = await t.app.inject({
        method: "POST",
        url: `/api/products/${productId}/reviews`,
        headers: { "content-type": "application/json" },
        payload: "[".repeat(100_000) + "]".repeat(100_000),
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    });

    it("HEAD on a page answers like GET without a body", async () => {
      const res = await t.app.inject({ method: "HEAD", url: `/product/${productId}` });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe("");
    });
  });
});
