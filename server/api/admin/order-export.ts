// The orders list as a CSV file through the staff API (decision 0059):
// GET /api/admin/orders/export.csv takes the list's filters and streams every matching order.
// The static path wins over /admin/orders/:id in Fastify's router, and :id only takes numbers.
import { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { CoreContext } from "../../../core/context";
import { exportOrdersCsv } from "../../../core/orders/export";
import { karachiToday } from "../../../core/shared/karachi-time";
import { requireStaff, staffActor } from "../../plugins/staff-auth";
import { answers, textAnswer } from "../answers";
import { staffOperation } from "./docs";
import { listQuery } from "./orders";

const exportQuery = listQuery.omit({ limit: true, offset: true });

export async function adminOrderExportRoutes(app: FastifyInstance, { core }: { core: CoreContext }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    "/admin/orders/export.csv",
    {
      schema: {
        ...staffOperation(
          "orders",
          "Every order under the list's filters (status, search, from, to, city), newest first, as a CSV file (UTF-8 with BOM, amounts in rupees, times in Pakistan time), streamed",
        ),
        operationId: "exportOrdersCsv",
        querystring: exportQuery,
        response: answers({ 200: textAnswer("text/csv", "The orders as CSV (UTF-8 with BOM), streamed") }),
      },
      onRequest: requireStaff(core, "orders"),
    },
    async (request, reply) => {
      const q = request.query;
      // awaited before any header is sent: a refusal or a failing first query is a JSON error
      const csv = await exportOrdersCsv(core, staffActor(request), {
        status: q.status,
        search: q.search || undefined,
        from: q.from,
        to: q.to,
        city: q.city || undefined,
      });
      reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="orders-${karachiToday()}.csv"`);
      // Readable.from reads the next batch only when the socket wants more; a client that goes
      // away destroys the stream, which ends the generator and the reading with it
      return reply.send(Readable.from(csv, { objectMode: false }));
    },
  );
}
