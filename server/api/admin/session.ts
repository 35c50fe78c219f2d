// The staff API's sign-in: POST /api/admin/session answers a bearer token for
// an integration; with two-step sign-in on, the code goes with the password.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { CoreContext } from "../../../core/context";
import { ROLE_PERMISSIONS, type StaffActor } from "../../../core/shared/permissions";
import { signInStaff, signOutStaff, staffSignInInput } from "../../../core/staff/sign-in";
import { findStaffSession } from "../../../core/staff/sessions";
import { requireStaff, staffActor } from "../../plugins/staff-auth";
import { staffOperation } from "./docs";
import { answerOf, answers, noContent } from "../answers";
import { z } from "zod";

export const staffActorAnswer = answerOf<ReturnType<typeof presentStaffActor>>()(
  z.object({
    id: z.int(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    role: z.string(),
    permissions: z.array(z.string()),
    two_step_enabled: z.boolean(),
  }),
);

export function presentStaffActor(actor: StaffActor) {
  return {
    id: actor.userId,
    email: actor.email,
    first_name: actor.firstName,
    last_name: actor.lastName,
    role: actor.role,
    permissions: ROLE_PERMISSIONS[actor.role],
    two_step_enabled: actor.twoStepEnabled,
  };
}

export async function adminSessionRoutes(app: FastifyInstance, { core }: { core: CoreContext }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    "/admin/session",
    {
      schema: {
        tags: ["admin"],
        summary:
          "Staff sign-in for integrations: email, password and, with two-step sign-in on, the six-digit code (or a recovery code). Answers a bearer token for /api/admin; 401 wrong, 403 while a first password or the two-step sign-in the owner requires is owed (put right in the console), 429 after repeated failures.",
        operationId: "signInStaff",
        body: staffSignInInput,
        response: answers(
          {
            201: z.object({
              access_token: z.string(),
              token_type: z.literal("bearer"),
              staff: staffActorAnswer.nullable(),
            }),
          },
          401,
          403,
          429,
        ),
      },
    },
    async (request, reply) => {
      const signedIn = await signInStaff(core, request.body, "api", {
        ip: request.ip,
        userAgent: request.headers["user-agent"] ?? null,
      });
      const found = await findStaffSession(core, signedIn.token, "api", { ip: request.ip });
      return reply.code(201).send({
        access_token: signedIn.token,
        token_type: "bearer" as const,
        staff: found ? presentStaffActor(found.actor) : null,
      });
    },
  );

  api.delete(
    "/admin/session",
    {
      schema: {
        ...staffOperation(null, "Ends the session of this token (204)"),
        operationId: "signOutStaff",
        response: answers({ 204: noContent }),
      },
      // ending a session is never refused, whatever the member still owes
      onRequest: requireStaff(core, null, { whileOwed: true }),
    },
    async (request, reply) => {
      await signOutStaff(core, staffActor(request));
      return reply.code(204).send();
    },
  );

  api.get(
    "/admin/me",
    {
      schema: {
        ...staffOperation(null, "The signed-in staff member, their role and permissions"),
        operationId: "getStaffMe",
        response: answers({ 200: staffActorAnswer }),
      },
      onRequest: requireStaff(core, null),
    },
    async (request) => {
      return presentStaffActor(staffActor(request));
    },
  );
}
