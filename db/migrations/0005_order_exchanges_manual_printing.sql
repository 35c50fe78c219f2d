ALTER TABLE "order_events" DROP CONSTRAINT "order_events_kind";--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "discreet_packaging" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "discreet_sender_name" text;--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "related_order_id" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "replaces_item_id" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "return_resellable" boolean;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "exchange_of_order_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "exchange_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "price_override_reason" text;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_related_order_id_orders_id_fk" FOREIGN KEY ("related_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_replaces_item_id_order_items_id_fk" FOREIGN KEY ("replaces_item_id") REFERENCES "public"."order_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_exchange_of_order_id_orders_id_fk" FOREIGN KEY ("exchange_of_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_items_replaces_idx" ON "order_items" USING btree ("replaces_item_id");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_exchange_of_idx" ON "orders" USING btree ("exchange_of_order_id");--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_kind" CHECK ("order_events"."kind" in ('status', 'note', 'exchange'));--> statement-breakpoint
-- orders delivered before this migration: the exchange window counts from their delivery event
UPDATE "orders" SET "delivered_at" = (SELECT max("at") FROM "order_events" e WHERE e."order_id" = "orders"."id" AND e."kind" = 'status' AND e."to_status" = 'delivered') WHERE "status" = 'delivered';
