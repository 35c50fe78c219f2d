// Products as CSV through the staff API (decision 0065): the export streams
// every product and combination; an import is sent as the file itself (Content-Type text/csv,
// at most 10 MB), answered with its preview, and applied by its id, once.
// The static paths win over /admin/products/:id in Fastify's router.
import { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  applyProductImport,
  exportProductsCsv,
  IMPORT_LIMITS,
  previewProductImport,
  type ImportCounts,
  type ImportPreview,
} from "../../../core/catalog/product-csv";
import type { CoreContext } from "../../../core/context";
import { karachiToday } from "../../../core/shared/karachi-time";
import { requireStaff, staffActor } from "../../plugins/staff-auth";
import { idParams } from "../http";
import { answerOf, answers, moment, textAnswer } from "../answers";
import { staffOperation } from "./docs";

const presentCounts = (c: ImportCounts) => ({
  rows: c.rows,
  products_to_create: c.productsToCreate,
  products_to_update: c.productsToUpdate,
  products_unchanged: c.productsUnchanged,
  combinations_to_create: c.combinationsToCreate,
  combinations_to_update: c.combinationsToUpdate,
  combinations_unchanged: c.combinationsUnchanged,
  stock_changes: c.stockChanges,
});

const presentPreview = (p: ImportPreview) => ({
  id: p.id,
  file_name: p.fileName,
  counts: presentCounts(p.counts),
  error_count: p.errorCount,
  errors: p.errors,
  applied_at: p.appliedAt,
});

const importCountsAnswer = answerOf<ReturnType<typeof presentCounts>>()(
  z.object({
    rows: z.number(),
    products_to_create: z.number(),
    products_to_update: z.number(),
    products_unchanged: z.number(),
    combinations_to_create: z.number(),
    combinations_to_update: z.number(),
    combinations_unchanged: z.number(),
    stock_changes: z.number(),
  }),
);

const importPreviewAnswer = answerOf<ReturnType<typeof presentPreview>>()(
  z.object({
    id: z.number(),
    file_name: z.string(),
    counts: importCountsAnswer,
    error_count: z.number(),
    errors: z.array(
      z.object({
        line: z.number(),
        field: z.string().nullable(),
        message: z.string(),
      }),
    ),
    applied_at: moment.nullable(),
  }),
);

export async function adminProductCsvRoutes(app: FastifyInstance, { core }: { core: CoreContext }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // the file itself is the body; its size is checked by the body limit below (413)
  app.addContentTypeParser(["text/csv", "text/plain"], { parseAs: "buffer" }, (_request, body, done) => {
    done(null, body);
  });

  api.get(
    "/admin/products/export.csv",
    {
      schema: {
        operationId: "exportProductsCsv",
        response: answers({
          200: textAnswer("text/csv", "Every product and combination as CSV (UTF-8 with BOM), streamed"),
        }),
        ...staffOperation(
          "products",
          "Every product that is not archived as a CSV file (UTF-8 with BOM): one row per combination, or per product sold without options, the product's columns repeated; the file imports back unchanged",
        ),
      },
      onRequest: requireStaff(core, "products"),
    },
    async (request, reply) => {
      const csv = await exportProductsCsv(core, staffActor(request));
      reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="products-${karachiToday()}.csv"`);
      return reply.send(Readable.from(csv, { objectMode: false }));
    },
  );

  api.post(
    "/admin/products/imports",
    {
      bodyLimit: IMPORT_LIMITS.bytes,
      schema: {
        operationId: "previewProductImport",
        response: answers({ 201: importPreviewAnswer }, 400, 413, 415, 422),

        ...staffOperation(
          "products",
          "Checks a product CSV (the body, Content-Type text/csv, at most 10 MB and 50,000 rows) and keeps it: every row's errors with line and field, and the counts to create and update. Nothing in the catalogue is written; apply it with POST /admin/products/imports/{id}/apply. 413 for a file too large, 422 for one that is not CSV",
        ),
        querystring: z.object({
          file_name: z.string().max(200, "file_name must be at most 200 characters").optional(),
        }),
      },
      onRequest: requireStaff(core, "products"),
    },
    async (request, reply) => {
      const body = request.body;
      const content = Buffer.isBuffer(body) ? new Uint8Array(body) : typeof body === "string" ? body : null;
      if (content === null)
        return reply.code(415).send({ detail: "Send the CSV file itself as the body, with Content-Type: text/csv." });
      const preview = await previewProductImport(core, staffActor(request), {
        fileName: request.query.file_name ?? "products.csv",
        content,
      });
      reply.code(201);
      return presentPreview(preview);
    },
  );

  api.post(
    "/admin/products/imports/:id/apply",
    {
      schema: {
        operationId: "applyProductImport",
        response: answers(
          { 200: z.object({ id: z.int(), applied: z.literal(true), counts: importCountsAnswer }) },
          404,
          409,
        ),

        ...staffOperation(
          "products",
          "Applies a previewed import, once (409 the second time, or while it is being applied): every row is checked against the catalogue as it is now, and any row that no longer fits (422 with errors) or a stock that moved since the preview (409 with moved) refuses all of it. Then it creates or updates products, options and combinations and sets stock through the ledger (reason import; needs the stock permission too) in batches of whole products, one transaction each, so the store keeps serving meanwhile. A batch refused by a change made meanwhile leaves the earlier ones written: the answer (409 or 422) names imported_lines and not_imported_lines, and applying again finishes the rest",
        ),
        params: idParams,
      },
      onRequest: requireStaff(core, "products"),
    },
    async (request) => {
      const done = await applyProductImport(core, staffActor(request), request.params.id);
      return { id: done.id, applied: true, counts: presentCounts(done.counts) };
    },
  );
}
