CREATE TABLE "cities" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"province" text,
	"aliases" text[] DEFAULT '{}'::text[] NOT NULL,
	"rank" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "courier_cities" (
	"courier" text NOT NULL,
	"courier_city_id" text NOT NULL,
	"courier_city_name" text NOT NULL,
	"city_id" integer,
	"delivers" boolean DEFAULT true NOT NULL,
	"picks_up" boolean DEFAULT false NOT NULL,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courier_cities_courier_courier_city_id_pk" PRIMARY KEY("courier","courier_city_id"),
	CONSTRAINT "courier_cities_courier" CHECK ("courier_cities"."courier" in ('postex', 'leopards', 'trax', 'tcs'))
);
--> statement-breakpoint
CREATE TABLE "courier_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"courier" text NOT NULL,
	"label" text NOT NULL,
	"mode" text DEFAULT 'live' NOT NULL,
	"base_url" text,
	"credentials_sealed" text NOT NULL,
	"credentials_hint" jsonb NOT NULL,
	"pickup_addresses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"default_weight_grams" integer DEFAULT 500 NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courier_accounts_courier" CHECK ("courier_accounts"."courier" in ('postex', 'leopards', 'trax', 'tcs')),
	CONSTRAINT "courier_accounts_mode" CHECK ("courier_accounts"."mode" in ('live', 'test')),
	CONSTRAINT "courier_accounts_weight" CHECK ("courier_accounts"."default_weight_grams" between 1 and 100000)
);
--> statement-breakpoint
CREATE TABLE "courier_webhooks" (
	"id" serial PRIMARY KEY NOT NULL,
	"courier" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"body" jsonb NOT NULL,
	"processed_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"failure" text
);
--> statement-breakpoint
CREATE TABLE "parcel_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"parcel_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"courier_status" text NOT NULL,
	"reason" text,
	"location" text,
	"event_key" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parcels" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"courier_account_id" integer,
	"courier" text NOT NULL,
	"reference" text NOT NULL,
	"booking_state" text DEFAULT 'booking' NOT NULL,
	"cn" text,
	"status" text,
	"status_reason" text,
	"status_at" timestamp with time zone,
	"weight_grams" integer NOT NULL,
	"pieces" integer DEFAULT 1 NOT NULL,
	"cod_paisa" bigint NOT NULL,
	"description" text NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"label_url" text,
	"failure" text,
	"booked_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"booked_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"next_poll_at" timestamp with time zone,
	"last_polled_at" timestamp with time zone,
	"poll_failures" integer DEFAULT 0 NOT NULL,
	"last_movement_at" timestamp with time zone,
	CONSTRAINT "parcels_courier" CHECK ("parcels"."courier" in ('postex', 'leopards', 'trax', 'tcs')),
	CONSTRAINT "parcels_booking_state" CHECK ("parcels"."booking_state" in ('booking', 'unknown', 'booked', 'failed', 'cancelled')),
	CONSTRAINT "parcels_status" CHECK ("parcels"."status" is null or "parcels"."status" in ('booked', 'picked up', 'in transit', 'out for delivery', 'delivery attempted', 'delivered', 'returning', 'returned')),
	CONSTRAINT "parcels_booked_has_cn" CHECK ("parcels"."booking_state" <> 'booked' or "parcels"."cn" is not null),
	CONSTRAINT "parcels_weight" CHECK ("parcels"."weight_grams" between 1 and 100000),
	CONSTRAINT "parcels_pieces" CHECK ("parcels"."pieces" between 1 and 99),
	CONSTRAINT "parcels_cod_nonnegative" CHECK ("parcels"."cod_paisa" >= 0)
);
--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "parcel_stall_days" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "city_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "city_unmatched" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "courier_cities" ADD CONSTRAINT "courier_cities_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_events" ADD CONSTRAINT "parcel_events_parcel_id_parcels_id_fk" FOREIGN KEY ("parcel_id") REFERENCES "public"."parcels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcels" ADD CONSTRAINT "parcels_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcels" ADD CONSTRAINT "parcels_courier_account_id_courier_accounts_id_fk" FOREIGN KEY ("courier_account_id") REFERENCES "public"."courier_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcels" ADD CONSTRAINT "parcels_booked_by_users_id_fk" FOREIGN KEY ("booked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cities_name_key" ON "cities" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "courier_cities_city_idx" ON "courier_cities" USING btree ("city_id","courier");--> statement-breakpoint
CREATE UNIQUE INDEX "courier_accounts_one_default" ON "courier_accounts" USING btree ("is_default") WHERE "courier_accounts"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "courier_accounts_label_key" ON "courier_accounts" USING btree (lower("label"));--> statement-breakpoint
CREATE INDEX "courier_webhooks_waiting_idx" ON "courier_webhooks" USING btree ("received_at") WHERE "courier_webhooks"."processed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "parcel_events_key" ON "parcel_events" USING btree ("parcel_id","event_key");--> statement-breakpoint
CREATE INDEX "parcel_events_parcel_idx" ON "parcel_events" USING btree ("parcel_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "parcels_one_live_per_order" ON "parcels" USING btree ("order_id") WHERE "parcels"."booking_state" in ('booking', 'unknown', 'booked');--> statement-breakpoint
CREATE UNIQUE INDEX "parcels_courier_cn_key" ON "parcels" USING btree ("courier","cn") WHERE "parcels"."cn" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "parcels_courier_reference_key" ON "parcels" USING btree ("courier","reference");--> statement-breakpoint
CREATE INDEX "parcels_order_idx" ON "parcels" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "parcels_poll_idx" ON "parcels" USING btree ("next_poll_at") WHERE "parcels"."booking_state" = 'booked' and "parcels"."status" not in ('delivered', 'returned');--> statement-breakpoint
CREATE INDEX "parcels_status_idx" ON "parcels" USING btree ("status","last_movement_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_parcel_stall_days" CHECK ("site_settings"."parcel_stall_days" between 1 and 60);