-- Custom SQL migration file, put your code below! ---- An order taken from a customer (deleted, or its phone corrected) leaves the customer as their
-- newest remaining order gives them: name, contact, account and last order, not the taken one's.
CREATE OR REPLACE FUNCTION "customers_follow_orders"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_key text;
  new_key text;
BEGIN
  IF TG_OP <> 'INSERT' THEN old_key := customer_phone_key(OLD.phone_normalized); END IF;
  IF TG_OP <> 'DELETE' THEN new_key := customer_phone_key(NEW.phone_normalized); END IF;
  IF TG_OP = 'UPDATE' AND old_key = new_key THEN
    UPDATE customers SET
      delivered_count = delivered_count + (NEW.status = 'delivered')::int - (OLD.status = 'delivered')::int,
      returned_count = returned_count + (NEW.status = 'returned')::int - (OLD.status = 'returned')::int,
      cancelled_count = cancelled_count + (NEW.status = 'cancelled')::int - (OLD.status = 'cancelled')::int,
      first_name = CASE WHEN NEW.created_at >= last_order_at THEN NEW.first_name ELSE first_name END,
      last_name = CASE WHEN NEW.created_at >= last_order_at THEN NEW.last_name ELSE last_name END,
      email = CASE WHEN NEW.created_at >= last_order_at THEN NEW.email ELSE email END,
      phone = CASE WHEN NEW.created_at >= last_order_at THEN NEW.phone ELSE phone END,
      user_id = CASE WHEN NEW.user_id IS NOT NULL AND NEW.created_at >= last_order_at THEN NEW.user_id
        ELSE coalesce(user_id, NEW.user_id) END
    WHERE phone_key = new_key;
    RETURN NULL;
  END IF;
  IF old_key IS NOT NULL THEN
    UPDATE customers c SET
      orders_count = c.orders_count - 1,
      delivered_count = c.delivered_count - (OLD.status = 'delivered')::int,
      returned_count = c.returned_count - (OLD.status = 'returned')::int,
      cancelled_count = c.cancelled_count - (OLD.status = 'cancelled')::int,
      first_name = coalesce(n.first_name, c.first_name),
      last_name = coalesce(n.last_name, c.last_name),
      email = coalesce(n.email, c.email),
      phone = coalesce(n.phone, c.phone),
      user_id = CASE WHEN n.id IS NULL THEN c.user_id ELSE (
        SELECT o.user_id FROM orders o
        WHERE o.phone_normalized = ANY (CASE WHEN old_key ~ '^923[0-9]{9}$'
          THEN ARRAY[old_key, '0' || substr(old_key, 3), substr(old_key, 3)] ELSE ARRAY[old_key] END)
          AND o.user_id IS NOT NULL
        ORDER BY o.created_at DESC, o.id DESC LIMIT 1) END,
      last_order_at = coalesce(n.created_at, c.last_order_at)
    FROM (SELECT 1) one
    LEFT JOIN LATERAL (
      SELECT o.id, o.first_name, o.last_name, o.email, o.phone, o.created_at FROM orders o
      WHERE o.phone_normalized = ANY (CASE WHEN old_key ~ '^923[0-9]{9}$'
        THEN ARRAY[old_key, '0' || substr(old_key, 3), substr(old_key, 3)] ELSE ARRAY[old_key] END)
      ORDER BY o.created_at DESC, o.id DESC LIMIT 1
    ) n ON true
    WHERE c.phone_key = old_key;
    DELETE FROM customers WHERE phone_key = old_key AND orders_count = 0;
  END IF;
  IF new_key IS NOT NULL THEN
    INSERT INTO customers AS c (phone_key, first_name, last_name, email, phone, user_id, orders_count,
      delivered_count, returned_count, cancelled_count, first_order_at, last_order_at)
    VALUES (new_key, NEW.first_name, NEW.last_name, NEW.email, NEW.phone, NEW.user_id, 1,
      (NEW.status = 'delivered')::int, (NEW.status = 'returned')::int, (NEW.status = 'cancelled')::int,
      NEW.created_at, NEW.created_at)
    ON CONFLICT (phone_key) DO UPDATE SET
      orders_count = c.orders_count + 1,
      delivered_count = c.delivered_count + excluded.delivered_count,
      returned_count = c.returned_count + excluded.returned_count,
      cancelled_count = c.cancelled_count + excluded.cancelled_count,
      first_name = CASE WHEN excluded.last_order_at >= c.last_order_at THEN excluded.first_name ELSE c.first_name END,
      last_name = CASE WHEN excluded.last_order_at >= c.last_order_at THEN excluded.last_name ELSE c.last_name END,
      email = CASE WHEN excluded.last_order_at >= c.last_order_at THEN excluded.email ELSE c.email END,
      phone = CASE WHEN excluded.last_order_at >= c.last_order_at THEN excluded.phone ELSE c.phone END,
      user_id = CASE WHEN excluded.user_id IS NOT NULL AND excluded.last_order_at >= c.last_order_at
        THEN excluded.user_id ELSE coalesce(c.user_id, excluded.user_id) END,
      first_order_at = least(c.first_order_at, excluded.first_order_at),
      last_order_at = greatest(c.last_order_at, excluded.last_order_at);
  END IF;
  RETURN NULL;
END
$$;
