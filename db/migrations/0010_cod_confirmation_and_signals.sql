CREATE TABLE "blocked_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"display" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blocked_contacts_kind" CHECK ("blocked_contacts"."kind" in ('phone', 'address'))
);
--> statement-breakpoint
CREATE TABLE "cod_city_limits" (
	"id" serial PRIMARY KEY NOT NULL,
	"city" text NOT NULL,
	"city_key" text NOT NULL,
	"limit_paisa" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cod_city_limits_positive" CHECK ("cod_city_limits"."limit_paisa" > 0)
);
--> statement-breakpoint
CREATE TABLE "whatsapp_inbound" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider_message_id" text NOT NULL,
	"from_phone" text NOT NULL,
	"type" text NOT NULL,
	"text" text,
	"payload" text,
	"order_id" integer,
	"outcome" text NOT NULL,
	"sent_at" timestamp with time zone,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone,
	"handled_by" integer,
	CONSTRAINT "whatsapp_inbound_outcome" CHECK ("whatsapp_inbound"."outcome" in ('confirmed', 'cancelled', 'already_settled', 'needs_person', 'ignored'))
);
--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "confirmation_reminder_hours" integer DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "confirmation_expiry_hours" integer DEFAULT 48 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "cod_limit_paisa" bigint;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "hold_signals" jsonb DEFAULT '["blocked", "refused_before", "over_cod_limit"]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "confirm_token_hash" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "confirmation_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "confirmation_outcome" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "confirmation_channel" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "risk_signals" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "held_for_call" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "address_key" text;--> statement-breakpoint
ALTER TABLE "blocked_contacts" ADD CONSTRAINT "blocked_contacts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_inbound" ADD CONSTRAINT "whatsapp_inbound_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_inbound" ADD CONSTRAINT "whatsapp_inbound_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "blocked_contacts_value_key" ON "blocked_contacts" USING btree ("kind","value");--> statement-breakpoint
CREATE UNIQUE INDEX "cod_city_limits_city_key" ON "cod_city_limits" USING btree ("city_key");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_inbound_provider_id_key" ON "whatsapp_inbound" USING btree ("provider_message_id");--> statement-breakpoint
CREATE INDEX "whatsapp_inbound_received_idx" ON "whatsapp_inbound" USING btree ("received_at","id");--> statement-breakpoint
CREATE INDEX "whatsapp_inbound_open_idx" ON "whatsapp_inbound" USING btree ("received_at") WHERE "whatsapp_inbound"."outcome" = 'needs_person' and "whatsapp_inbound"."handled_at" is null;--> statement-breakpoint
CREATE INDEX "whatsapp_inbound_order_idx" ON "whatsapp_inbound" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_confirm_token_key" ON "orders" USING btree ("confirm_token_hash") WHERE "orders"."confirm_token_hash" is not null;--> statement-breakpoint
CREATE INDEX "orders_address_key_idx" ON "orders" USING btree ("address_key","created_at");--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_confirmation_reminder_hours" CHECK ("site_settings"."confirmation_reminder_hours" between 1 and 168);--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_confirmation_expiry_hours" CHECK ("site_settings"."confirmation_expiry_hours" between 2 and 720 and "site_settings"."confirmation_expiry_hours" > "site_settings"."confirmation_reminder_hours");--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_cod_limit" CHECK ("site_settings"."cod_limit_paisa" is null or "site_settings"."cod_limit_paisa" > 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_confirmation_outcome" CHECK ("orders"."confirmation_outcome" is null or "orders"."confirmation_outcome" in ('confirmed', 'cancelled', 'expired'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_confirmation_channel" CHECK ("orders"."confirmation_channel" is null or "orders"."confirmation_channel" in ('whatsapp', 'link', 'call', 'staff', 'auto'));--> statement-breakpoint
-- orders already past the question: how it ended, from their timelines (staff moved them all)
UPDATE "orders" o SET
	"confirmation_outcome" = CASE WHEN e."to_status" = 'confirmed' THEN 'confirmed' ELSE 'cancelled' END,
	"confirmation_channel" = 'staff'
FROM (
	SELECT DISTINCT ON ("order_id") "order_id", "to_status" FROM "order_events"
	WHERE "kind" = 'status' AND "from_status" = 'pending confirmation'
	ORDER BY "order_id", "at", "id"
) e
WHERE e."order_id" = o."id";
