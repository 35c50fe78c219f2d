// Customer accounts through the staff API (the customers permission: owners, managers, fulfilment):
// the list, one customer with their totals and addresses, and their orders (issue 14, point 10).
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  getCustomer,
  listCustomerOrders,
  orderCounts,
  type CustomerDetail,
  type CustomerOrder,
} from "../../../core/accounts/customers";
import { listUsers } from "../../../core/accounts/users";
import type { CoreContext } from "../../../core/context";
import { requireStaff, staffActor } from "../../plugins/staff-auth";
import { money } from "../../serialize";
import { pageQuery } from "../http";
import { presentUser } from "../users";
import { staffOperation } from "./docs";

// any text up to 20 characters: core answers 404 for what is not an account's id
const customerParams = z.object({ id: z.string().max(20, "id must be a customer's id") });

const presentCustomer = (c: CustomerDetail) => ({
  ...presentUser(c.account),
  is_staff: c.account.role !== "customer",
  totals: {
    orders: c.totals.orders,
    delivered: c.totals.delivered,
    cancelled_or_returned: c.totals.cancelledOrReturned,
    spent_on_delivered: money(c.totals.spentPaisa),
  },
  addresses: c.addresses.map((a) => ({
    shipping_address: a.shippingAddress,
    city: a.city,
    orders: a.orders,
    last_used_at: a.lastUsedAt,
  })),
});

const presentCustomerOrder = (o: CustomerOrder) => ({
  id: o.id,
  tracking_id: o.trackingId,
  status: o.status,
  total: money(o.totalPaisa),
  city: o.city,
  created_at: o.createdAt,
  placed_as: o.placedAs,
  matched_by: o.matchedBy,
});

export async function adminCustomerRoutes(app: FastifyInstance, { core }: { core: CoreContext }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    "/admin/users",
    {
      schema: {
        ...staffOperation(
          "customers",
          "Accounts, newest first; search matches email, name or phone; each with its order_count; the total is in X-Total-Count",
        ),
        querystring: pageQuery(200, 50).extend({
          search: z.string().trim().max(100, "search must be at most 100 characters").optional(),
        }),
      },
      onRequest: requireStaff(core, "customers"),
    },
    async (request, reply) => {
      const page = await listUsers(core, staffActor(request), request.query);
      const counts = await orderCounts(core, page.items);
      reply.header("x-total-count", String(page.total));
      return page.items.map((user) => ({ ...presentUser(user), order_count: counts.get(user.id) ?? 0 }));
    },
  );

  api.get(
    "/admin/customers/:id",
    {
      schema: {
        ...staffOperation(
          "customers",
          "One customer: the account, totals (orders, delivered, cancelled or returned, spent on delivered orders) and the addresses they ship to. Guest orders with the account's email or phone count too",
        ),
        params: customerParams,
      },
      onRequest: requireStaff(core, "customers"),
    },
    async (request) => {
      return presentCustomer(await getCustomer(core, staffActor(request), request.params.id));
    },
  );

  api.get(
    "/admin/customers/:id/orders",
    {
      schema: {
        ...staffOperation(
          "customers",
          "A customer's orders, newest first: their own (placed_as account) and guest orders with their email or phone (placed_as guest, matched_by); the total is in X-Total-Count",
        ),
        params: customerParams,
        querystring: pageQuery(100, 20),
      },
      onRequest: requireStaff(core, "customers"),
    },
    async (request, reply) => {
      const page = await listCustomerOrders(core, staffActor(request), request.params.id, request.query);
      reply.header("x-total-count", String(page.total));
      return page.items.map(presentCustomerOrder);
    },
  );
}
