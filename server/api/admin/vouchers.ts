// Vouchers through the staff API (decision 0066), for the vouchers permission
// (owners and managers). Amounts are rupees with 2 decimals, moments ISO times in UTC; a time
// sent without a zone is read as Pakistan time, as the console's field sends it.
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { CoreContext } from "../../../core/context";
import {
  createVoucher,
  deleteVoucher,
  getVoucher,
  listVoucherUses,
  listVouchers,
  updateVoucher,
  type StaffVoucher,
  type VoucherUse,
} from "../../../core/vouchers/voucher-admin";
import {
  SEARCH_MAX,
  VOUCHER_STATES,
  voucherFieldsSchema,
  voucherPatchSchema,
} from "../../../core/vouchers/voucher-rules";
import { money } from "../../serialize";
import { idParams, pageQuery } from "../http";
import { answerOf, answers, moment, noContent, pageOf, rupees } from "../answers";
import { sendPage, staffRoutes } from "./staff-routes";

// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;

const listQuery = pageQuery(200, 50).extend({
  search: z
    .string()
    .max(SEARCH_MAX, `search must be at most ${SEARCH_MAX} characters`)
    .refine((value) => !CONTROL.test(value), { message: "search must not contain control characters" })
    .optional(),
  state: z
    .enum([...VOUCHER_STATES, "all"], { error: `state must be one of: ${[...VOUCHER_STATES, "all"].join(", ")}` })
    .default("all"),
});

export function presentVoucher(v: StaffVoucher) {
  return {
    id: v.id,
    code: v.code,
    description: v.description,
    message: v.message,
    discount_type: v.discountType,
    // a percentage in whole percent, a flat amount in rupees, 0 for free shipping
    discount_value: v.discountType === "flat" ? money(v.discountValue) : v.discountValue,
    max_discount: money(v.maxDiscountPaisa),
    min_order_amount: money(v.minOrderPaisa),
    starts_at: v.startsAt,
    ends_at: v.endsAt,
    usage_limit: v.usageLimit,
    per_customer_limit: v.perCustomerLimit,
    used_count: v.usedCount,
    is_active: v.isActive,
    state: v.state,
    created_at: v.createdAt,
  };
}

const presentUse = (u: VoucherUse) => ({
  order_id: u.orderId,
  tracking_id: u.trackingId,
  customer_name: u.customerName,
  email: u.email,
  phone: u.phone,
  total_amount: money(u.totalPaisa),
  discount_amount: money(u.discountPaisa),
  status: u.status,
  used_at: u.at,
  order_href: `/admin/orders/${u.orderId}`,
});

const voucherAnswer = answerOf<ReturnType<typeof presentVoucher>>()(
  z.object({
    id: z.number(),
    code: z.string(),
    description: z.string(),
    message: z.string().nullable(),
    discount_type: z.enum(["flat", "percentage", "shipping"]),
    discount_value: z.union([z.number(), rupees]),
    max_discount: rupees.nullable(),
    min_order_amount: rupees,
    starts_at: moment.nullable(),
    ends_at: moment.nullable(),
    usage_limit: z.number().nullable(),
    per_customer_limit: z.number().nullable(),
    used_count: z.number(),
    is_active: z.boolean(),
    state: z.enum(["active", "scheduled", "expired", "used_up", "inactive"]),
    created_at: moment,
  }),
);

const voucherUseAnswer = answerOf<ReturnType<typeof presentUse>>()(
  z.object({
    order_id: z.number(),
    tracking_id: z.string(),
    customer_name: z.string(),
    email: z.string(),
    phone: z.string(),
    total_amount: rupees,
    discount_amount: rupees,
    status: z.string(),
    used_at: moment,
    order_href: z.string(),
  }),
);

export async function adminVoucherRoutes(app: FastifyInstance, { core }: { core: CoreContext }) {
  const staff = staffRoutes(app, core, "vouchers");

  staff.get(
    "/admin/vouchers",
    {
      operationId: "listVouchers",
      summary:
        "Vouchers, newest first; search matches any part of the code in any case; state: active, scheduled, expired, used_up, inactive or all. The total is in X-Total-Count",
      response: answers({ 200: pageOf(voucherAnswer) }),
      querystring: listQuery,
    },
    async (actor, request, reply) => {
      const q = request.query;
      const page = await listVouchers(core, actor, {
        search: q.search || undefined,
        state: q.state === "all" ? undefined : q.state,
        limit: q.limit,
        offset: q.offset,
      });
      return sendPage(reply, page, presentVoucher);
    },
  );

  staff.post(
    "/admin/vouchers",
    {
      operationId: "createVoucher",
      summary:
        "Creates a voucher (201) that the checkout accepts at once. The code is stored in uppercase and is unique in any case (409). discount_value: whole percent 1-100, rupees for flat, 0 for shipping; max_discount for percentage only; times without a zone are Pakistan time",
      response: answers({ 201: voucherAnswer }, 409),
      body: voucherFieldsSchema,
    },
    async (actor, request, reply) => {
      const voucher = await createVoucher(core, actor, request.body);
      return reply.code(201).send(presentVoucher(voucher));
    },
  );

  staff.get(
    "/admin/vouchers/:id",
    {
      operationId: "getVoucher",
      summary: "One voucher with its state and the uses counted",
      response: answers({ 200: voucherAnswer }, 404),
      params: idParams,
    },
    async (actor, request) => {
      return presentVoucher(await getVoucher(core, actor, request.params.id));
    },
  );

  staff.put(
    "/admin/vouchers/:id",
    {
      operationId: "updateVoucher",
      summary:
        "Changes the fields given (others are kept). usage_limit below used_count is refused (422); changed: false when nothing differed",
      response: answers({ 200: voucherAnswer.extend({ changed: z.boolean() }) }, 404, 409),
      params: idParams,
      body: voucherPatchSchema,
    },
    async (actor, request) => {
      const { voucher, changed } = await updateVoucher(core, actor, request.params.id, request.body);
      return { ...presentVoucher(voucher), changed };
    },
  );

  staff.delete(
    "/admin/vouchers/:id",
    {
      operationId: "deleteVoucher",
      summary: "Deletes a voucher that was never used (204); one that was used answers 409: switch it off instead",
      response: answers({ 204: noContent }, 404, 409),
      params: idParams,
    },
    async (actor, request, reply) => {
      await deleteVoucher(core, actor, request.params.id);
      return reply.code(204).send();
    },
  );

  staff.get(
    "/admin/vouchers/:id/redemptions",
    {
      operationId: "listVoucherUses",
      summary:
        "The orders that used the voucher, newest first, with the order's tracking id, customer and total; the total count is in X-Total-Count",
      response: answers({ 200: pageOf(voucherUseAnswer) }, 404),
      params: idParams,
      querystring: pageQuery(200, 50),
    },
    async (actor, request, reply) => {
      const page = await listVoucherUses(core, actor, request.params.id, request.query);
      return sendPage(reply, page, presentUse);
    },
  );
}
