CREATE TABLE "currency_rates" (
	"code" text PRIMARY KEY NOT NULL,
	"rupees_per_unit" numeric(9, 4),
	"set_at" timestamp with time zone,
	"set_by" integer,
	CONSTRAINT "currency_rates_code" CHECK ("currency_rates"."code" in ('USD', 'EUR', 'GBP')),
	CONSTRAINT "currency_rates_positive" CHECK ("currency_rates"."rupees_per_unit" > 0)
);
--> statement-breakpoint
ALTER TABLE "currency_rates" ADD CONSTRAINT "currency_rates_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;