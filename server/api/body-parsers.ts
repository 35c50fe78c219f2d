// Request bodies beyond plain JSON for the shop's routes. Registered inside a route plugin, they
// apply to that plugin's routes only.
import type { FastifyInstance } from "fastify";
import { AppError } from "../../core/shared/errors";

/**
 * Form posts (application/x-www-form-urlencoded), e.g. the AMP product page's add-to-cart form
 * (spec §7). Fields become strings; a repeated field keeps its last value.
 */
export function acceptFormPosts(app: FastifyInstance): void {
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  // amp-form's action-xhr sends FormData, i.e. multipart/form-data; the Fetch API's own parser
  // reads it (text fields only: a file field is refused)
  app.addContentTypeParser("multipart/form-data", { parseAs: "buffer" }, (request, body, done) => {
    new Response(new Uint8Array(body as Buffer), { headers: { "content-type": request.headers["content-type"] ?? "" } })
      .formData()
      .then((form) => {
        const fields: Record<string, string> = {};
        for (const [name, value] of form) {
          if (typeof value !== "string") throw new AppError(422, `${name}: files cannot be sent here`);
          fields[name] = value;
        }
        done(null, fields);
      })
      .catch((error: unknown) =>
        done(error instanceof AppError ? error : new AppError(400, "The form data could not be read.")),
      );
  });
}

/**
 * JSON, where an empty body counts as no body: clients send Content-Type: application/json on
 * calls without a payload (POST /apply-voucher/{code}, the cart's DELETE calls), which Fastify
 * otherwise refuses with 400.
 */
export function acceptEmptyJson(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    if ((body as string).trim() === "") {
      done(null, undefined);
      return;
    }
    parseJson(request, body as string, done);
  });
}
