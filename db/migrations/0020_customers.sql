CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone_key" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"user_id" integer,
	"orders_count" integer DEFAULT 0 NOT NULL,
	"delivered_count" integer DEFAULT 0 NOT NULL,
	"returned_count" integer DEFAULT 0 NOT NULL,
	"cancelled_count" integer DEFAULT 0 NOT NULL,
	"first_order_at" timestamp with time zone NOT NULL,
	"last_order_at" timestamp with time zone NOT NULL,
	CONSTRAINT "customers_counts_nonnegative" CHECK ("customers"."orders_count" >= 0 and "customers"."delivered_count" >= 0 and "customers"."returned_count" >= 0 and "customers"."cancelled_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_phone_key_key" ON "customers" USING btree ("phone_key");--> statement-breakpoint
CREATE INDEX "customers_last_order_idx" ON "customers" USING btree ("last_order_at","id");--> statement-breakpoint
CREATE INDEX "customers_orders_count_idx" ON "customers" USING btree ("orders_count","id");--> statement-breakpoint
CREATE INDEX "customers_name_idx" ON "customers" USING btree (lower("first_name" || ' ' || "last_name"),"id");--> statement-breakpoint
CREATE INDEX "customers_user_idx" ON "customers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "customers_search_trgm_idx" ON "customers" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops,"email" gin_trgm_ops,"phone_key" gin_trgm_ops);--> statement-breakpoint
-- The customer a phone is: a Pakistani mobile in any stored form is 923XXXXXXXXX, anything else
-- as stored (core/shared/customer-keys.ts, samePhoneForms, says the same in TypeScript).
CREATE FUNCTION "customer_phone_key"("phone" text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN "phone" ~ '^(92|0)?3[0-9]{9}$' THEN '92' || right("phone", 10) ELSE "phone" END
$$;--> statement-breakpoint
-- Each change of an order changes its customer's counts by a difference, in one statement on the
-- customer's row, so two orders placed or moved at once are both counted (the row's lock orders
-- them); the name and contact are the newest order's.
CREATE FUNCTION "customers_follow_orders"() RETURNS trigger LANGUAGE plpgsql AS $$
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
    UPDATE customers SET
      orders_count = orders_count - 1,
      delivered_count = delivered_count - (OLD.status = 'delivered')::int,
      returned_count = returned_count - (OLD.status = 'returned')::int,
      cancelled_count = cancelled_count - (OLD.status = 'cancelled')::int,
      -- the order is gone from this phone (deleted, or its phone corrected): its newest left
      last_order_at = coalesce((
        SELECT max(o.created_at) FROM orders o
        WHERE o.phone_normalized = ANY (CASE WHEN old_key ~ '^923[0-9]{9}$'
          THEN ARRAY[old_key, '0' || substr(old_key, 3), substr(old_key, 3)] ELSE ARRAY[old_key] END)
      ), last_order_at)
    WHERE phone_key = old_key;
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
$$;--> statement-breakpoint
CREATE TRIGGER "customers_follow_orders_insert" AFTER INSERT OR DELETE ON "orders"
  FOR EACH ROW EXECUTE FUNCTION "customers_follow_orders"();--> statement-breakpoint
CREATE TRIGGER "customers_follow_orders_update" AFTER UPDATE OF status, phone_normalized, first_name, last_name, email, phone, user_id ON "orders"
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.phone_normalized IS DISTINCT FROM NEW.phone_normalized
    OR OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name
    OR OLD.email IS DISTINCT FROM NEW.email OR OLD.phone IS DISTINCT FROM NEW.phone OR OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION "customers_follow_orders"();--> statement-breakpoint
CREATE FUNCTION "customers_empty"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM customers;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "customers_follow_orders_truncate" AFTER TRUNCATE ON "orders"
  FOR EACH STATEMENT EXECUTE FUNCTION "customers_empty"();--> statement-breakpoint
-- the customers of the orders already taken
INSERT INTO "customers" (phone_key, first_name, last_name, email, phone, user_id, orders_count, delivered_count,
  returned_count, cancelled_count, first_order_at, last_order_at)
SELECT customer_phone_key(phone_normalized),
  (array_agg(first_name ORDER BY created_at DESC, id DESC))[1],
  (array_agg(last_name ORDER BY created_at DESC, id DESC))[1],
  (array_agg(email ORDER BY created_at DESC, id DESC))[1],
  (array_agg(phone ORDER BY created_at DESC, id DESC))[1],
  (array_agg(user_id ORDER BY created_at DESC, id DESC) FILTER (WHERE user_id IS NOT NULL))[1],
  count(*), count(*) FILTER (WHERE status = 'delivered'), count(*) FILTER (WHERE status = 'returned'),
  count(*) FILTER (WHERE status = 'cancelled'), min(created_at), max(created_at)
FROM "orders"
GROUP BY customer_phone_key(phone_normalized);
