// Every answer an API test gets is checked against what its operation declares in the store's
// OpenAPI document (decision 0092): a status the operation does not declare, or a body its
// declared schema refuses, fails the test that made the request. The apps of tests/helpers/app.ts
// and page-app.ts install the check, so every API test checks its answers without saying so,
// through app.inject and through real sockets alike. The document is read as served (JSON Schema
// 2020-12 inside OpenAPI 3.1), so what is checked is what a client generator reads.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { afterEach } from "vitest";

interface MediaType {
  schema?: object;
}
interface DeclaredAnswer {
  content?: Record<string, MediaType>;
}
interface Operation {
  responses?: Record<string, DeclaredAnswer>;
}
export interface ApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

// what the tests of this file have got that their operations do not declare
const violations: string[] = [];

/** What was found since the last call, and forgets it (the check's own test). */
export function takeViolations(): string[] {
  return violations.splice(0);
}

// every test of a file whose app checks answers fails when one of its answers broke the contract
afterEach(() => {
  const found = takeViolations();
  if (found.length > 0) {
    throw new Error(`answers that do not match the API document:\n${found.join("\n")}`);
  }
});

/** The document's path of a route: /api/products/:id becomes /api/products/{id}. */
export function documentPath(routeUrl: string): string {
  return routeUrl.replace(/:([A-Za-z0-9_]+)/g, "{$1}");
}

function bodyText(payload: unknown): string | null {
  if (typeof payload === "string") return payload;
  if (Buffer.isBuffer(payload)) return payload.toString("utf8");
  return null;
}

/** What is wrong with this answer for the operation's declaration, or null when it matches. */
export function answerProblem(
  operation: Operation,
  status: number,
  contentType: string | undefined,
  body: string | null,
  validator: (schema: object) => ValidateFunction,
): string | null {
  // declared in the document so clients know its body, but never a right answer to a test's request
  if (status >= 500) return `answered ${status}, a fault of the store: ${(body ?? "").slice(0, 300)}`;
  const declared = operation.responses?.[String(status)];
  if (!declared) {
    const known = Object.keys(operation.responses ?? {}).join(", ");
    return `answered ${status}, which it does not declare (it declares ${known}): ${(body ?? "").slice(0, 300)}`;
  }
  // nothing to read: a 204, a HEAD, a file sent as a stream
  if (body === null || body === "") {
    return declared.content && status !== 204 && body === "" ? `answered ${status} with an empty body` : null;
  }
  if (!declared.content) return `answered ${status} with a body where it declares none: ${body.slice(0, 300)}`;
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  const media = declared.content[type];
  if (!media) {
    return `answered ${status} as ${type || "no type"}, but declares ${Object.keys(declared.content).join(", ")}`;
  }
  if (!media.schema) return null;
  let value: unknown = body;
  if (type === "application/json") {
    try {
      value = JSON.parse(body);
    } catch {
      return `answered ${status} with a body that is not JSON: ${body.slice(0, 300)}`;
    }
  }
  const validate = validator(media.schema);
  if (validate(value)) return null;
  const errors = (validate.errors ?? [])
    .slice(0, 5)
    .map((e) => `${e.instancePath || "(body)"} ${e.message ?? ""} ${JSON.stringify(e.params)}`)
    .join("; ");
  return `answered ${status} with a body its schema refuses: ${errors}; body: ${body.slice(0, 400)}`;
}

/** A validator for the document's schemas, each compiled once. */
export function schemaValidator(): (schema: object) => ValidateFunction {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  const compiled = new Map<object, ValidateFunction>();
  return (schema) => {
    let validate = compiled.get(schema);
    if (!validate) {
      validate = ajv.compile(schema);
      compiled.set(schema, validate);
    }
    return validate;
  };
}

/**
 * buildApp's firstHooks: an onSend hook ahead of every other (before compression), which checks
 * each answer of a documented /api operation and keeps what does not match for afterEach.
 */
export function checkAnswers(app: FastifyInstance): void {
  let document: ApiDocument | undefined;
  const validator = schemaValidator();
  app.addHook("onSend", async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const route = request.routeOptions;
    if (!route.url?.startsWith("/api/") || (route.schema as { hide?: boolean } | undefined)?.hide) return payload;
    document ??= app.swagger() as unknown as ApiDocument;
    const method = request.method === "HEAD" ? "get" : request.method.toLowerCase();
    const path = documentPath(route.url);
    const operation = document.paths[path]?.[method];
    const problem = operation
      ? answerProblem(
          operation,
          reply.statusCode,
          reply.getHeader("content-type") as string | undefined,
          request.method === "HEAD" ? null : bodyText(payload),
          validator,
        )
      : "is not in the API document";
    if (problem) violations.push(`${request.method} ${path} ${problem}`);
    return payload;
  });
}
