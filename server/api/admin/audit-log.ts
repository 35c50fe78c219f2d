// The audit log through the staff API: read only, newest first, filtered.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { CoreContext } from "../../../core/context";
import { listAuditLog, type AuditRecord } from "../../../core/shared/audit";
import { requireStaff, staffActor } from "../../plugins/staff-auth";
import { idSchema, momentSchema, pageQuery } from "../http";
import { staffOperation } from "./docs";
import { answerOf, answers, moment, pageOf } from "../answers";

const auditRecordAnswer = answerOf<ReturnType<typeof presentAuditRecord>>()(
  z.object({
    id: z.int(),
    at: moment,
    actor_id: z.int().nullable(),
    actor_email: z.string().nullable(),
    actor_name: z.string().nullable(),
    ip: z.string().nullable(),
    action: z.string(),
    entity_type: z.string().nullable(),
    entity_id: z.string().nullable(),
    changes: z.record(z.string(), z.unknown()).nullable(),
  }),
);

const text = (name: string, max: number) =>
  z.string().trim().max(max, `${name} must be at most ${max} characters`).optional();

export function presentAuditRecord(record: AuditRecord) {
  return {
    id: record.id,
    at: record.at,
    actor_id: record.actorId,
    actor_email: record.actorEmail,
    actor_name: record.actorName,
    ip: record.ip,
    action: record.action,
    entity_type: record.entityType,
    entity_id: record.entityId,
    changes: record.changes,
  };
}

export async function adminAuditLogRoutes(app: FastifyInstance, { core }: { core: CoreContext }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    "/admin/audit-log",
    {
      schema: {
        ...staffOperation("audit", "The audit log, newest first; the total is in X-Total-Count"),
        operationId: "listAuditLog",
        response: answers({ 200: pageOf(auditRecordAnswer) }),
        querystring: pageQuery(200, 50).extend({
          actor_id: idSchema("actor_id").optional(),
          entity_type: text("entity_type", 50),
          entity_id: text("entity_id", 100),
          action: text("action", 100),
          from: momentSchema("from"),
          to: momentSchema("to"),
        }),
      },
      onRequest: requireStaff(core, "audit"),
    },
    async (request, reply) => {
      const q = request.query;
      const page = await listAuditLog(core, staffActor(request), {
        actorId: q.actor_id,
        entityType: q.entity_type || undefined,
        entityId: q.entity_id || undefined,
        action: q.action || undefined,
        from: q.from,
        to: q.to,
        limit: q.limit,
        offset: q.offset,
      });
      reply.header("x-total-count", String(page.total));
      return page.items.map(presentAuditRecord);
    },
  );
}
