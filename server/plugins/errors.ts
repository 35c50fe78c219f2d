// Every error answer is {"detail": "..."} with a fitting status, never a stack trace
// (design.md, "Errors and bad input"). Validation failures are 422 and name the field.
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError } from "../../core/shared/errors";

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
        return reply.code(413).send({ detail: "The request body is too large." });
      case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
        return reply.code(415).send({ detail: "Send the request body as JSON (Content-Type: application/json)." });
      case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
        return reply.code(400).send({ detail: "The Content-Length header does not match the body." });
    }
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ detail: error.message || "The request could not be handled." });
    }
    request.log.error({ err: error }, "request failed");
    return reply.code(500).send({ detail: "Something went wrong on our side. Please try again." });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ detail: `No such API call: ${request.method} ${request.url.split("?")[0]}` });
  });
}
