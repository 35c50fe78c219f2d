// The OpenAPI document at /api/docs tells the truth (decision 0092): Redocly's lint of it as
// served passes (redocly.yaml: the spec ruleset and what a client generator needs), every
// operation declares an id, its successes and its errors, nothing but the API is in it, and the
// tests' check of real answers (tests/helpers/answer-check.ts) refuses what it should.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { projectRoot } from "../../db/paths";
import { answerProblem, schemaValidator, takeViolations, type ApiDocument } from "../helpers/answer-check";
import { createTestApp, type TestApp } from "../helpers/app";

const run = promisify(execFile);

interface Operation {
  operationId?: string;
  parameters?: unknown[];
  requestBody?: unknown;
  security?: unknown[];
  summary?: string;
  tags?: string[];
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: object }> }>;
}

let t: TestApp;
let document: ApiDocument & { openapi: string; tags?: { name: string }[] };
let operations: { method: string; path: string; operation: Operation }[];

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ url: "/api/docs/json" });
  expect(res.statusCode).toBe(200);
  document = res.json();
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ method, path, operation: operation as Operation })),
  );
});

afterAll(async () => {
  await t?.close();
});

describe("the API document", () => {
  it("passes Redocly's lint with no error and no warning", { timeout: 120_000 }, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "api-document-"));
    const file = path.join(dir, "openapi.json");
    fs.writeFileSync(file, JSON.stringify(document));
    const cli = path.join(projectRoot, "node_modules", "@redocly", "cli", "bin", "cli.js");
    const args = [cli, "lint", file, "--config", path.join(projectRoot, "redocly.yaml"), "--format", "json"];
    const env = { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" };
    // Redocly exits 1 when it finds an error; its report is on stdout either way
    const { stdout } = await run(process.execPath, args, { env, maxBuffer: 64 * 1024 * 1024 }).catch(
      (error: { stdout?: string }) => ({ stdout: error.stdout ?? "" }),
    );
    fs.rmSync(dir, { recursive: true, force: true });
    const report = JSON.parse(stdout.slice(stdout.indexOf("{"))) as {
      totals: { errors: number; warnings: number };
      problems: { ruleId: string; message: string; location: { pointer?: string }[] }[];
    };
    const problems = report.problems.map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? "?"}`);
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it("is OpenAPI 3.1 and holds the API only: no page, file or upload route of the store", () => {
    expect(document.openapi).toBe("3.1.0");
    expect(operations.length).toBeGreaterThan(150);
    expect(operations.filter((o) => !o.path.startsWith("/api/")).map((o) => `${o.method} ${o.path}`)).toEqual([]);
    expect(operations.filter((o) => o.path.startsWith("/api/docs") || o.path === "/api/health")).toEqual([]);
  });

  it("declares for every operation a readable id, a summary, a defined tag, a success and its errors", () => {
    const tags = new Set((document.tags ?? []).map((tag) => tag.name));
    const ids = new Map<string, number>();
    const missing: string[] = [];
    for (const { method, path, operation } of operations) {
      const name = `${method.toUpperCase()} ${path}`;
      const id = operation.operationId ?? "";
      if (!/^[a-z][A-Za-z0-9]+$/.test(id)) missing.push(`${name}: operationId ${JSON.stringify(id)} is not camelCase`);
      ids.set(id, (ids.get(id) ?? 0) + 1);
      if (!operation.summary) missing.push(`${name}: no summary`);
      if (!operation.tags?.length || !operation.tags.every((tag) => tags.has(tag))) {
        missing.push(`${name}: tags ${JSON.stringify(operation.tags)} not all defined`);
      }
      const statuses = Object.keys(operation.responses ?? {});
      if (!statuses.some((s) => /^2\d\d$/.test(s))) missing.push(`${name}: no success answer`);
      // the errors a request of its shape can meet, and the store's own fault
      const owed = ["500"];
      if (operation.parameters?.length || operation.requestBody) owed.push("422");
      if (operation.requestBody && method !== "get") owed.push("400", "413", "415");
      if (operation.security?.length) owed.push("401");
      for (const status of owed) if (!statuses.includes(status)) missing.push(`${name}: no ${status} answer`);
      for (const status of statuses) {
        const answer = operation.responses![status]!;
        if (!answer.description || answer.description === "Default Response") {
          missing.push(`${name} ${status}: no description`);
        }
        // 204 has no body; every other answer has a schema, and every error is the error body
        if (status !== "204" && !Object.values(answer.content ?? {}).some((media) => media.schema)) {
          missing.push(`${name} ${status}: no body schema`);
        }
        const error = answer.content?.["application/json"]?.schema as { required?: string[] } | undefined;
        if (/^[45]\d\d$/.test(status) && !error?.required?.includes("detail")) {
          missing.push(`${name} ${status}: the error body has no detail`);
        }
      }
    }
    for (const [id, count] of ids) if (count > 1) missing.push(`operationId ${id} is used ${count} times`);
    expect(missing).toEqual([]);
  });

  it("declares a staff call's 401 and 403, a shopper's call's 401, and a body's 400, 413, 415 and 422", () => {
    const byId = new Map(operations.map((o) => [o.operation.operationId, o.operation]));
    const statuses = (id: string) => Object.keys(byId.get(id)?.responses ?? {});
    expect(statuses("listOrders")).toEqual(expect.arrayContaining(["200", "401", "403", "422"]));
    expect(statuses("getMe")).toEqual(expect.arrayContaining(["200", "401"]));
    expect(statuses("placeOrder")).toEqual(expect.arrayContaining(["201", "400", "409", "413", "415", "422", "429"]));
    expect(statuses("signOut")).toContain("204");
    expect(byId.get("signOut")!.responses!["204"]!.content).toBeUndefined();
  });
});

describe("the check of real answers against the document", () => {
  const validator = schemaValidator();
  const operation = () => operations.find((o) => o.operation.operationId === "getCollection")!.operation;
  const collection = {
    id: 1,
    name: "Lawn",
    description: "",
    name_ur: "لان",
    description_ur: null,
    image_url: "/x.webp",
    is_featured: true,
    product_count: 3,
  };
  const json = "application/json; charset=utf-8";

  it("passes an answer its operation declares", () => {
    expect(answerProblem(operation(), 200, json, JSON.stringify(collection), validator)).toBeNull();
    expect(answerProblem(operation(), 404, json, '{"detail":"Collection not found"}', validator)).toBeNull();
  });

  it("refuses a status the operation does not declare", () => {
    expect(answerProblem(operation(), 201, json, JSON.stringify(collection), validator)).toMatch(/does not declare/);
    expect(answerProblem(operation(), 409, json, '{"detail":"x"}', validator)).toMatch(/answered 409, which it does/);
  });

  it("refuses a 500 although the document declares it: a fault is never a right answer", () => {
    expect(operation().responses!["500"]).toBeDefined();
    expect(answerProblem(operation(), 500, json, '{"detail":"x"}', validator)).toMatch(/a fault of the store/);
  });

  it("refuses a body its schema refuses: a field missing, of another type, or not declared", () => {
    const { product_count: _dropped, ...short } = collection;
    expect(answerProblem(operation(), 200, json, JSON.stringify(short), validator)).toMatch(/product_count/);
    expect(answerProblem(operation(), 200, json, JSON.stringify({ ...collection, id: "1" }), validator)).toMatch(
      /refuses/,
    );
    expect(answerProblem(operation(), 200, json, JSON.stringify({ ...collection, secret: 1 }), validator)).toMatch(
      /additional properties/,
    );
    expect(answerProblem(operation(), 404, json, '{"message":"gone"}', validator)).toMatch(/detail/);
  });

  it("refuses a body of another type than declared, or one that is not JSON", () => {
    expect(answerProblem(operation(), 200, "text/html", "<p>hi</p>", validator)).toMatch(/as text\/html/);
    expect(answerProblem(operation(), 200, json, "{", validator)).toMatch(/not JSON/);
  });

  it("sends an answer its schema misdescribes as made, never a 500 (decision 0092), and the check catches it", async () => {
    takeViolations();
    // a schema slightly off, as a field nobody had seen null yet would be
    const misdescribed = await createTestApp({}, (app) => {
      app.addHook("onRoute", (route) => {
        // a route whose handler returns an object for the serializer (a cached read sends bytes)
        if (route.url === "/api/variant-combination/:id/quantity" && route.schema?.response) {
          (route.schema.response as Record<number, unknown>)[200] = z.object({ id: z.string() });
        }
      });
    });
    try {
      const res = await misdescribed.app.inject({ url: "/api/variant-combination/1/quantity" });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: 1, stock: expect.any(Number), is_available: expect.any(Boolean) });
      expect(takeViolations()).toEqual([
        expect.stringMatching(/^GET \/api\/variant-combination\/\{id\}\/quantity answered 200 with a body its schema/),
      ]);
    } finally {
      await misdescribed.close();
    }
  });

  it("keeps every answer of a test app that breaks the contract, for the test's afterEach to fail it", async () => {
    takeViolations();
    // as a bug would: a hook ahead of the check turns one answer into a status nobody declares
    const broken = await createTestApp({}, (app) => {
      app.addHook("onSend", async (request, reply, payload) => {
        if (request.url === "/api/collections/1") reply.code(418);
        return payload;
      });
    });
    try {
      expect((await broken.app.inject({ url: "/api/collections/1" })).statusCode).toBe(418);
      expect((await broken.app.inject({ url: "/api/collections/2" })).statusCode).toBe(200);
      expect(takeViolations()).toEqual([expect.stringMatching(/^GET \/api\/collections\/\{id\} answered 418, which/)]);
    } finally {
      await broken.close();
    }
  });
});
