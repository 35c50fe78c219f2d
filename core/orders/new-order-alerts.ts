// New orders announce themselves (decision 0094): each staff member whose role may see orders
// chooses how they are told of a new order (order-alerts.ts). The alerts are written in the
// order's own transaction (write-order.ts), one row per order and device or member in the
// outboxes the workers already send from (decision 0069), so a push service, WhatsApp or SMTP
// that is down never slows or fails a checkout, and an order that rolls back alerts no one.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { PushPayload } from "../../db/schema";
import { formatRupees } from "../shared/money";
import { ROLE_PERMISSIONS, STAFF_ROLES } from "../shared/permissions";
import { renderEmail } from "../messaging/email-layout";
import type { Order } from "./order";

/** The roles that see orders, and so may be told of them. */
export const ALERT_ROLES = STAFF_ROLES.filter((role) => ROLE_PERMISSIONS[role].includes("orders"));
/** The same roles, as SQL: alerts go to them, and devices of members who lost them are removed. */
export const alertRoles = sql.raw(ALERT_ROLES.map((r) => `'${r}'`).join(", "));

/** What a new order's alert says, whichever way it goes. */
export interface NewOrderFacts extends Pick<Order, "trackingId" | "city" | "totalPaisa"> {
  orderId: Order["id"];
  customerName: string;
  itemCount: number;
  /** held for the shop's call (decision 0073): said in the alert, since it needs a person */
  heldForCall: Order["heldForCall"];
  storeName: string;
}

function alertText(order: NewOrderFacts) {
  const items = `${order.itemCount} ${order.itemCount === 1 ? "item" : "items"}`;
  const who = `${order.customerName.slice(0, 80)}, ${order.city.slice(0, 60)}`;
  return {
    title: `New order ${order.trackingId}`,
    body: `${who} · ${formatRupees(order.totalPaisa)} · ${items}${order.heldForCall ? " · held for a call" : ""}`,
  };
}

/**
 * Queues the alerts of a new order in the order's transaction: a push for each device of each
 * member who turned them on there, a WhatsApp message and an email for each member who chose
 * them. Only active members whose role sees orders; never the member who took the order.
 * Three INSERT … SELECT statements, each unique per order and device or member, so the alerts
 * are queued once whatever else runs.
 */
export async function queueNewOrderAlerts(
  tx: Db,
  order: NewOrderFacts,
  options: { exceptUserId: number | null; linkBase: string },
): Promise<void> {
  const except = options.exceptUserId ?? 0;
  const { title, body } = alertText(order);
  const path = `/admin/orders/${order.orderId}`;
  const payload: PushPayload = { title, body, url: path, tag: `order-${order.orderId}` };
  const members = sql`u.role in (${alertRoles}) and u.deactivated_at is null and u.id <> ${except}`;
  await tx.execute(sql`
    insert into push_messages (order_id, user_id, subscription_id, payload)
    select ${order.orderId}, s.user_id, s.id, ${JSON.stringify(payload)}::jsonb
    from push_subscriptions s
    join users u on u.id = s.user_id
    left join staff_sessions ss on ss.id = s.staff_session_id
    where ${members} and (ss.id is null or ss.revoked_at is null)
    on conflict do nothing`);
  const link = `${options.linkBase}${path}`;
  const email = renderEmail({
    storeName: order.storeName,
    subject: `${title}: ${formatRupees(order.totalPaisa)}`,
    preheader: body,
    heading: title,
    paragraphs: [body],
    button: { label: "Open the order", url: link },
    footer: ["You get this because you chose new-order alerts by email on your console account page."],
  });
  await tx.execute(sql`
    insert into email_messages (kind, order_id, user_id, to_address, subject, text_body, html_body)
    select 'new_order_alert', ${order.orderId}, u.id, lower(u.email), ${email.subject}, ${email.text}, ${email.html}
    from staff_alert_settings a join users u on u.id = a.user_id
    where a.email and ${members}
    on conflict do nothing`);
  // the template's body: {{1}} tracking ID, {{2}} customer and city, {{3}} total, {{4}} link
  const parameters = [
    order.trackingId,
    `${order.customerName.slice(0, 80)}, ${order.city.slice(0, 60)}`,
    formatRupees(order.totalPaisa),
    link,
  ];
  await tx.execute(sql`
    insert into whatsapp_messages (order_id, kind, language, phone, parameters, buttons, body)
    select distinct on (a.whatsapp_phone) ${order.orderId}, 'new_order_alert', 'en', a.whatsapp_phone,
           ${JSON.stringify(parameters)}::jsonb, '[]'::jsonb, ${`${title}\n${body}\n${link}`}
    from staff_alert_settings a join users u on u.id = a.user_id
    where a.whatsapp and a.phone_verified_at is not null and a.whatsapp_phone is not null and ${members}
    on conflict do nothing`);
}
