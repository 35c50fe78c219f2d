CREATE TABLE "courier_payouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"courier" text NOT NULL,
	"courier_account_id" integer,
	"reference" text NOT NULL,
	"reference_given" boolean DEFAULT true NOT NULL,
	"paid_on" date NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courier_payouts_source" CHECK ("courier_payouts"."source" in ('api', 'report'))
);
--> statement-breakpoint
CREATE TABLE "courier_rate_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"courier" text NOT NULL,
	"effective_from" date NOT NULL,
	"card" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "courier_report_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"courier" text NOT NULL,
	"courier_account_id" integer,
	"file_name" text NOT NULL,
	"file_sha256" text NOT NULL,
	"state" text DEFAULT 'previewed' NOT NULL,
	"rows" jsonb NOT NULL,
	"summary" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone,
	CONSTRAINT "courier_report_imports_state" CHECK ("courier_report_imports"."state" in ('previewed', 'applied'))
);
--> statement-breakpoint
CREATE TABLE "courier_report_mappings" (
	"courier" text PRIMARY KEY NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parcel_money" (
	"parcel_id" integer PRIMARY KEY NOT NULL,
	"courier" text NOT NULL,
	"courier_account_id" integer,
	"outcome" text NOT NULL,
	"owed_since" timestamp with time zone NOT NULL,
	"due_paisa" bigint NOT NULL,
	"expected_deductions_paisa" bigint,
	"expected_detail" jsonb,
	"tolerance_paisa" integer DEFAULT 500 NOT NULL,
	"collected_paisa" bigint,
	"delivery_paisa" bigint DEFAULT 0 NOT NULL,
	"cash_handling_paisa" bigint DEFAULT 0 NOT NULL,
	"fuel_paisa" bigint DEFAULT 0 NOT NULL,
	"gst_paisa" bigint DEFAULT 0 NOT NULL,
	"return_charge_paisa" bigint DEFAULT 0 NOT NULL,
	"withheld_tax_paisa" bigint DEFAULT 0 NOT NULL,
	"other_paisa" bigint DEFAULT 0 NOT NULL,
	"net_paisa" bigint,
	"courier_figures" jsonb,
	"payout_id" integer,
	"second_reference" text,
	"paid_on" date,
	"source" text,
	"report_import_id" integer,
	"difference_kind" text,
	"difference_paisa" bigint,
	"dispute_state" text,
	"dispute_note" text DEFAULT '' NOT NULL,
	"dispute_updated_at" timestamp with time zone,
	"dispute_updated_by" integer,
	"next_poll_at" timestamp with time zone,
	"last_polled_at" timestamp with time zone,
	"poll_failures" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parcel_money_outcome" CHECK ("parcel_money"."outcome" in ('delivered', 'returned')),
	CONSTRAINT "parcel_money_source" CHECK ("parcel_money"."source" is null or "parcel_money"."source" in ('api', 'report')),
	CONSTRAINT "parcel_money_difference_kind" CHECK ("parcel_money"."difference_kind" is null or "parcel_money"."difference_kind" in ('paid short', 'charged more than the rate card')),
	CONSTRAINT "parcel_money_dispute_state" CHECK ("parcel_money"."dispute_state" is null or "parcel_money"."dispute_state" in ('open', 'raised', 'resolved')),
	CONSTRAINT "parcel_money_due" CHECK ("parcel_money"."due_paisa" >= 0),
	CONSTRAINT "parcel_money_net" CHECK ("parcel_money"."net_paisa" is null or "parcel_money"."net_paisa" = coalesce("parcel_money"."collected_paisa", 0) - ("parcel_money"."delivery_paisa" + "parcel_money"."cash_handling_paisa" + "parcel_money"."fuel_paisa" + "parcel_money"."gst_paisa" + "parcel_money"."return_charge_paisa" + "parcel_money"."withheld_tax_paisa" + "parcel_money"."other_paisa")),
	CONSTRAINT "parcel_money_paid_has_net" CHECK ("parcel_money"."payout_id" is null or "parcel_money"."net_paisa" is not null)
);
--> statement-breakpoint
CREATE TABLE "withheld_tax_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"effective_from" date NOT NULL,
	"rate_basis_points" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withheld_tax_rates_rate" CHECK ("withheld_tax_rates"."rate_basis_points" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "courier_payouts" ADD CONSTRAINT "courier_payouts_courier_account_id_courier_accounts_id_fk" FOREIGN KEY ("courier_account_id") REFERENCES "public"."courier_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_rate_cards" ADD CONSTRAINT "courier_rate_cards_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_report_imports" ADD CONSTRAINT "courier_report_imports_courier_account_id_courier_accounts_id_fk" FOREIGN KEY ("courier_account_id") REFERENCES "public"."courier_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_report_imports" ADD CONSTRAINT "courier_report_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_report_mappings" ADD CONSTRAINT "courier_report_mappings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_money" ADD CONSTRAINT "parcel_money_parcel_id_parcels_id_fk" FOREIGN KEY ("parcel_id") REFERENCES "public"."parcels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_money" ADD CONSTRAINT "parcel_money_courier_account_id_courier_accounts_id_fk" FOREIGN KEY ("courier_account_id") REFERENCES "public"."courier_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_money" ADD CONSTRAINT "parcel_money_payout_id_courier_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."courier_payouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_money" ADD CONSTRAINT "parcel_money_dispute_updated_by_users_id_fk" FOREIGN KEY ("dispute_updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withheld_tax_rates" ADD CONSTRAINT "withheld_tax_rates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "courier_payouts_reference_key" ON "courier_payouts" USING btree ("courier","reference");--> statement-breakpoint
CREATE INDEX "courier_payouts_paid_on_idx" ON "courier_payouts" USING btree ("paid_on","id");--> statement-breakpoint
CREATE UNIQUE INDEX "courier_rate_cards_from_key" ON "courier_rate_cards" USING btree ("courier","effective_from");--> statement-breakpoint
CREATE INDEX "courier_report_imports_created_idx" ON "courier_report_imports" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "courier_report_imports_sha_idx" ON "courier_report_imports" USING btree ("file_sha256");--> statement-breakpoint
CREATE INDEX "parcel_money_poll_idx" ON "parcel_money" USING btree ("next_poll_at") WHERE "parcel_money"."payout_id" is null;--> statement-breakpoint
CREATE INDEX "parcel_money_unpaid_idx" ON "parcel_money" USING btree ("courier","owed_since") WHERE "parcel_money"."payout_id" is null;--> statement-breakpoint
CREATE INDEX "parcel_money_payout_idx" ON "parcel_money" USING btree ("payout_id");--> statement-breakpoint
CREATE INDEX "parcel_money_difference_idx" ON "parcel_money" USING btree ("dispute_state","owed_since") WHERE "parcel_money"."dispute_state" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "withheld_tax_rates_from_key" ON "withheld_tax_rates" USING btree ("effective_from");