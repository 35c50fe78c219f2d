// Staff accounts through the staff API: the same core use-cases as the
// console's staff screen, with the same permission (staff: owners only).
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  addStaff,
  addStaffInput,
  listStaff,
  updateStaff,
  updateStaffInput,
  type StaffMember,
} from "../../../core/staff/accounts";
import { resendStaffInvitation, type Invitation } from "../../../core/staff/invitations";
import type { CoreContext } from "../../../core/context";
import type { AppConfig } from "../../config";
import { idSchema } from "../http";
import { staffActorAnswer } from "./session";
import { answerOf, answers, moment } from "../answers";
import { staffRoutes } from "./staff-routes";

const staffMemberAnswer = answerOf<ReturnType<typeof presentStaffMember>>()(
  staffActorAnswer.omit({ permissions: true }).extend({
    active: z.boolean(),
    must_change_password: z.boolean(),
    invitation_pending: z.boolean(),
    last_sign_in_at: moment.nullable(),
    created_at: moment,
  }),
);

const invitationFields = { sign_in_link: z.string(), expires_at: moment };

export function presentStaffMember(member: StaffMember) {
  return {
    id: member.id,
    email: member.email,
    first_name: member.firstName,
    last_name: member.lastName,
    role: member.role,
    active: member.active,
    two_step_enabled: member.twoStep,
    must_change_password: member.mustChangePassword,
    invitation_pending: member.invitationPending,
    last_sign_in_at: member.lastSignInAt,
    created_at: member.createdAt,
  };
}

/** The sign-in link to send the person: the console page that sets their password. */
export const invitationLink = (publicUrl: string, invitation: Invitation) => ({
  sign_in_link: `${publicUrl}/admin/welcome?token=${invitation.token}`,
  expires_at: invitation.expiresAt,
});

const memberParams = z.object({ id: idSchema("id") });

export async function adminStaffRoutes(
  app: FastifyInstance,
  { core, config }: { core: CoreContext; config: AppConfig },
) {
  const staff = staffRoutes(app, core, "staff");

  staff.get(
    "/admin/staff",
    {
      operationId: "listStaff",
      summary: "Everyone on the staff",
      response: answers({ 200: z.array(staffMemberAnswer) }),
    },
    async (actor) => {
      return (await listStaff(core, actor)).map(presentStaffMember);
    },
  );

  staff.post(
    "/admin/staff",
    {
      operationId: "addStaff",
      summary:
        "Adds a staff member (201). Without initial_password the answer holds a one-time sign-in link (3 days) to send them; with it, they must change it at first sign-in. An email that has a shop account is added only with the link (409 otherwise); that account's shop sessions, phone, email confirmation and unused links end.",
      body: addStaffInput,
      response: answers(
        {
          201: staffMemberAnswer
            .extend({ sign_in_link: invitationFields.sign_in_link.optional(), expires_at: moment.optional() })
            .describe("The member; with the one-time sign-in link when no initial_password was given"),
        },
        409,
      ),
    },
    async (actor, request, reply) => {
      const { member, invitation } = await addStaff(core, actor, request.body);
      return reply.code(201).send({
        ...presentStaffMember(member),
        ...(invitation ? invitationLink(config.publicUrl, invitation) : {}),
      });
    },
  );

  staff.patch(
    "/admin/staff/:id",
    {
      operationId: "updateStaff",
      summary:
        "Changes a member's role or name, or turns them on or off; a new role or a turn off or on ends their sessions at once. 409 for the last active owner, or when expected_role/expected_active no longer hold.",
      params: memberParams,
      body: updateStaffInput,
      response: answers({ 200: staffMemberAnswer }, 404, 409),
    },
    async (actor, request) => presentStaffMember(await updateStaff(core, actor, request.params.id, request.body)),
  );

  staff.post(
    "/admin/staff/:id/sign-in-link",
    {
      operationId: "resendStaffSignInLink",
      summary: "A new one-time sign-in link for a member (their password and sessions end)",
      params: memberParams,
      response: answers({ 201: z.object(invitationFields) }, 404, 409),
    },
    async (actor, request, reply) => {
      const invitation = await resendStaffInvitation(core, actor, request.params.id);
      return reply.code(201).send(invitationLink(config.publicUrl, invitation));
    },
  );
}
