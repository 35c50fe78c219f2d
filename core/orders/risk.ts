// The fake-order signals of one order, found once as it is placed (decision 0073), inside the
// order's own transaction (core/orders/write-order.ts writeOrder): one
// statement of indexed look-ups (orders_phone_idx, orders_address_key_idx, the block list's and
// the city limits' unique keys), so every checkout pays for a handful of index probes and no more.
// The rules themselves are pure, in risk-rules.ts.
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client";
import type { OrderRisk } from "../../db/schema";
import { samePhoneForms } from "../shared/customer-keys";
import { addressKey, assessRisk, cityKey, isShortAddress } from "./risk-rules";

export interface RiskAssessment {
  risk: OrderRisk;
  heldForCall: boolean;
  addressKey: string;
}

interface FactsRow {
  delivered: number | string;
  refused: number | string;
  cancelled: number | string;
  pending_phone: number | string;
  pending_address: number | string;
  blocked_phone: string | null;
  blocked_address: string | null;
  city_limit: number | string | null;
}

/**
 * Assesses an order about to be stored. Orders from the same phone and to the same address are
 * counted one after another, not side by side: the checkout already holds a transaction lock on
 * the phone (limitOrdersPerPhone), and this takes one on the address, so of two orders placed at
 * once the second sees the first and is marked repeat_pending.
 */
export async function assessOrder(
  tx: Db,
  order: { phoneNormalized: string; shippingAddress: string; city: string; totalPaisa: number },
  settings: { codLimitPaisa: number | null; holdSignals: readonly string[] },
  canHold: boolean,
): Promise<RiskAssessment> {
  const key = addressKey(order.shippingAddress, order.city);
  const forms = samePhoneForms(order.phoneNormalized);
  const phones = sql.join(
    forms.map((f) => sql`${f}`),
    sql`, `,
  );
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`orders:address:${key}`}, 0))`);
  const [row] = await queryRows<FactsRow>(
    tx,
    sql`select
          count(*) filter (where o.status = 'delivered') as delivered,
          count(*) filter (where o.status = 'returned' and exists (
            select 1 from order_events e
            where e.order_id = o.id and e.kind = 'status' and e.from_status = 'shipped' and e.to_status = 'returned'
          )) as refused,
          count(*) filter (where o.status = 'cancelled') as cancelled,
          count(*) filter (where o.status = 'pending confirmation' and o.created_at > now() - interval '1 day')
            as pending_phone,
          (select count(*) from orders a
            where a.address_key = ${key} and a.created_at > now() - interval '1 day'
              and a.status = 'pending confirmation') as pending_address,
          (select b.reason from blocked_contacts b where b.kind = 'phone' and b.value in (${phones}) limit 1)
            as blocked_phone,
          (select b.reason from blocked_contacts b where b.kind = 'address' and b.value = ${key}) as blocked_address,
          (select c.limit_paisa from cod_city_limits c where c.city_key = ${cityKey(order.city)}) as city_limit
        from orders o
        where o.phone_normalized in (${phones})`,
  );
  const n = (v: number | string | null | undefined) => Number(v ?? 0);
  const assessed = assessRisk(
    {
      history: { delivered: n(row?.delivered), refused: n(row?.refused), cancelled: n(row?.cancelled) },
      blockedPhone: row?.blocked_phone != null ? { reason: row.blocked_phone } : null,
      blockedAddress: row?.blocked_address != null ? { reason: row.blocked_address } : null,
      pendingFromPhone: n(row?.pending_phone),
      pendingToAddress: n(row?.pending_address),
      totalPaisa: order.totalPaisa,
      city: order.city,
      codLimitPaisa: settings.codLimitPaisa,
      cityLimitPaisa: row?.city_limit != null ? Number(row.city_limit) : null,
      shortAddress: isShortAddress(order.shippingAddress),
    },
    settings.holdSignals,
    canHold,
  );
  return {
    risk: { history: assessed.history, signals: assessed.signals },
    heldForCall: assessed.heldForCall,
    addressKey: key,
  };
}
