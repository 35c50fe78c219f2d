// The new order form's details: the customer (name, phone, address), the order (how it came,
// the voucher, its status, a staff note) and, for roles that may, the shipping fee and discount set
// by hand with a reason. Every field shows what was typed again after a refusal.
import { COUNTRIES } from "../../../core/orders/checkout-form";
import { MANUAL_ORDER_SOURCES, SOURCE_LABELS } from "../../../core/orders/order-sources";
import { Panel } from "./Fields";
import { OrderNewField as Field, OrderNewSelect } from "./OrderNewFields";

export function OrderNewDetails({
  values,
  canOverride,
}: {
  values: Record<string, string> | undefined;
  canOverride: boolean;
}) {
  return (
    <>
      <Panel title="Customer">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field name="first_name" label="First name" values={values} required maxLength={100} />
          <Field name="last_name" label="Last name" values={values} required maxLength={100} />
          <Field
            name="phone"
            label="Phone"
            type="tel"
            inputMode="tel"
            values={values}
            required
            maxLength={30}
            hint="A Pakistani mobile, e.g. 0300-1234567"
          />
          <Field name="email" label="Email" type="email" inputMode="email" values={values} maxLength={254} />
          <div className="sm:col-span-2">
            <Field name="shipping_address" label="Address" values={values} required maxLength={500} multiline />
          </div>
          <Field name="city" label="City" values={values} required maxLength={100} />
          <Field name="postal_code" label="Postal code" values={values} required maxLength={20} />
          <OrderNewSelect name="country" label="Country" defaultValue={values?.country || "Pakistan"}>
            {COUNTRIES.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </OrderNewSelect>
        </div>
      </Panel>

      <Panel title="Order">
        <div className="grid gap-4 sm:grid-cols-2">
          <OrderNewSelect name="source" label="Ordered by" defaultValue={values?.source || "phone"}>
            {MANUAL_ORDER_SOURCES.map((s) => (
              <option key={s} value={s}>
                {SOURCE_LABELS[s]}
              </option>
            ))}
          </OrderNewSelect>
          <Field name="voucher_code" label="Voucher" values={values} maxLength={50} />
          <fieldset className="text-sm sm:col-span-2">
            <legend className="font-semibold">Status</legend>
            <label className="mt-1 flex gap-2">
              <input
                type="radio"
                name="status"
                value="pending confirmation"
                defaultChecked={values?.status !== "confirmed"}
              />
              Pending confirmation
            </label>
            <label className="mt-1 flex gap-2">
              <input type="radio" name="status" value="confirmed" defaultChecked={values?.status === "confirmed"} />
              Confirmed: the customer confirmed on the phone
            </label>
          </fieldset>
          <div className="sm:col-span-2">
            <Field
              name="note"
              label="Note for the staff"
              values={values}
              maxLength={2000}
              multiline
              hint="Never shown to the customer"
            />
          </div>
        </div>
      </Panel>

      {canOverride && (
        <Panel title="Set by hand">
          <p className="mb-3 text-sm text-stone-700">
            Leave empty to charge the shop&apos;s shipping and voucher. A figure set here needs a reason, kept with the
            order.
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field name="shipping_fee" label="Shipping fee (Rs.)" inputMode="decimal" values={values} maxLength={20} />
            <Field name="discount" label="Discount (Rs.)" inputMode="decimal" values={values} maxLength={20} />
            <div className="sm:col-span-2">
              <Field name="override_reason" label="Reason" values={values} maxLength={500} multiline />
            </div>
          </div>
        </Panel>
      )}
    </>
  );
}
