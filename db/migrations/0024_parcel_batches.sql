CREATE TABLE "parcel_batch_items" (
	"batch_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"position" integer NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"parcel_id" integer,
	"message" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parcel_batch_items_batch_id_order_id_pk" PRIMARY KEY("batch_id","order_id"),
	CONSTRAINT "parcel_batch_items_state" CHECK ("parcel_batch_items"."state" in ('waiting', 'working', 'booked', 'refused', 'unknown'))
);
--> statement-breakpoint
CREATE TABLE "parcel_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_by" integer,
	"created_by_email" text NOT NULL,
	"created_from_ip" text,
	"courier_account_id" integer,
	"courier" text NOT NULL,
	"weight_grams" integer,
	"pieces" integer DEFAULT 1 NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "parcel_batches_courier" CHECK ("parcel_batches"."courier" in ('postex', 'leopards', 'trax', 'tcs')),
	CONSTRAINT "parcel_batches_weight" CHECK ("parcel_batches"."weight_grams" is null or "parcel_batches"."weight_grams" between 1 and 100000),
	CONSTRAINT "parcel_batches_pieces" CHECK ("parcel_batches"."pieces" between 1 and 99)
);
--> statement-breakpoint
ALTER TABLE "parcel_batch_items" ADD CONSTRAINT "parcel_batch_items_batch_id_parcel_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."parcel_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_batch_items" ADD CONSTRAINT "parcel_batch_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_batch_items" ADD CONSTRAINT "parcel_batch_items_parcel_id_parcels_id_fk" FOREIGN KEY ("parcel_id") REFERENCES "public"."parcels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_batches" ADD CONSTRAINT "parcel_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_batches" ADD CONSTRAINT "parcel_batches_courier_account_id_courier_accounts_id_fk" FOREIGN KEY ("courier_account_id") REFERENCES "public"."courier_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "parcel_batch_items_due_idx" ON "parcel_batch_items" USING btree ("state","locked_until") WHERE "parcel_batch_items"."state" in ('waiting', 'working');