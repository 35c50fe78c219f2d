// Customer accounts through the staff API (the customers permission: owners, managers, fulfilment).
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { listUsers } from "../../../core/accounts/users";
import type { CoreContext } from "../../../core/context";
import { requireStaff, staffActor } from "../../plugins/staff-auth";
import { pageQuery } from "../http";
import { presentUser } from "../users";
import { staffOperation } from "./docs";

export async function adminCustomerRoutes(app: FastifyInstance, { core }: { core: CoreContext }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    "/admin/users",
    {
      schema: {
        ...staffOperation(
          "customers",
          "Accounts, newest first; search matches email or name; the total is in X-Total-Count",
        ),
        querystring: pageQuery(200, 50).extend({
          search: z.string().trim().max(100, "search must be at most 100 characters").optional(),
        }),
      },
      onRequest: requireStaff(core, "customers"),
    },
    async (request, reply) => {
      const page = await listUsers(core, staffActor(request), request.query);
      reply.header("cache-control", "no-store").header("x-total-count", String(page.total));
      return page.items.map(presentUser);
    },
  );
}
