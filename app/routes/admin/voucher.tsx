// One voucher (decision 0066): /admin/vouchers/new creates it, and /admin/vouchers/:id edits it,
// shows its uses and the orders that used it (each linking to the order), and deletes it while it
// is unused. Dates are entered and shown in Pakistan time.
import { data, Link, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import {
  createVoucher,
  deleteVoucher,
  getVoucher,
  listVoucherUses,
  updateVoucher,
  type StaffVoucher,
} from "../../../core/vouchers/voucher-admin";
import {
  karachiLocalText,
  voucherFieldsSchema,
  voucherPatchSchema,
  VOUCHER_STATE_LABELS,
} from "../../../core/vouchers/voucher-rules";
import { formatRupees, rupeesText } from "../../../core/shared/money";
import { BackLink } from "../../components/admin/BackLink";
import { ConsoleErrorBoundary } from "../../components/admin/ConsoleError";
import { DeleteConfirmForm } from "../../components/admin/DeleteConfirmForm";
import { PageTitle, Panel } from "../../components/admin/Fields";
import { Notice, actionError } from "../../components/admin/Notice";
import {
  EMPTY_VOUCHER,
  StateBadge,
  VOUCHER_FIELDS,
  VoucherForm,
  type VoucherFormValues,
} from "../../components/admin/VoucherForm";
import { consoleMeta, formText, statusLabel } from "../../lib/console";
import { orRefusal } from "../../lib/core-refusal.server";
import { formatDayTime } from "../../lib/dates";
import { formIssues } from "../../lib/form-errors.server";
import { formResult, requireStaff } from "../../lib/staff.server";
import type { Route } from "./+types/voucher";

export const meta = ({ data: page }: Route.MetaArgs) =>
  consoleMeta(page && "voucher" in page && page.voucher ? `Voucher ${page.voucher.code}` : "New voucher");
export const ErrorBoundary = ConsoleErrorBoundary;

const USES_SHOWN = 100;

function voucherId(param: string | undefined): number | null {
  if (param === undefined) return null;
  if (!/^\d{1,10}$/.test(param) || Number(param) < 1 || Number(param) > 2_147_483_647)
    throw data({ detail: "Voucher not found" }, { status: 404 });
  return Number(param);
}

/** The stored voucher as the form's text. */
function formValues(v: StaffVoucher): VoucherFormValues {
  return {
    code: v.code,
    description: v.description,
    message: v.message ?? "",
    discount_type: v.discountType,
    discount_value:
      v.discountType === "flat"
        ? rupeesText(v.discountValue).replace(/\.00$/, "")
        : v.discountType === "percentage"
          ? String(v.discountValue)
          : "",
    max_discount: v.maxDiscountPaisa !== null ? rupeesText(v.maxDiscountPaisa).replace(/\.00$/, "") : "",
    min_order_amount: v.minOrderPaisa > 0 ? rupeesText(v.minOrderPaisa).replace(/\.00$/, "") : "",
    starts_at: karachiLocalText(v.startsAt),
    ends_at: karachiLocalText(v.endsAt),
    usage_limit: v.usageLimit !== null ? String(v.usageLimit) : "",
    per_customer_limit: v.perCustomerLimit !== null ? String(v.perCustomerLimit) : "",
    is_active: v.isActive,
  };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const actor = await requireStaff(request, context, "vouchers");
  const id = voucherId(params.id);
  const url = new URL(request.url);
  if (id === null)
    return { voucher: null, values: EMPTY_VOUCHER, uses: [], usesTotal: 0, saved: false, deleting: false };
  const [voucher, uses] = await orRefusal(
    Promise.all([
      getVoucher(context.core, actor, id),
      listVoucherUses(context.core, actor, id, { limit: USES_SHOWN, offset: 0 }),
    ]),
  );
  return {
    voucher: {
      id: voucher.id,
      code: voucher.code,
      state: voucher.state,
      usedCount: voucher.usedCount,
      usageLimit: voucher.usageLimit,
      created: formatDayTime(voucher.createdAt),
    },
    values: formValues(voucher),
    uses: uses.items.map((u) => ({
      orderId: u.orderId,
      trackingId: u.trackingId,
      customer: u.customerName,
      total: formatRupees(u.totalPaisa),
      discount: formatRupees(u.discountPaisa),
      status: statusLabel(u.status),
      at: formatDayTime(u.at),
    })),
    usesTotal: uses.total,
    saved: url.searchParams.get("saved") === "1",
    deleting: url.searchParams.get("delete") === "1",
  };
}

/** The form's text as the staff API's body: empty fields mean none, switched-off boxes false. */
function formBody(form: FormData): { raw: VoucherFormValues; body: Record<string, unknown> } {
  const raw: VoucherFormValues = {
    code: formText(form, "code"),
    description: formText(form, "description"),
    message: formText(form, "message"),
    discount_type: formText(form, "discount_type"),
    discount_value: formText(form, "discount_value"),
    max_discount: formText(form, "max_discount"),
    min_order_amount: formText(form, "min_order_amount"),
    starts_at: formText(form, "starts_at"),
    ends_at: formText(form, "ends_at"),
    usage_limit: formText(form, "usage_limit"),
    per_customer_limit: formText(form, "per_customer_limit"),
    is_active: form.get("is_active") === "on",
  };
  const body: Record<string, unknown> = {
    ...raw,
    discount_value:
      raw.discount_type === "shipping" || raw.discount_value.trim() === "" ? 0 : raw.discount_value.trim(),
    // the field shows for every kind before the page's script runs: it counts for percentages only
    max_discount: raw.discount_type === "percentage" ? raw.max_discount.trim() : "",
    min_order_amount: raw.min_order_amount.trim() === "" ? 0 : raw.min_order_amount.trim(),
    usage_limit: raw.usage_limit.trim(),
    per_customer_limit: raw.per_customer_limit.trim(),
  };
  return { raw, body };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = await requireStaff(request, context, "vouchers");
  const id = voucherId(params.id);
  const form = await request.formData();
  if (formText(form, "intent") === "delete") {
    if (id === null) return data({ error: "Nothing to delete yet." }, { status: 400 });
    const refused = await formResult(async () => {
      await deleteVoucher(context.core, actor, id);
      return null;
    });
    if (refused) return refused;
    throw redirect("/admin/vouchers?deleted=1");
  }
  const { raw, body } = formBody(form);
  const schema = id === null ? voucherFieldsSchema : voucherPatchSchema;
  const parsed = schema.safeParse(body);
  // every field's first message, each shown under its field, what was typed kept
  if (!parsed.success) return data({ ...formIssues(parsed.error), values: raw }, { status: 422 });
  const result = await formResult(
    async () =>
      id === null
        ? (await createVoucher(context.core, actor, parsed.data as Parameters<typeof createVoucher>[2])).id
        : (await updateVoucher(context.core, actor, id, parsed.data)).voucher.id,
    { values: raw },
    { known: VOUCHER_FIELDS },
  );
  if (typeof result !== "number") return result;
  throw redirect(`/admin/vouchers/${result}?saved=1`);
}

export default function ConsoleVoucher() {
  const { voucher, values, uses, usesTotal, saved, deleting } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const error = actionError(answer);
  // after a refusal the fields keep what was typed
  const shown =
    answer && typeof answer === "object" && "values" in answer && answer.values
      ? (answer.values as VoucherFormValues)
      : values;
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <BackLink to="/admin/vouchers" label="← Vouchers" />
      <div className="flex flex-wrap items-center gap-3">
        <PageTitle
          title={voucher ? voucher.code : "New voucher"}
          intro={
            voucher
              ? `${VOUCHER_STATE_LABELS[voucher.state]}. Used ${voucher.usedCount}${voucher.usageLimit !== null ? ` of ${voucher.usageLimit}` : ""} ${voucher.usedCount === 1 && voucher.usageLimit === null ? "time" : "times"}. Created ${voucher.created}.`
              : "It works at the checkout as soon as it is saved."
          }
        />
        {voucher && <StateBadge state={voucher.state} />}
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Panel>
          {saved && !error && (
            <div className="mb-4">
              <Notice kind="success">Voucher saved. It applies at the checkout now.</Notice>
            </div>
          )}
          {/* a new key after each save: the fields show what was stored */}
          <VoucherForm
            key={JSON.stringify(shown)}
            values={shown}
            submitLabel={voucher ? "Save voucher" : "Create voucher"}
            busy={busy}
            answer={answer}
          />
        </Panel>
        {voucher && (
          <div className="space-y-6">
            <Panel title={`Orders that used it (${usesTotal.toLocaleString("en-US")})`}>
              {uses.length === 0 ? (
                <p className="text-sm text-stone-600">No order has used this voucher yet.</p>
              ) : (
                <ul className="divide-y divide-stone-200 text-sm" aria-label="Orders that used the voucher">
                  {uses.map((u) => (
                    <li key={u.orderId} className="py-2">
                      <Link
                        to={`/admin/orders/${u.orderId}`}
                        className="font-mono font-semibold underline underline-offset-4"
                      >
                        {u.trackingId}
                      </Link>
                      <span className="ms-2 text-stone-600">{u.status}</span>
                      <span className="block">
                        {u.customer} · {u.total} (saved {u.discount})
                      </span>
                      <span className="block text-xs text-stone-600">{u.at}</span>
                    </li>
                  ))}
                  {usesTotal > uses.length && (
                    <li className="py-2 text-xs text-stone-600">
                      The {uses.length} newest of {usesTotal.toLocaleString("en-US")} are shown.
                    </li>
                  )}
                </ul>
              )}
            </Panel>
            <Panel title="Delete">
              {voucher.usedCount > 0 ? (
                <p className="text-sm text-stone-700">
                  This voucher was used, so it stays with its orders. Untick Active and save to stop it.
                </p>
              ) : deleting ? (
                <DeleteConfirmForm label="Delete voucher" keepHref={`/admin/vouchers/${voucher.id}`} busy={busy}>
                  <p className="text-sm font-semibold">Delete {voucher.code} for good?</p>
                </DeleteConfirmForm>
              ) : (
                <Link to={`/admin/vouchers/${voucher.id}?delete=1`} className="btn-secondary">
                  Delete voucher
                </Link>
              )}
            </Panel>
          </div>
        )}
      </div>
    </>
  );
}
