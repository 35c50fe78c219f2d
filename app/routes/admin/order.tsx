// One order for staff: its items, the shopper's contact (tap to call, a WhatsApp link), address,
// totals and voucher, where it came from, its timeline of moves and notes with who and when, and a
// form for each move the workflow allows from here. Each form carries the status it showed
// (expected_status): if someone else moved the order meanwhile, the move is refused with a 409
// instead of being made twice. Its panels are components/admin/OrderDetail*.tsx.
import { data, Link, redirect, useActionData, useLoaderData } from "react-router";
import { createExchange, exchangeChoices } from "../../../core/orders/exchange";
import { getOrderForStaff } from "../../../core/orders/staff-orders";
import { blockedStateOf, blockOrderContact } from "../../../core/orders/block-list";
import { addOrderNote, moveOrder } from "../../../core/orders/workflow";
import { sourceLabel } from "../../../core/orders/order-sources";
import { BackLink } from "../../components/admin/BackLink";
import { ConsoleErrorBoundary } from "../../components/admin/ConsoleError";
import { ExchangeForm, exchangeFormInput } from "../../components/admin/ExchangeForm";
import { PageTitle, Panel } from "../../components/admin/Fields";
import type { OrderAnswer } from "../../components/admin/OrderDetailAnswer";
import { OrderDetailCustomer } from "../../components/admin/OrderDetailCustomer";
import { OrderDetailItems } from "../../components/admin/OrderDetailItems";
import { OrderDetailNextStep } from "../../components/admin/OrderDetailNextStep";
import { OrderDetailSignals } from "../../components/admin/OrderDetailSignals";
import { OrderDetailTimeline } from "../../components/admin/OrderDetailTimeline";
import { PrintLinks } from "../../components/admin/PrintLinks";
import { BookingPanel } from "../../components/admin/parcels/BookingPanel";
import { awaitingPickup, beforePickup, isParcelIntent } from "../../components/admin/parcels/parcel-state";
import { loadParcelPanel, parcelAction } from "../../components/admin/parcels/parcel-forms.server";
import { consoleMeta, formText, statusLabel } from "../../lib/console";
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
  // the courier panel (decision 0103): the order's parcels and what booking it offers
  const courier = await loadParcelPanel(context.core, actor, order.id);
  return {
    exchange,
    blocked,
    courier,
    order: {
      ...order,
      placed: formatDayTime(order.createdAt),
      timeline: order.timeline.map((e) => ({ ...e, when: formatDayTime(e.at) })),
    },
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = await requireStaff(request, context, "orders");
  const id = orderId(params);
  const form = await request.formData();
  const intent = formText(form, "intent");
  if (isParcelIntent(intent)) return parcelAction(context.core, actor, id, form);
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

export default function ConsoleOrder() {
  const { order, exchange, blocked, courier } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as OrderAnswer | undefined;
  return (
    <>
      <BackLink to="/admin/orders" label="← Orders" muted />
      <PageTitle
        title={`Order ${order.trackingId}`}
        intro={`${statusLabel(order.status)}${awaitingPickup(courier.parcels) ? " · booked, awaiting pickup" : ""} · placed ${order.placed} · ${sourceLabel(order.source)}${order.heldForCall ? " · Held for a call (see Signals)" : ""}`}
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
          <OrderDetailItems order={order} />
          {exchange && (
            <Panel title="Exchange items">
              <ExchangeForm choices={exchange} error={answer?.intent === "exchange" ? answer.error : undefined} />
            </Panel>
          )}
          <OrderDetailTimeline order={order} answer={answer?.intent === "note" ? answer : undefined} />
        </div>
        <div className="space-y-6">
          <OrderDetailSignals
            order={order}
            blocked={blocked}
            answer={answer?.intent === "block" ? answer : undefined}
          />
          <OrderDetailCustomer order={order} />
          <BookingPanel
            orderId={order.id}
            panel={courier}
            answer={isParcelIntent(answer?.intent ?? "") ? answer : undefined}
          />
          <OrderDetailNextStep
            order={order}
            answer={answer?.intent === "move" ? answer : undefined}
            bookedParcel={courier.parcels.find(beforePickup) ?? null}
          />
          <PrintLinks orderId={order.id} />
        </div>
      </div>
    </>
  );
}
