// The audit log through the staff API: read only, newest first, filtered.
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { CoreContext } from "../../../core/context";
import { listAuditLog, type AuditRecord } from "../../../core/shared/audit";
import { idSchema, momentSchema, pageQuery } from "../http";
import { answerOf, answers, moment, pageOf } from "../answers";
import { sendPage, staffRoutes } from "./staff-routes";

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
  const staff = staffRoutes(app, core, "audit");
  staff.get(
    "/admin/audit-log",
    {
      operationId: "listAuditLog",
      summary: "The audit log, newest first; the total is in X-Total-Count",
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
    async (actor, request, reply) => {
      const q = request.query;
      const page = await listAuditLog(core, actor, {
        actorId: q.actor_id,
        entityType: q.entity_type || undefined,
        entityId: q.entity_id || undefined,
        action: q.action || undefined,
        from: q.from,
        to: q.to,
        limit: q.limit,
        offset: q.offset,
      });
      return sendPage(reply, page, presentAuditRecord);
    },
  );
}
