// Every error answer is {"detail": "..."} with a fitting status, never a stack trace
// (design.md, "Errors and bad input"). Validation failures are 422 and name the field.
// Registered once on the root instance, so the API, /media, the docs and the pages share it.
import http from "node:http";
import type { Socket } from "node:net";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError } from "../../core/shared/errors";
import { CONSOLE_HEADERS, isConsoleUrl } from "../console-guard";
import { BASE_HEADERS, STRICT_POLICY } from "./security-headers";

interface FieldError {
  field: string;
  message: string;
}

// zod's own messages ("Invalid input: expected number") do not say which field; ours do
const GENERIC_MESSAGE = /^(invalid|expected|too (small|big)|required|unrecognized)/i;

function describe(field: string, message: string): string {
  return GENERIC_MESSAGE.test(message) || !field ? `${field || "request"}: ${message}` : message;
}

function fieldErrors(error: FastifyError): FieldError[] {
  const context = error.validationContext ?? "body";
  return (error.validation ?? []).map((issue) => {
    // instancePath is "/items/0/quantity" for a field, "/" for the whole body
    const path = issue.instancePath.split("/").filter(Boolean).join(".");
    const field = path || (context === "body" ? "" : context);
    return { field, message: issue.message ?? "is invalid" };
  });
}

export const BODY_TOO_LARGE = "The request body is too large.";

/**
 * 413: the answer closes the connection, so the rest of a huge body is not read off the
 * network just to be thrown away (Node would otherwise drain it to keep the connection).
 */
export function refuseTooLarge(reply: FastifyReply): FastifyReply {
  return reply.code(413).header("connection", "close").send({ detail: BODY_TOO_LARGE });
}

function notFoundDetail(request: FastifyRequest): string {
  const path = request.url.split("?")[0] ?? "";
  const what = path === "/api" || path.startsWith("/api/") ? "No such API call" : "Not found";
  return `${what}: ${request.method} ${path}`;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfter !== undefined) reply.header("retry-after", String(error.retryAfter));
      return reply.code(error.status).send({ detail: error.message, ...error.extra });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrors(error);
      const first = errors[0];
      return reply
        .code(422)
        .send({ detail: first ? describe(first.field, first.message) : "The request is invalid.", errors });
    }
    const status = error.statusCode ?? 500;
    switch (error.code) {
      case "FST_ERR_CTP_INVALID_JSON_BODY":
      case "FST_ERR_CTP_EMPTY_JSON_BODY":
        return reply.code(400).send({ detail: "The request body is not valid JSON." });
      case "FST_ERR_CTP_BODY_TOO_LARGE":
        return refuseTooLarge(reply);
      case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
        return reply.code(415).send({ detail: "Send the request body as JSON (Content-Type: application/json)." });
      case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
        return reply.code(400).send({ detail: "The Content-Length header does not match the body." });
    }
    if (status === 416) {
      // a Range header past the end of a file (/media, static files)
      return reply.code(416).send({ detail: "The requested range is not within the file." });
    }
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ detail: error.message || "The request could not be handled." });
    }
    request.log.error({ err: error }, "request failed");
    return reply.code(500).send({ detail: "Something went wrong on our side. Please try again." });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ detail: notFoundDetail(request) });
  });
}

/**
 * Errors Fastify's router raises before any route or hook runs (Fastify's frameworkErrors
 * option): an address part that is not valid percent-encoded UTF-8, or longer than
 * maxParamLength.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  // these answers skip the onSend hooks, security-headers' among them
  reply.headers({ "content-security-policy": STRICT_POLICY, ...BASE_HEADERS });
  // and come before the first hook, which gives the console's answers their headers (decision 0085)
  if (isConsoleUrl(request.url)) reply.headers(CONSOLE_HEADERS);
  if (error.code === "FST_ERR_MAX_PARAM_LENGTH") {
    reply.code(414).send({ detail: "A part of the address is too long." });
    return;
  }
  reply.code(400).send({ detail: "The address has malformed percent-encoding." });
}

const CLIENT_ERRORS: Record<string, { status: number; detail: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, detail: "The request took too long to arrive." },
  HPE_HEADER_OVERFLOW: { status: 431, detail: "The request headers are too large." },
};

/**
 * Requests Node's HTTP parser refuses or times out (Fastify's clientErrorHandler option): an
 * unknown method, a malformed request line or header, headers over 16 KB, a request slower
 * than the time limits. No request object exists, so the answer is written to the socket as
 * Node would, but as {"detail"} with the strict headers, and the connection is closed.
 */
export function answerClientError(this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
  // a reset connection has no one to answer
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const { status, detail } = CLIENT_ERRORS[error.code ?? ""] ?? {
    status: 400,
    detail: "The request could not be read as HTTP.",
  };
  this.log.debug({ err: error }, "client error");
  if (socket.writable) {
    const body = JSON.stringify({ detail });
    const headers = {
      "content-type": "application/json; charset=utf-8",
      "content-length": String(Buffer.byteLength(body)),
      "content-security-policy": STRICT_POLICY,
      ...BASE_HEADERS,
      connection: "close",
    };
    const head = Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join("");
    socket.write(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n${head}\r\n${body}`);
  }
  socket.destroy(error);
}
