// One order for staff (issue 13, points 2-4): its items, the shopper's contact (tap to call, a
// WhatsApp link), address, totals and voucher, where it came from, its timeline of moves and
// notes with who and when, and a form for each move the workflow allows from here. Each form
// carries the status it showed (expected_status): if someone else moved the order meanwhile, the
// move is refused with a 409 instead of being made twice.
import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { deliveryAddress } from "../../../core/orders/checkout-form";
import { createExchange, exchangeChoices } from "../../../core/orders/exchange";
import { getOrderForStaff } from "../../../core/orders/staff-orders";
import { blockedStateOf, blockOrderContact } from "../../../core/orders/block-list";
import { BLOCK_LIMITS } from "../../../core/orders/risk-rules";
import { addOrderNote, moveOrder } from "../../../core/orders/workflow";
import { sourceLabel } from "../../../core/orders/order-sources";
import { formatRupees } from "../../../core/shared/money";
import { ConsoleErrorBoundary } from "../../components/admin/ConsoleError";
import { ExchangeForm, exchangeFormInput } from "../../components/admin/ExchangeForm";
import { PageTitle, Panel, TextField } from "../../components/admin/Fields";
import { Notice, Revealed } from "../../components/admin/Notice";
import { PrintLinks } from "../../components/admin/PrintLinks";
import { consoleMeta, formText, MOVE_LABELS, statusLabel } from "../../lib/console";
import { formatDayTime } from "../../lib/dates";
import { formResult, requireStaff } from "../../lib/staff.server";
import type { Route } from "./+types/order";

export const meta = ({ data: page }: Route.MetaArgs) => consoleMeta(page ? `Order ${page.order.trackingId}` : "Order");
export const ErrorBoundary = ConsoleErrorBoundary;

function orderId(params: { id?: string }): number {
  const id = Number(params.id);
  if (!(params.id && /^\d{1,10}$/.test(params.id) && Number.isSafeInteger(id) && id > 0)) {
    throw data({ detail: "No such order." }, { status: 404 });
  }
  return id;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const actor = await requireStaff(request, context, "orders");
  const order = await getOrderForStaff(context.core, actor, orderId(params)).catch(
    (error: { status?: number; message?: string }) => {
      if (error.status === 404) throw data({ detail: error.message }, { status: 404 });
      throw error;
    },
  );
  // a delivered order can be exchanged: the form's lines and the sizes and colours in stock
  const exchange = order.status === "delivered" ? await exchangeChoices(context.core, actor, order.id) : null;
  // whether its phone and address are on the block list now (the Signals panel's buttons)
  const blocked = await blockedStateOf(context.core, actor, order);
  return {
    exchange,
    blocked,
    order: {
      ...order,
      placed: formatDayTime(order.createdAt),
      timeline: order.timeline.map((e) => ({ ...e, when: formatDayTime(e.at) })),
    },
  };
}

interface OrderAnswer {
  intent: string;
  error?: string;
  done?: string;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = await requireStaff(request, context, "orders");
  const id = orderId(params);
  const form = await request.formData();
  const intent = formText(form, "intent");
  if (intent === "note") {
    return formResult<OrderAnswer>(
      async () => {
        await addOrderNote(context.core, actor, id, { note: formText(form, "note") });
        return { intent, done: "Note added." };
      },
      { intent },
    );
  }
  if (intent === "move") {
    const to = formText(form, "status");
    const optional = (name: string) => (form.has(name) ? formText(form, name) : undefined);
    return formResult<OrderAnswer>(
      async () => {
        await moveOrder(context.core, actor, id, {
          status: to,
          expected_status: formText(form, "expected_status"),
          note: optional("note") || undefined,
          courier: optional("courier"),
          tracking_number: optional("tracking_number"),
          cash_collected: optional("cash_collected"),
          restock: form.has("restock_field") ? form.get("restock") === "yes" : undefined,
        });
        return { intent, done: `The order is now ${to}.` };
      },
      { intent },
    );
  }
  if (intent === "block_phone" || intent === "block_address") {
    return formResult<OrderAnswer>(
      async () => {
        const kind = intent === "block_phone" ? "phone" : "address";
        const entry = await blockOrderContact(context.core, actor, id, kind, formText(form, "reason"));
        return { intent: "block", done: `${entry.display} is on the block list.` };
      },
      { intent: "block" },
    );
  }
  if (intent === "exchange") {
    return formResult(
      async () => {
        const made = await createExchange(context.core, actor, id, exchangeFormInput(form));
        return redirect(`/admin/orders/${made.id}`);
      },
      { intent },
    );
  }
  return data({ intent, error: "Unknown action." }, { status: 400 });
}

function Busy({ children, secondary }: { children: React.ReactNode; secondary?: boolean }) {
  const busy = useNavigation().state === "submitting";
  return (
    <button type="submit" disabled={busy} className={secondary ? "btn-secondary" : "btn-primary"}>
      {children}
    </button>
  );
}

/** wa.me takes the number in international form, digits only: 923001234567. */
const whatsAppHref = (normalized: string) => `https://wa.me/${normalized.replace(/\D/g, "")}`;

export default function ConsoleOrder() {
  const { order, exchange, blocked } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as OrderAnswer | undefined;
  const moves = order.nextStatuses as string[];
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/orders" className="text-stone-600 underline underline-offset-4">
          ← Orders
        </Link>
      </p>
      <PageTitle
        title={`Order ${order.trackingId}`}
        intro={`${statusLabel(order.status)} · placed ${order.placed} · ${sourceLabel(order.source)}${order.heldForCall ? " · Held for a call (see Signals)" : ""}`}
      />
      {(order.exchangeOf || order.replacements.length > 0) && (
        <div className="mb-6 space-y-1 text-sm" aria-label="Exchanges">
          {order.exchangeOf && (
            <p>
              Exchange for order{" "}
              <Link to={`/admin/orders/${order.exchangeOf.id}`} className="font-mono underline underline-offset-4">
                {order.exchangeOf.trackingId}
              </Link>
              {order.exchangeReason && <span className="text-stone-600"> · reason: {order.exchangeReason}</span>}
            </p>
          )}
          {order.replacements.map((r) => (
            <p key={r.id}>
              Replaced by order{" "}
              <Link to={`/admin/orders/${r.id}`} className="font-mono underline underline-offset-4">
                {r.trackingId}
              </Link>{" "}
              <span className="text-stone-600">({statusLabel(r.status)})</span>
            </p>
          ))}
        </div>
      )}
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="space-y-6">
          <Panel title="Items">
            <ul className="divide-y divide-stone-200" aria-label="Items">
              {order.items.map((item) => (
                <li key={item.id} className="flex gap-3 py-3 text-sm">
                  {item.imageUrl ? (
                    <img
                      src={item.imageUrl}
                      alt=""
                      width={56}
                      height={70}
                      className="h-[70px] w-14 shrink-0 bg-stone-100 object-cover"
                    />
                  ) : (
                    <span className="h-[70px] w-14 shrink-0 bg-stone-100" />
                  )}
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold">{item.name}</p>
                    {item.variant && <p className="text-stone-600">{item.variant}</p>}
                    {item.replacesItemId !== null && (
                      <p className="text-stone-600">
                        Exchange · the returned unit{" "}
                        {item.returnResellable ? "goes back into stock" : "cannot be resold"}
                      </p>
                    )}
                    <p className="text-stone-600">
                      {item.quantity} × {formatRupees(item.unitPricePaisa)}
                    </p>
                  </div>
                  <p className="font-semibold tabular-nums">{formatRupees(item.lineTotalPaisa)}</p>
                </li>
              ))}
            </ul>
            <dl className="mt-3 space-y-1 border-t border-stone-200 pt-3 text-sm">
              <div className="flex justify-between">
                <dt>Subtotal</dt>
                <dd className="tabular-nums">{formatRupees(order.subtotalPaisa)}</dd>
              </div>
              <div className="flex justify-between">
                <dt>Shipping</dt>
                <dd className="tabular-nums">{formatRupees(order.shippingPaisa)}</dd>
              </div>
              {order.discountPaisa > 0 && (
                <div className="flex justify-between">
                  <dt>
                    {order.exchangeOf
                      ? "Returned items' value"
                      : `Discount${order.voucherCode ? ` (${order.voucherCode})` : ""}`}
                  </dt>
                  <dd className="tabular-nums">-{formatRupees(order.discountPaisa)}</dd>
                </div>
              )}
              <div className="flex justify-between font-semibold">
                <dt>Total, cash on delivery</dt>
                <dd className="tabular-nums">{formatRupees(order.totalPaisa)}</dd>
              </div>
              {order.cashCollectedPaisa !== null && (
                <div className="flex justify-between">
                  <dt>Cash collected</dt>
                  <dd className="tabular-nums">{formatRupees(order.cashCollectedPaisa)}</dd>
                </div>
              )}
            </dl>
          </Panel>
          {exchange && (
            <Panel title="Exchange items">
              <ExchangeForm choices={exchange} error={answer?.intent === "exchange" ? answer.error : undefined} />
            </Panel>
          )}
          <Panel title="Timeline">
            <ol className="space-y-3 text-sm" aria-label="Timeline">
              {order.timeline.map((event) => (
                <li key={event.id} className="border-l-2 border-stone-300 pl-3">
                  <p className="text-xs text-stone-600">
                    {event.when} · {event.actorName ?? (event.actorId === null ? "Shopper or system" : "Staff")}
                  </p>
                  {event.kind === "exchange" ? (
                    <p>
                      {event.relatedOrderId === order.exchangeOf?.id ? "Exchange for order " : "Exchange: new order "}
                      {event.relatedOrderId !== null && (
                        <Link to={`/admin/orders/${event.relatedOrderId}`} className="font-mono underline">
                          {event.relatedTrackingId}
                        </Link>
                      )}
                    </p>
                  ) : event.kind === "status" ? (
                    <p>
                      {event.fromStatus ? `${statusLabel(event.fromStatus)} → ` : ""}
                      <strong>{statusLabel(event.toStatus ?? "")}</strong>
                      {event.courier && ` · ${event.courier} ${event.trackingNumber ?? ""}`}
                    </p>
                  ) : (
                    <p>
                      <span className="mr-1 bg-amber-50 px-1 text-xs font-semibold text-amber-900">Staff note</span>
                    </p>
                  )}
                  {event.note && <p className="whitespace-pre-line text-stone-700">{event.note}</p>}
                </li>
              ))}
            </ol>
            <Form method="post" preventScrollReset className="mt-4 space-y-2" aria-label="Add a note">
              <input type="hidden" name="intent" value="note" />
              <label className="block text-sm">
                <span className="font-semibold">Note for the staff</span>
                <textarea name="note" maxLength={2000} rows={2} required className="field mt-1 h-auto py-2" />
              </label>
              <Busy secondary>Add note</Busy>
              {answer?.intent === "note" && (
                <Revealed>
                  {answer.error ? (
                    <Notice kind="error">{answer.error}</Notice>
                  ) : (
                    <Notice kind="success">{answer.done}</Notice>
                  )}
                </Revealed>
              )}
            </Form>
          </Panel>
        </div>
        <div className="space-y-6">
          <SignalsPanel order={order} blocked={blocked} answer={answer?.intent === "block" ? answer : undefined} />
          <Panel title="Customer">
            <p className="font-semibold">{`${order.firstName} ${order.lastName}`.trim()}</p>
            <p className="text-sm break-all text-stone-700">{order.email}</p>
            <div className="mt-2 flex flex-wrap gap-2">
              <a href={`tel:${order.phone.replace(/[^\d+]/g, "")}`} className="btn-secondary">
                Call {order.phone}
              </a>
              <a
                href={whatsAppHref(order.phoneNormalized)}
                target="_blank"
                rel="noopener noreferrer"
                className="btn-secondary"
              >
                WhatsApp
              </a>
            </div>
            <p className="mt-3 text-sm whitespace-pre-line" data-testid="delivery-address">
              {deliveryAddress(order)}
            </p>
          </Panel>
          <Panel title="Next step">
            {answer?.intent === "move" && (
              <Revealed className="mb-3">
                {answer.error ? (
                  <Notice kind="error">{answer.error}</Notice>
                ) : (
                  <Notice kind="success">{answer.done}</Notice>
                )}
              </Revealed>
            )}
            {moves.length === 0 && <p className="text-sm text-stone-700">{statusLabel(order.status)} is final.</p>}
            <div className="space-y-4">
              {moves.map((to) => (
                <Form
                  key={to}
                  method="post"
                  className="space-y-3 border-t border-stone-200 pt-3 first:border-0 first:pt-0"
                  aria-label={MOVE_LABELS[to] ?? to}
                >
                  <input type="hidden" name="intent" value="move" />
                  <input type="hidden" name="status" value={to} />
                  <input type="hidden" name="expected_status" value={order.status} />
                  {to === "shipped" && (
                    <>
                      <TextField
                        name="courier"
                        label="Courier"
                        maxLength={60}
                        required
                        hint="TCS, Leopards, M&P, Trax…"
                      />
                      <TextField name="tracking_number" label="Consignment number" maxLength={60} required />
                    </>
                  )}
                  {to === "delivered" && (
                    <TextField
                      name="cash_collected"
                      label="Cash collected (Rs.)"
                      inputMode="numeric"
                      maxLength={20}
                      defaultValue={String(order.totalPaisa / 100)}
                      required
                    />
                  )}
                  {(to === "cancelled" || to === "returned") && (
                    <fieldset className="text-sm">
                      <input type="hidden" name="restock_field" value="1" />
                      <legend className="font-semibold">The items</legend>
                      <label className="mt-1 flex gap-2">
                        <input type="radio" name="restock" value="yes" defaultChecked /> go back into stock
                      </label>
                      <label className="mt-1 flex gap-2">
                        <input type="radio" name="restock" value="no" /> cannot be sold again (e.g. opened lingerie)
                      </label>
                    </fieldset>
                  )}
                  {(to === "cancelled" || to === "returned") && (
                    <TextField name="note" label="Why (a staff note, never shown to the shopper)" maxLength={2000} />
                  )}
                  <Busy secondary={to === "cancelled" || to === "returned"}>{MOVE_LABELS[to] ?? to}</Busy>
                </Form>
              ))}
            </div>
          </Panel>
          <PrintLinks orderId={order.id} />
        </div>
      </div>
    </>
  );
}

/**
 * The fake-order signals found when the order was placed (issue 15, point 5; decision 0073): each
 * reason and whether it holds the order, the phone's history at the store, and buttons to put the
 * phone or the address on the block list.
 */
function SignalsPanel({
  order,
  blocked,
  answer,
}: {
  order: {
    risk: {
      history: { delivered: number; refused: number; cancelled: number };
      signals: { code: string; reason: string; holds: boolean }[];
    } | null;
    heldForCall: boolean;
    source: string;
    exchangeOf: { id: number; trackingId: string } | null;
  };
  blocked: { phone: number | null; address: number | null };
  answer?: OrderAnswer;
}) {
  const risk = order.risk;
  return (
    <Panel title="Signals">
      <div aria-label="Signals" role="region" className="space-y-3 text-sm">
        {order.heldForCall && (
          <p className="bg-red-50 px-2 py-1 font-semibold text-red-900 ring-1 ring-red-200">
            Held for a call: no WhatsApp question was sent. Call the customer to confirm.
          </p>
        )}
        {!risk ? (
          <p className="text-stone-700">
            {order.exchangeOf
              ? `A replacement for an exchange: the signals are those of order ${order.exchangeOf.trackingId}.`
              : "Placed before signals were recorded."}
          </p>
        ) : (
          <>
            {risk.signals.length === 0 ? (
              <p className="text-stone-700">No signals.</p>
            ) : (
              <ul className="space-y-1" aria-label="Signals found">
                {risk.signals.map((s, n) => (
                  <li key={n} className="flex items-start gap-2">
                    <span
                      className={`mt-0.5 shrink-0 px-1 text-xs font-semibold ${s.holds ? "bg-red-50 text-red-900" : "bg-amber-50 text-amber-900"}`}
                    >
                      {s.holds ? "Holds" : "Note"}
                    </span>
                    <span>{s.reason}</span>
                  </li>
                ))}
              </ul>
            )}
            {order.source !== "website" && risk.signals.length > 0 && (
              <p className="text-xs text-stone-600">Taken by the staff on the phone: never held.</p>
            )}
            <p aria-label="Phone history">
              This phone before: <strong>{risk.history.delivered}</strong> delivered,{" "}
              <strong>{risk.history.refused}</strong> refused, <strong>{risk.history.cancelled}</strong> cancelled
            </p>
          </>
        )}
        {answer && (
          <Revealed>
            {answer.error ? (
              <Notice kind="error">{answer.error}</Notice>
            ) : (
              <Notice kind="success">{answer.done}</Notice>
            )}
          </Revealed>
        )}
        {blocked.phone !== null && blocked.address !== null ? (
          <p className="text-stone-700">
            The phone and the address are on the block list.{" "}
            <Link to="/admin/block-list" className="inline-block underline underline-offset-4">
              Open the block list
            </Link>
          </p>
        ) : (
          <Form
            method="post"
            preventScrollReset
            className="space-y-2 border-t border-stone-200 pt-3"
            aria-label="Block"
          >
            <TextField name="reason" label="Reason to block (optional)" maxLength={BLOCK_LIMITS.reason} />
            <div className="flex flex-wrap gap-2">
              {blocked.phone === null ? (
                <button type="submit" name="intent" value="block_phone" className="btn-secondary">
                  Block this phone
                </button>
              ) : (
                <span className="text-stone-700">Phone blocked.</span>
              )}
              {blocked.address === null ? (
                <button type="submit" name="intent" value="block_address" className="btn-secondary">
                  Block this address
                </button>
              ) : (
                <span className="text-stone-700">Address blocked.</span>
              )}
            </div>
          </Form>
        )}
      </div>
    </Panel>
  );
}
