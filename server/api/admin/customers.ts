// The shop's customers through the staff API (the customers permission: owners, managers,
// fulfilment; decision 0096): everyone who ordered, guests included, one per phone, with their
// counts; one customer with the account they ordered with, what they spent and where they ship;
// their orders. And the accounts list (/admin/users), which shows who signed up, ordered or not.
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { orderCounts } from "../../../core/orders/account-order-counts";
import { listUsers } from "../../../core/staff/shop-accounts";
import type { CoreContext } from "../../../core/context";
import {
  CUSTOMER_SEARCH_MAX,
  CUSTOMER_SORTS,
  getCustomer,
  listCustomerOrders,
  listCustomers,
  type CustomerDetail,
  type CustomerOrder,
  type CustomerSummary,
} from "../../../core/orders/customers";
import { ORDER_STATUSES } from "../../../core/orders/vocabulary";
import { money, type Rupees } from "../../serialize";
import { pageQuery } from "../http";
import { presentUser, userAnswer } from "../user-answers";
import { errorAnswerAbout } from "../answers";
import { sendPage, staffRoutes } from "./staff-routes";

// any text up to 20 characters: core answers 404 for what is not a customer's id
const customerParams = z.object({ id: z.string().max(20, "id must be a customer's id") });

// a NUL never gets here (refused as a bad address before routing); core drops other control characters
const searchQuery = z
  .string()
  .max(CUSTOMER_SEARCH_MAX, `search must be at most ${CUSTOMER_SEARCH_MAX} characters`)
  .optional();

// the error body every operation shares
const problem = errorAnswerAbout;
const denied = {
  // refused before any route: a NUL byte or a lone surrogate in the address, or an address too long
  400: problem("The address has a NUL byte or malformed percent-encoding"),
  414: problem("The address is too long"),
  401: problem("No staff token, or a bad or expired one"),
  403: problem("A shopper's token, or a staff member without the customers permission"),
};
// written by the API's serializer as a number with two decimals (server/serialize.ts): the document
// says number, the handler hands over the Rupees that prints it
const rupees = z.number().describe("rupees, such as 2499.00") as unknown as z.ZodType<Rupees>;
const moment = z.iso.datetime({ offset: true });

const customerSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string().describe("as the newest order gave it"),
  phone_key: z
    .string()
    .describe("the digits every form of the phone is compared by: 923XXXXXXXXX for a Pakistani mobile"),
  email: z.string().nullable().describe("the newest order's, null when none was given"),
  orders: z.number().int(),
  delivered: z.number().int(),
  refused_or_returned: z.number().int(),
  cancelled: z.number().int(),
  first_order_at: moment,
  last_order_at: moment,
  account_id: z.number().int().nullable().describe("the account that ordered with this phone most recently"),
  blocked: z.boolean().describe("the phone is on the block list: its orders are held for a call"),
  blocked_reason: z.string().nullable(),
});

const customerDetail = customerSummary.extend({
  account: z
    .object({ id: z.number().int(), email: z.string(), name: z.string(), is_staff: z.boolean(), joined_at: moment })
    .nullable(),
  other_phones: z
    .array(z.object({ id: z.number().int(), phone: z.string(), orders: z.number().int() }))
    .describe("the account's other phones it ordered with, each a customer of its own"),
  spent_on_delivered: rupees,
  addresses: z.array(
    z.object({ shipping_address: z.string(), city: z.string(), orders: z.number().int(), last_used_at: moment }),
  ),
});

const customerOrder = z.object({
  id: z.number().int(),
  tracking_id: z.string(),
  status: z.enum(ORDER_STATUSES),
  total: rupees,
  city: z.string(),
  created_at: moment,
  placed_as: z.enum(["account", "guest"]),
});

const account = userAnswer.extend({ order_count: z.number().int() });

const presentSummary = (c: CustomerSummary) => ({
  id: c.id,
  name: c.name,
  phone: c.phone,
  phone_key: c.phoneKey,
  email: c.email || null,
  orders: c.orders,
  delivered: c.delivered,
  refused_or_returned: c.returned,
  cancelled: c.cancelled,
  first_order_at: c.firstOrderAt.toISOString(),
  last_order_at: c.lastOrderAt.toISOString(),
  account_id: c.userId,
  blocked: c.blocked !== null,
  blocked_reason: c.blocked?.reason ?? null,
});

const presentDetail = (c: CustomerDetail) => ({
  ...presentSummary(c),
  account: c.account && {
    id: c.account.id,
    email: c.account.email,
    name: c.account.name,
    is_staff: c.account.isStaff,
    joined_at: c.account.joinedAt.toISOString(),
  },
  other_phones: c.otherPhones,
  spent_on_delivered: money(c.spentPaisa),
  addresses: c.addresses.map((a) => ({
    shipping_address: a.shippingAddress,
    city: a.city,
    orders: a.orders,
    last_used_at: a.lastUsedAt.toISOString(),
  })),
});

const presentOrder = (o: CustomerOrder) => ({
  id: o.id,
  tracking_id: o.trackingId,
  status: o.status,
  total: money(o.totalPaisa),
  city: o.city,
  created_at: o.createdAt.toISOString(),
  placed_as: o.placedAs,
});

export async function adminCustomerRoutes(app: FastifyInstance, { core }: { core: CoreContext }) {
  const staff = staffRoutes(app, core, "customers");

  staff.get(
    "/admin/customers",
    {
      operationId: "listCustomers",
      summary:
        "The shop's customers: everyone who ordered, guests included, one per phone (0300 1234567 and +92 300 1234567 are one), with their orders, delivered, refused or returned, cancelled and last order. search matches any part of the name or email (% and _ are taken literally) or a phone in any form; sort last_order (newest first, the default), orders (most first) or name; the total is in X-Total-Count",
      querystring: pageQuery(200, 50).extend({
        search: searchQuery,
        sort: z.enum(CUSTOMER_SORTS).default("last_order"),
      }),
      response: { 200: z.array(customerSummary).describe("A page of customers"), ...denied },
    },
    async (actor, request, reply) => {
      const page = await listCustomers(core, actor, request.query);
      return sendPage(reply, page, presentSummary);
    },
  );

  staff.get(
    "/admin/customers/:id",
    {
      operationId: "getCustomer",
      summary:
        "One customer (an id from GET /api/admin/customers): their counts, the account that ordered with their phone and its other phones, what they spent on delivered orders, the addresses they ship to, and whether the phone is blocked",
      params: customerParams,
      response: { 200: customerDetail.describe("One customer"), ...denied, 404: problem("No such customer") },
    },
    async (actor, request) => presentDetail(await getCustomer(core, actor, request.params.id)),
  );

  staff.get(
    "/admin/customers/:id/orders",
    {
      operationId: "listCustomerOrders",
      summary:
        "A customer's orders, newest first: every order with their phone in any form, placed signed in (placed_as account) or as a guest; the total is in X-Total-Count",
      params: customerParams,
      querystring: pageQuery(100, 20),
      response: {
        200: z.array(customerOrder).describe("A page of the customer's orders"),
        ...denied,
        404: problem("No such customer"),
      },
    },
    async (actor, request, reply) => {
      const page = await listCustomerOrders(core, actor, request.params.id, request.query);
      return sendPage(reply, page, presentOrder);
    },
  );

  staff.get(
    "/admin/users",
    {
      operationId: "listAccounts",
      summary:
        "Accounts, newest first, whether they ordered or not; search matches email, name or phone; each with its order_count (its own orders and guest orders with its email or phone); the total is in X-Total-Count",
      querystring: pageQuery(200, 50).extend({
        search: z.string().trim().max(100, "search must be at most 100 characters").optional(),
      }),
      response: { 200: z.array(account).describe("A page of accounts"), ...denied },
    },
    async (actor, request, reply) => {
      const page = await listUsers(core, actor, request.query);
      const counts = await orderCounts(core, page.items);
      reply.header("x-total-count", String(page.total));
      return page.items.map((user) => {
        const { created_at, email_verified_at, ...rest } = presentUser(user);
        return {
          ...rest,
          email_verified_at: email_verified_at ? new Date(email_verified_at).toISOString() : null,
          created_at: new Date(created_at).toISOString(),
          order_count: counts.get(user.id) ?? 0,
        };
      });
    },
  );
}
