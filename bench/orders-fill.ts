// The orders-admin section's 100,000 orders (orders-admin.ts), written by INSERT … SELECT
// generate_series: spread over 90 days, older ones mostly delivered, recent ones waiting, twenty
// cities weighted like real traffic, ~2 lines per order from the demo catalogue, a timeline of
// one to five events each.
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";

const CITIES = [
  "Karachi",
  "Karachi",
  "Karachi",
  "Lahore",
  "Lahore",
  "Lahore",
  "Islamabad",
  "Rawalpindi",
  "Faisalabad",
  "Multan",
  "Peshawar",
  "Quetta",
  "Hyderabad",
  "Sialkot",
  "Gujranwala",
  "Bahawalpur",
  "Sargodha",
  "Sukkur",
  "Abbottabad",
  "Mardan",
];
const FIRST_NAMES = ["Ayesha", "Fatima", "Sana", "Hina", "Maryam", "Zainab", "Amna", "Iqra", "Mahnoor", "Rabia"];
const LAST_NAMES = ["Khan", "Ahmed", "Malik", "Butt", "Qureshi", "Sheikh", "Chaudhry", "Raza", "Hussain", "Siddiqui"];
const COURIERS = ["TCS", "Leopards", "M&P", "PostEx", "Trax"];

const textArray = (values: string[]) => sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(",")}]`);

/**
 * 100,000 orders with items and timelines, in three INSERT … SELECT statements. A multiplicative
 * hash of the series number (h) stands in for randomness, so every run fills the same store.
 */
export async function fillOrders(db: Db, count: number): Promise<void> {
  await db.execute(sql`
    insert into orders (tracking_id, status, first_name, last_name, email, phone, phone_normalized,
      shipping_address, city, postal_code, country, subtotal_paisa, shipping_paisa, discount_paisa, total_paisa,
      voucher_code, courier, tracking_number, cash_collected_paisa, source, delivered_at, created_at, updated_at)
    select 'BN' || lpad(upper(to_hex(g)), 8, '0'), s.status, s.first_name, s.last_name,
      lower(s.first_name) || '.' || lower(s.last_name) || g || '@example.pk',
      '03' || substr(s.digits, 1, 2) || '-' || substr(s.digits, 3, 7), '923' || s.digits,
      'House ' || (1 + s.h % 400) || ', Street ' || (1 + s.h % 31) || ', Block ' || chr(65 + (s.h % 8)),
      s.city, lpad((10000 + s.h % 89999)::text, 5, '0'), 'Pakistan', 0, case when s.h % 5 = 0 then 0 else 25000 end,
      case when s.h % 9 = 0 then 20000 else 0 end, 0, case when s.h % 9 = 0 then 'EID200' end,
      case when s.status in ('shipped', 'delivered', 'returned') then (${textArray(COURIERS)})[1 + s.h % 5] end,
      case when s.status in ('shipped', 'delivered', 'returned') then 'CN' || (100000000 + s.h % 899999999) end,
      null, (array['website','website','website','website','whatsapp','instagram','phone'])[1 + s.h % 7],
      case when s.status = 'delivered' then s.created_at + interval '3 days' end, s.created_at, s.created_at
    from (
      select g, h, created_at,
        (${textArray(FIRST_NAMES)})[1 + h % 10] as first_name,
        (${textArray(LAST_NAMES)})[1 + (h / 10) % 10] as last_name,
        (${textArray(CITIES)})[1 + (h / 100) % 20] as city,
        lpad(((h::bigint * 7) % 1000000000)::text, 9, '0') as digits,
        case
          when created_at > now() - interval '2 days' then
            (array['pending confirmation','pending confirmation','confirmed','packed'])[1 + h % 4]
          when created_at > now() - interval '6 days' then
            (array['confirmed','packed','shipped','shipped','cancelled'])[1 + h % 5]
          else (array['delivered','delivered','delivered','delivered','delivered','delivered','delivered',
                      'cancelled','returned','shipped'])[1 + h % 10]
        end as status
      from (
        select g, ((g::bigint * 2654435761) % 2147483629)::int as h,
          -- spread over 90 days, a little denser recently (the shop is growing)
          now() - (90 * 86400 * power(((g::bigint * 40503) % 65537) / 65537.0, 1.2)) * interval '1 second' as created_at
        from generate_series(1, ${count}) as g
      ) hashed
    ) s`);
  // one to three lines each (two on average), from the demo store's options
  await db.execute(sql`
    with c as (
      select row_number() over (order by vc.id) as n, vc.product_id, vc.id, p.name, vc.combination_name, vc.price_paisa
      from variant_combinations vc join products p on p.id = vc.product_id
    )
    insert into order_items (order_id, product_id, combination_id, product_name, combination_name,
      unit_price_paisa, quantity, line_total_paisa)
    select o.id, c.product_id, c.id, c.name, c.combination_name, c.price_paisa, q.quantity, c.price_paisa * q.quantity
    from orders o
    cross join lateral generate_series(1, 1 + o.id % 3) as line(n)
    cross join lateral (select 1 + (o.id + line.n) % 7 / 5 as quantity) q
    join c on c.n = 1 + ((o.id::bigint * 31 + line.n * 17) % (select count(*) from c))`);
  await db.execute(sql`
    update orders o set subtotal_paisa = s.subtotal,
      total_paisa = greatest(0, s.subtotal + o.shipping_paisa - o.discount_paisa),
      cash_collected_paisa = case when o.status = 'delivered' then greatest(0, s.subtotal + o.shipping_paisa - o.discount_paisa) end
    from (select order_id, sum(line_total_paisa) as subtotal from order_items group by order_id) s
    where s.order_id = o.id`);
  // the timeline: placed, then each status up to the current one
  await db.execute(sql`
    insert into order_events (order_id, at, kind, from_status, to_status, visible_to_shopper, courier, tracking_number)
    select o.id, o.created_at + (step.n * interval '1 day'), 'status',
      case when step.n = 0 then null else path[step.n] end, path[step.n + 1], true,
      case when path[step.n + 1] = 'shipped' then o.courier end,
      case when path[step.n + 1] = 'shipped' then o.tracking_number end
    from (
      select o.*, case o.status
        when 'pending confirmation' then array['pending confirmation']
        when 'confirmed' then array['pending confirmation','confirmed']
        when 'packed' then array['pending confirmation','confirmed','packed']
        when 'shipped' then array['pending confirmation','confirmed','packed','shipped']
        when 'delivered' then array['pending confirmation','confirmed','packed','shipped','delivered']
        when 'returned' then array['pending confirmation','confirmed','packed','shipped','returned']
        else array['pending confirmation','cancelled'] end as path
      from orders o
    ) o
    cross join lateral generate_series(0, array_length(o.path, 1) - 1) as step(n)`);
  // VACUUM as well: autovacuum has long done so on a live table, and its visibility map lets
  // counts read the indexes alone
  await db.execute(sql`vacuum analyze`);
}
