import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BODY_LIMIT } from "../../server/app";
import { createTestApp, type TestApp } from "../helpers/app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe("bad input never yields a 500", () => {
  it("answers malformed JSON with 400", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/products/1/reviews",
      headers: { "content-type": "application/json" },
      payload: '{"rating": 5,',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: "The request body is not valid JSON." });
  });

  it("answers an empty JSON body and a JSON body of the wrong type with 400 or 422", async () => {
    for (const payload of ["", "[]", "null", '"text"', "42"]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/products/1/reviews",
        headers: { "content-type": "application/json" },
        payload,
      });
      expect([400, 422], payload).toContain(res.statusCode);
      expect(res.json().detail).toBeTypeOf("string");
    }
  });

  it("answers a body over the limit with 413", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/products/1/reviews",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ review_text: "x".repeat(BODY_LIMIT + 10) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().detail).toMatch(/too large/);
  });

  it("answers an unsupported content type with 415 and a detail", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/products/1/reviews",
      headers: { "content-type": "application/xml" },
      payload: "<review/>",
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().detail).toBeTypeOf("string");
  });

  it("answers unknown API calls with a JSON 404", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/nope" });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toContain("/api/nope");
  });

  it("survives odd URLs and query strings", async () => {
    for (const url of [
      "/api/products?limit=1&limit=2",
      "/api/products?search=%E0%A4%A",
      "/api/products/%00",
      "/api/products?size[]=M",
      "/api/blogs/%2e%2e%2f%2e%2e%2fetc%2fpasswd",
      `/api/products/by-url/${"a".repeat(300)}`,
    ]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBeLessThan(500);
      // a list, or a refusal that says why
      if (res.statusCode === 200) expect(Array.isArray(res.json()), url).toBe(true);
      else expect(res.json().detail, url).toMatch(/\w/);
    }
  });

  it("serves the OpenAPI document as JSON and a browsable page", async () => {
    const json = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(json.statusCode).toBe(200);
    const doc = json.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      "/api/products",
      "/api/products/{id}",
      "/api/products/{id}/reviews",
      "/api/blogs/{slug}",
      "/api/site-settings",
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    const page = await t.app.inject({ method: "GET", url: "/api/docs" });
    expect([200, 302]).toContain(page.statusCode);
  });

  it("answers the health check", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/health" })).json()).toEqual({ status: "ok" });
  });
});
