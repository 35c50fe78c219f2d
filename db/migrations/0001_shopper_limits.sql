ALTER TABLE "site_settings" ADD COLUMN "max_units_per_line" integer;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "max_orders_per_phone_per_day" integer;--> statement-breakpoint
CREATE INDEX "orders_phone_idx" ON "orders" USING btree ("phone_normalized","created_at");--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_max_units_per_line" CHECK ("site_settings"."max_units_per_line" is null or "site_settings"."max_units_per_line" between 1 and 99);--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_max_orders_per_phone" CHECK ("site_settings"."max_orders_per_phone_per_day" is null or "site_settings"."max_orders_per_phone_per_day" between 1 and 1000);