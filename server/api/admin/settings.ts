// The store's settings through the staff API: the owner may require two-step sign-in, and
// chooses how parcels are labelled (discreet packaging, decision 0058).
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { CoreContext } from "../../../core/context";
import { getPackagingSettings, setPackagingSettings, type PackagingSettings } from "../../../core/settings/packaging";
import { getStaffSecuritySettings, setStaffTwoStepRequired } from "../../../core/staff/accounts";
import { requireStaff, staffActor } from "../../plugins/staff-auth";
import { staffOperation } from "./docs";

export async function adminSettingsRoutes(app: FastifyInstance, { core }: { core: CoreContext }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    "/admin/settings/security",
    {
      schema: staffOperation("settings", "Whether every staff account must use two-step sign-in"),
      onRequest: requireStaff(core, "settings"),
    },
    async (request) => ({
      two_step_required: (await getStaffSecuritySettings(core, staffActor(request))).twoStepRequired,
    }),
  );

  api.put(
    "/admin/settings/security",
    {
      schema: {
        ...staffOperation("settings", "Requires (or stops requiring) two-step sign-in of every staff account"),
        body: z.object({ two_step_required: z.boolean({ error: "two_step_required must be true or false" }) }),
      },
      onRequest: requireStaff(core, "settings"),
    },
    async (request) => ({
      two_step_required: (await setStaffTwoStepRequired(core, staffActor(request), request.body.two_step_required))
        .twoStepRequired,
    }),
  );

  const packaging = (p: PackagingSettings) => ({
    discreet_packaging: p.discreetPackaging,
    discreet_sender_name: p.discreetSenderName,
    sender_name_shown: p.senderNameShown,
  });

  api.get(
    "/admin/settings/packaging",
    {
      schema: staffOperation("settings", "Whether parcels' outer labels are discreet, and the sender name they show"),
      onRequest: requireStaff(core, "settings"),
    },
    async (request) => packaging(await getPackagingSettings(core, staffActor(request))),
  );

  api.put(
    "/admin/settings/packaging",
    {
      schema: {
        ...staffOperation(
          "settings",
          "Turns discreet packaging on or off; discreet_sender_name (optional, null or empty for the default) is the sender a discreet label shows",
        ),
        body: z.object({
          discreet_packaging: z.boolean({ error: "discreet_packaging must be true or false" }),
          // checked in core (length, one line, not the store's name or its goods)
          discreet_sender_name: z.string({ error: "discreet_sender_name must be text" }).nullable().optional(),
        }),
      },
      onRequest: requireStaff(core, "settings"),
    },
    async (request) => packaging(await setPackagingSettings(core, staffActor(request), request.body)),
  );
}
