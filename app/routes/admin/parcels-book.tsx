// Booking the ticked orders with a courier at once (decision 0103): the orders list's "Book with
// courier" opens this page with the ticked ids (a GET, so it works before any script loads); it
// lists them (saying which will be reported as not bookable, and why), asks for the courier
// account, weight, pieces and instructions, and starts the batch, then shows its progress page.
import { data, Link, redirect, useActionData, useLoaderData } from "react-router";
import { createParcelBatch } from "../../../core/parcels/bulk-booking";
import { parseOrderIds } from "../../../core/parcels/labels";
import { bulkBookingChoices } from "../../../core/parcels/parcel-reads";
import { AppError } from "../../../core/shared/errors";
import { BackLink } from "../../components/admin/BackLink";
import { ConsoleErrorBoundary } from "../../components/admin/ConsoleError";
import { ConsoleForm, FormNotice, PageTitle, Panel, TextField } from "../../components/admin/Fields";
import { SubmitButton } from "../../components/admin/SubmitButton";
import { consoleMeta, formText } from "../../lib/console";
import { formResult, requireStaff } from "../../lib/staff.server";
import type { Route } from "./+types/parcels-book";

export const meta = () => consoleMeta("Book with courier");
export const ErrorBoundary = ConsoleErrorBoundary;

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireStaff(request, context, "orders");
  const params = new URL(request.url).searchParams;
  try {
    // ids=1,2,3 from a link, or id=1&id=2 from the orders list's form
    const ids = parseOrderIds([...params.getAll("ids"), ...params.getAll("id")]);
    return await bulkBookingChoices(context.core, actor, ids);
  } catch (error) {
    if (error instanceof AppError) throw data({ detail: error.message }, { status: error.status });
    throw error;
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireStaff(request, context, "orders");
  const form = await request.formData();
  const optional = (name: string) => formText(form, name).trim() || undefined;
  return formResult(async () => {
    const batch = await createParcelBatch(context.core, actor, {
      order_ids: form.getAll("order_id").map(String),
      account_id: optional("account_id"),
      weight_grams: optional("weight_grams"),
      pieces: optional("pieces"),
      instructions: formText(form, "instructions"),
    });
    return redirect(`/admin/parcels/batches/${batch.id}`);
  });
}

export default function BookTicked() {
  const { orders, accounts } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const tried = orders.filter((o) => !o.refusal);
  const preselected = accounts.find((a) => a.isDefault) ?? accounts[0];
  return (
    <>
      <BackLink to="/admin/orders" label="← Orders" muted />
      <PageTitle
        title="Book with courier"
        intro={`${orders.length} ticked ${orders.length === 1 ? "order" : "orders"}: ${tried.length} to book${
          orders.length > tried.length ? `, ${orders.length - tried.length} that will be reported as not booked` : ""
        }. Each is booked as it would be on its own; one that fails does not stop the rest.`}
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <Panel title="The orders">
          <ul className="divide-y divide-stone-200 text-sm" aria-label="Ticked orders">
            {orders.map((o) => (
              <li key={o.id} className="flex flex-wrap items-baseline gap-x-3 py-2">
                <Link to={`/admin/orders/${o.id}`} className="font-mono underline underline-offset-4">
                  {o.trackingId}
                </Link>
                <span className="text-stone-600">
                  {o.city} · {o.status}
                </span>
                {o.refusal && <span className="w-full text-amber-900">Will not be booked: {o.refusal}</span>}
              </li>
            ))}
          </ul>
        </Panel>
        <Panel title="Booking">
          {accounts.length === 0 ? (
            <p className="text-sm">No courier account is set up yet: an owner adds one in Settings → Couriers.</p>
          ) : (
            <ConsoleForm method="post" answer={answer} className="space-y-3" aria-label="Book the ticked orders">
              {orders.map((o) => (
                <input key={o.id} type="hidden" name="order_id" value={o.id} />
              ))}
              <div>
                <label htmlFor="bulk-account" className="block text-sm font-semibold">
                  Courier account
                </label>
                <select id="bulk-account" name="account_id" defaultValue={preselected?.id} className="field mt-1">
                  {accounts.map((a) => (
                    <option key={a.id} value={a.id}>
                      {a.label} ({a.courierName}){a.isDefault ? " · default" : ""}
                    </option>
                  ))}
                </select>
              </div>
              <div className="grid grid-cols-2 gap-3">
                <TextField
                  name="weight_grams"
                  label="Weight (grams)"
                  inputMode="numeric"
                  maxLength={6}
                  hint="Empty: each account's own"
                />
                <TextField name="pieces" label="Pieces" inputMode="numeric" maxLength={2} defaultValue="1" />
              </div>
              <TextField name="instructions" label="Instructions for the rider" maxLength={200} hint="Optional" />
              <p className="text-xs text-stone-600">Each order's cash to collect is what it still owes.</p>
              <FormNotice />
              <SubmitButton>{`Book ${tried.length} ${tried.length === 1 ? "order" : "orders"}`}</SubmitButton>
            </ConsoleForm>
          )}
        </Panel>
      </div>
    </>
  );
}
