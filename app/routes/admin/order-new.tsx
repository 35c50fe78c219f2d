// A new order typed in by staff for a customer who ordered by phone, WhatsApp or Instagram (issue
// 13, point 6; decision 0057). Works before its script loads: the items are found with a GET form
// and added by links that keep the chosen lines in the address (?item=product:option:quantity),
// the customer's details go in one POST form, "Review" prices the order on the server exactly as
// placing it will (nothing written), and "Place order" places it and opens the new order. The
// shipping fee and discount fields are shown only to roles that may set them; core checks again.
import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { COUNTRIES } from "../../../core/orders/checkout-form";
import {
  MAX_MANUAL_ORDER_LINES,
  manualOrderInput,
  manualOrderProblem,
  orderCatalogueItems,
  placeManualOrder,
  previewManualOrder,
  searchOrderCatalogue,
  type CatalogueMatch,
} from "../../../core/orders/manual-order";
import { MANUAL_ORDER_SOURCES, SOURCE_LABELS } from "../../../core/orders/order-sources";
import { AppError } from "../../../core/shared/errors";
import { formatRupees } from "../../../core/shared/money";
import { can } from "../../../core/shared/permissions";
import { ConsoleErrorBoundary } from "../../components/admin/ConsoleError";
import {
  ConsoleForm,
  FieldError,
  FormNotice,
  GroupError,
  PageTitle,
  Panel,
  describedBy,
  useFieldError,
} from "../../components/admin/Fields";
import { consoleMeta, formText } from "../../lib/console";
import { formErrorsFor } from "../../lib/form-errors.server";
import { requireStaff } from "../../lib/staff.server";
import type { Route } from "./+types/order-new";

export const meta = () => consoleMeta("New order");
export const ErrorBoundary = ConsoleErrorBoundary;

const MAX_QUANTITY = 99;

interface ChosenLine {
  productId: number;
  combinationId: number | null;
  quantity: number;
}

const lineKey = (line: Pick<ChosenLine, "productId" | "combinationId">) =>
  `${line.productId}:${line.combinationId ?? 0}`;
const lineParam = (line: ChosenLine) => `${lineKey(line)}:${line.quantity}`;

/** The lines in the address: "product:option:quantity" (option 0 for none); the rest is ignored. */
function chosenLines(values: string[]): ChosenLine[] {
  const lines = new Map<string, ChosenLine>();
  for (const value of values.slice(0, MAX_MANUAL_ORDER_LINES * 2)) {
    const match = /^(\d{1,9}):(\d{1,9}):(\d{1,2})$/.exec(value);
    if (!match) continue;
    const productId = Number(match[1]);
    const combinationId = Number(match[2]) || null;
    const quantity = Number(match[3]);
    if (productId < 1 || quantity < 1) continue;
    const key = lineKey({ productId, combinationId });
    const existing = lines.get(key);
    if (existing) existing.quantity = Math.min(existing.quantity + quantity, MAX_QUANTITY);
    else if (lines.size < MAX_MANUAL_ORDER_LINES) lines.set(key, { productId, combinationId, quantity });
  }
  return [...lines.values()];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireStaff(request, context, "orders");
  const params = new URL(request.url).searchParams;
  const q = params.has("q") ? (params.get("q") ?? "").slice(0, 100) : null;
  const lines = chosenLines(params.getAll("item"));
  const [products, results] = await Promise.all([
    orderCatalogueItems(
      context.core,
      actor,
      lines.map((l) => l.productId),
    ),
    q === null ? Promise.resolve([] as CatalogueMatch[]) : searchOrderCatalogue(context.core, actor, q),
  ]);
  const byId = new Map(products.map((p) => [p.id, p]));
  return {
    q,
    lines: lines.map((line) => {
      const product = byId.get(line.productId);
      const option = product?.combinations.find((c) => c.id === line.combinationId);
      return {
        ...line,
        key: lineKey(line),
        param: lineParam(line),
        name: product?.name ?? `Product ${line.productId} (no longer on sale)`,
        variant: option?.name ?? null,
        pricePaisa: option?.pricePaisa ?? product?.pricePaisa ?? null,
        stock: line.combinationId === null ? (product?.stock ?? 0) : option?.available ? option.stock : 0,
      };
    }),
    results,
    canOverride: can(actor, "order_price_overrides"),
  };
}

/** The form's fields as typed, to show again after a refusal (a page without its script). */
const TEXT_FIELDS = [
  "first_name",
  "last_name",
  "phone",
  "email",
  "shipping_address",
  "city",
  "postal_code",
  "country",
  "voucher_code",
  "source",
  "status",
  "note",
  "shipping_fee",
  "discount",
  "override_reason",
] as const;
type FieldName = (typeof TEXT_FIELDS)[number] | "items";

interface Review {
  lines: { key: string; name: string; variant: string | null; quantity: number; unitPrice: string; total: string }[];
  subtotal: string;
  shipping: string;
  discount: string;
  hasDiscount: boolean;
  voucherCode: string | null;
  total: string;
  /** rupees, sent back with "Place order": a different total by then is refused */
  totalAmount: string;
  overridden: boolean;
  /** one per review: pressing "Place order" twice places one order */
  idempotencyKey: string;
}

interface NewOrderAnswer {
  values: Record<string, string>;
  quantities: Record<string, string>;
  /** input name → the message under it (decision 0096) */
  fields?: Partial<Record<FieldName, string>>;
  error?: string;
  review?: Review;
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireStaff(request, context, "orders");
  const form = await request.formData();
  const intent = formText(form, "intent");
  const values = Object.fromEntries(TEXT_FIELDS.map((name) => [name, formText(form, name).slice(0, 5000)]));
  const products = form.getAll("item_product").slice(0, MAX_MANUAL_ORDER_LINES + 1);
  const options = form.getAll("item_combination");
  const quantities = form.getAll("item_quantity");
  const items = products.map((product, n) => ({
    product_id: Number(product),
    combination_id: Number(options[n]) || null,
    quantity: Number(quantities[n]),
  }));
  const quantityByKey = Object.fromEntries(
    items.map((item, n) => [
      lineKey({ productId: item.product_id, combinationId: item.combination_id }),
      String(quantities[n] ?? ""),
    ]),
  );
  const raw = {
    ...values,
    email: values.email || null,
    status: values.status || undefined,
    note: values.note || undefined,
    override_reason: values.override_reason || undefined,
    items,
  };
  const answer: NewOrderAnswer = { values, quantities: quantityByKey };

  const parsed = manualOrderInput.safeParse(raw);
  if (!parsed.success) {
    const fieldErrors: Partial<Record<FieldName, string>> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "") as FieldName;
      fieldErrors[field] ??= manualOrderProblem(issue.path[0] === "items" ? issue : { ...issue, path: [] });
    }
    return data({ ...answer, fields: fieldErrors, error: "Please correct the fields marked below." }, { status: 422 });
  }
  try {
    if (intent === "place") {
      const key = formText(form, "idempotency_key");
      const { order } = await placeManualOrder(
        context.core,
        actor,
        { ...raw, total_amount: formText(form, "total_amount") || undefined },
        { idempotencyKey: /^[A-Za-z0-9-]{1,100}$/.test(key) ? key : null },
      );
      return redirect(`/admin/orders/${order.id}`);
    }
    const preview = await previewManualOrder(context.core, actor, raw);
    const review: Review = {
      lines: preview.lines.map((line) => ({
        key: lineKey(line),
        name: line.name,
        variant: line.variant,
        quantity: line.quantity,
        unitPrice: formatRupees(line.unitPricePaisa),
        total: formatRupees(line.lineTotalPaisa),
      })),
      subtotal: formatRupees(preview.subtotalPaisa),
      shipping: preview.shippingPaisa === 0 ? "Free" : formatRupees(preview.shippingPaisa),
      discount: formatRupees(preview.discountPaisa),
      hasDiscount: preview.discountPaisa > 0,
      voucherCode: preview.voucherCode,
      total: formatRupees(preview.totalPaisa),
      totalAmount: (preview.totalPaisa / 100).toFixed(2),
      overridden: preview.overridden,
      idempotencyKey: globalThis.crypto.randomUUID(),
    };
    return { ...answer, review };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return data({ ...answer, ...formErrorsFor(error, { known: TEXT_FIELDS }) }, { status: error.status });
  }
}

function Field({
  name,
  label,
  values,
  hint,
  required,
  maxLength,
  type = "text",
  inputMode,
  autoComplete,
  multiline,
}: {
  name: FieldName;
  label: string;
  values?: Record<string, string>;
  hint?: string;
  required?: boolean;
  maxLength: number;
  type?: "text" | "tel" | "email";
  inputMode?: "numeric" | "decimal" | "tel" | "email";
  autoComplete?: string;
  multiline?: boolean;
}) {
  const id = `new-order-${name}`;
  const { message: error, errorId } = useFieldError(name, id);
  const described = describedBy(error && errorId, hint && `${id}-hint`);
  const shared = {
    id,
    name,
    defaultValue: values?.[name] ?? "",
    maxLength,
    required,
    autoComplete,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": described,
  };
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
        {!required && <span className="font-normal text-stone-600"> (optional)</span>}
      </label>
      {multiline ? (
        <textarea {...shared} rows={2} className="field mt-1 h-auto py-2" />
      ) : (
        <input {...shared} type={type} inputMode={inputMode} className="field mt-1" />
      )}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-stone-600">
          {hint}
        </p>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

export default function NewOrder() {
  const { q, lines, results, canOverride } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as NewOrderAnswer | undefined;
  const busy = useNavigation().state === "submitting";
  const values = answer?.values;
  const errors = answer?.fields;
  const review = answer?.review;
  const params = (changes: { add?: ChosenLine; remove?: string; q?: string | null }) => {
    const search = new URLSearchParams();
    const query = changes.q === undefined ? q : changes.q;
    if (query !== null && query !== undefined) search.set("q", query);
    for (const line of lines) if (line.key !== changes.remove) search.append("item", line.param);
    if (changes.add) search.append("item", lineParam(changes.add));
    return `/admin/orders/new?${search.toString()}`;
  };
  const chosen = new Set(lines.map((l) => l.key));

  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/orders" className="text-stone-600 underline underline-offset-4">
          ← Orders
        </Link>
      </p>
      <PageTitle
        title="New order"
        intro="For a customer who ordered by phone, WhatsApp or Instagram: the shop's prices, stock and voucher rules."
      />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_28rem]">
        <div className="space-y-6">
          <Panel title="Find items">
            <Form method="get" className="flex gap-2" aria-label="Find items" preventScrollReset>
              {lines.map((line) => (
                <input key={line.key} type="hidden" name="item" value={line.param} />
              ))}
              <label className="min-w-0 flex-1">
                <span className="sr-only">Product name or number</span>
                <input
                  type="search"
                  name="q"
                  defaultValue={q ?? ""}
                  maxLength={100}
                  placeholder="Product name or number"
                  className="field"
                />
              </label>
              <button type="submit" className="btn-secondary">
                Find
              </button>
            </Form>
            {q !== null && (
              <ul className="mt-4 divide-y divide-stone-200" aria-label="Found items">
                {results.length === 0 && <li className="py-3 text-sm text-stone-700">Nothing on sale matches.</li>}
                {results.map((product) => (
                  <li key={product.id} className="py-3 text-sm">
                    <p className="font-semibold">
                      {product.name} <span className="font-normal text-stone-600">#{product.id}</span>
                    </p>
                    <ul className="mt-2 space-y-2">
                      {(product.combinations.length > 0
                        ? product.combinations.map((c) => ({
                            key: lineKey({ productId: product.id, combinationId: c.id }),
                            combinationId: c.id as number | null,
                            label: c.name,
                            price: c.pricePaisa,
                            stock: c.available ? c.stock : 0,
                          }))
                        : [
                            {
                              key: lineKey({ productId: product.id, combinationId: null }),
                              combinationId: null,
                              label: "One size",
                              price: product.pricePaisa,
                              stock: product.stock,
                            },
                          ]
                      ).map((option) => (
                        <li key={option.key} className="flex items-center justify-between gap-3">
                          <span>
                            {option.label} · {formatRupees(option.price)} ·{" "}
                            <span className={option.stock > 0 ? "text-stone-600" : "text-red-800"}>
                              {option.stock > 0 ? `${option.stock} in stock` : "out of stock"}
                            </span>
                          </span>
                          {option.stock > 0 && (
                            <Link
                              to={params({
                                add: { productId: product.id, combinationId: option.combinationId, quantity: 1 },
                              })}
                              preventScrollReset
                              className="btn-secondary shrink-0"
                              aria-label={`Add ${product.name} ${option.label}`}
                            >
                              {chosen.has(option.key) ? "Add 1 more" : "Add"}
                            </Link>
                          )}
                        </li>
                      ))}
                    </ul>
                  </li>
                ))}
              </ul>
            )}
          </Panel>
        </div>

        <ConsoleForm method="post" className="space-y-6" aria-label="New order" noValidate answer={answer}>
          <FormNotice />
          <Panel title="Items">
            {lines.length === 0 ? (
              <p className="text-sm text-stone-700">No items yet: find them and press Add.</p>
            ) : (
              <ul className="divide-y divide-stone-200" aria-label="Order items">
                {lines.map((line) => (
                  <li key={line.key} className="flex items-center gap-3 py-3 text-sm">
                    <input type="hidden" name="item_product" value={line.productId} />
                    <input type="hidden" name="item_combination" value={line.combinationId ?? ""} />
                    <div className="min-w-0 flex-1">
                      <p className="font-semibold">{line.name}</p>
                      <p className="text-stone-600">
                        {[line.variant, line.pricePaisa === null ? null : formatRupees(line.pricePaisa)]
                          .filter(Boolean)
                          .join(" · ")}{" "}
                        · {line.stock} in stock
                      </p>
                    </div>
                    <label className="w-20 shrink-0">
                      <span className="sr-only">Quantity of {line.name}</span>
                      <input
                        type="number"
                        name="item_quantity"
                        min={1}
                        max={MAX_QUANTITY}
                        defaultValue={answer?.quantities[line.key] ?? String(line.quantity)}
                        inputMode="numeric"
                        aria-invalid={!!errors?.items || undefined}
                        aria-describedby={describedBy(errors?.items && "new-order-items-error")}
                        className="field"
                      />
                    </label>
                    <Link
                      to={params({ remove: line.key })}
                      preventScrollReset
                      className="text-stone-600 underline underline-offset-4"
                      aria-label={`Remove ${line.name}`}
                    >
                      Remove
                    </Link>
                  </li>
                ))}
              </ul>
            )}
            <GroupError name="items" id="new-order-items" />
          </Panel>

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
              <div>
                <label htmlFor="new-order-country" className="block text-sm font-semibold">
                  Country
                </label>
                <select
                  id="new-order-country"
                  name="country"
                  defaultValue={values?.country || "Pakistan"}
                  aria-invalid={!!errors?.country || undefined}
                  aria-describedby={describedBy(errors?.country && "new-order-country-error")}
                  className="field mt-1"
                >
                  {COUNTRIES.map((c) => (
                    <option key={c}>{c}</option>
                  ))}
                </select>
                <GroupError name="country" id="new-order-country" />
              </div>
            </div>
          </Panel>

          <Panel title="Order">
            <div className="grid gap-4 sm:grid-cols-2">
              <div>
                <label htmlFor="new-order-source" className="block text-sm font-semibold">
                  Ordered by
                </label>
                <select
                  id="new-order-source"
                  name="source"
                  defaultValue={values?.source || "phone"}
                  aria-invalid={!!errors?.source || undefined}
                  aria-describedby={describedBy(errors?.source && "new-order-source-error")}
                  className="field mt-1"
                >
                  {MANUAL_ORDER_SOURCES.map((s) => (
                    <option key={s} value={s}>
                      {SOURCE_LABELS[s]}
                    </option>
                  ))}
                </select>
                <GroupError name="source" id="new-order-source" />
              </div>
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
                Leave empty to charge the shop&apos;s shipping and voucher. A figure set here needs a reason, kept with
                the order.
              </p>
              <div className="grid gap-4 sm:grid-cols-2">
                <Field
                  name="shipping_fee"
                  label="Shipping fee (Rs.)"
                  inputMode="decimal"
                  values={values}
                  maxLength={20}
                />
                <Field name="discount" label="Discount (Rs.)" inputMode="decimal" values={values} maxLength={20} />
                <div className="sm:col-span-2">
                  <Field name="override_reason" label="Reason" values={values} maxLength={500} multiline />
                </div>
              </div>
            </Panel>
          )}

          <Panel title="Summary">
            {review ? (
              <div aria-label="Reviewed order" role="region">
                <ul className="divide-y divide-stone-200 text-sm">
                  {review.lines.map((line) => (
                    <li key={line.key} className="flex justify-between gap-3 py-2">
                      <span>
                        {line.name}
                        {line.variant ? ` · ${line.variant}` : ""} · {line.quantity} × {line.unitPrice}
                      </span>
                      <span className="tabular-nums">{line.total}</span>
                    </li>
                  ))}
                </ul>
                <dl className="mt-3 space-y-1 border-t border-stone-200 pt-3 text-sm">
                  <div className="flex justify-between">
                    <dt>Subtotal</dt>
                    <dd className="tabular-nums">{review.subtotal}</dd>
                  </div>
                  <div className="flex justify-between">
                    <dt>Shipping</dt>
                    <dd className="tabular-nums">{review.shipping}</dd>
                  </div>
                  {review.hasDiscount && (
                    <div className="flex justify-between">
                      <dt>Discount{review.voucherCode ? ` (${review.voucherCode})` : ""}</dt>
                      <dd className="tabular-nums">-{review.discount}</dd>
                    </div>
                  )}
                  <div className="flex justify-between font-semibold">
                    <dt>Total, cash on delivery</dt>
                    <dd className="tabular-nums">{review.total}</dd>
                  </div>
                </dl>
                {review.overridden && <p className="mt-2 text-xs text-amber-800">Includes figures set by hand.</p>}
                <input type="hidden" name="total_amount" value={review.totalAmount} />
                <input type="hidden" name="idempotency_key" value={review.idempotencyKey} />
              </div>
            ) : (
              <p className="text-sm text-stone-700">
                Review the order to see its prices, shipping and total, worked out by the shop as the checkout does.
              </p>
            )}
            <div className="mt-4 flex flex-wrap gap-2">
              <button
                type="submit"
                name="intent"
                value="review"
                disabled={busy}
                className={review ? "btn-secondary" : "btn-primary"}
              >
                {review ? "Review again" : "Review"}
              </button>
              {review && (
                <button type="submit" name="intent" value="place" disabled={busy} className="btn-primary">
                  Place order
                </button>
              )}
            </div>
          </Panel>
        </ConsoleForm>
      </div>
    </>
  );
}
