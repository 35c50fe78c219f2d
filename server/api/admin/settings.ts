// The store's security settings through the staff API: the owner may require two-step sign-in.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { CoreContext } from "../../../core/context";
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
}
