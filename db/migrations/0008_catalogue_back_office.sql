CREATE TABLE "policy_pages" (
	"slug" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "policy_pages_slug" CHECK ("policy_pages"."slug" in ('terms', 'privacy', 'refund-policy', 'about'))
);
--> statement-breakpoint
CREATE TABLE "product_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"content" text NOT NULL,
	"row_count" integer NOT NULL,
	"error_count" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone,
	"applied_by" integer
);
--> statement-breakpoint
ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_reason";--> statement-breakpoint
DROP INDEX "variant_combinations_product_idx";--> statement-breakpoint
ALTER TABLE "product_images" ADD COLUMN "storage_key" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "size_guide" text DEFAULT 'auto' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "tiktok_url" text;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "youtube_url" text;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "delivery_promise" text;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "policy_pages" ADD CONSTRAINT "policy_pages_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_imports" ADD CONSTRAINT "product_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_imports" ADD CONSTRAINT "product_imports_applied_by_users_id_fk" FOREIGN KEY ("applied_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_imports_created_idx" ON "product_imports" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "variant_combinations_product_name_key" ON "variant_combinations" USING btree ("product_id","combination_name");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_size_guide" CHECK ("products"."size_guide" in ('auto', 'apparel', 'bra', 'none'));--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_reason" CHECK ("stock_movements"."reason" in ('order', 'cancel', 'return', 'exchange', 'manual', 'import'));