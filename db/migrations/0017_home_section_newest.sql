ALTER TABLE "homepage_categories" ADD COLUMN "kind" text DEFAULT 'picked' NOT NULL;--> statement-breakpoint
ALTER TABLE "homepage_categories" ADD COLUMN "newest_count" integer DEFAULT 8 NOT NULL;--> statement-breakpoint
ALTER TABLE "homepage_categories" ADD COLUMN "products_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "homepage_categories" ADD CONSTRAINT "homepage_categories_kind" CHECK ("homepage_categories"."kind" in ('picked', 'newest'));--> statement-breakpoint
ALTER TABLE "homepage_categories" ADD CONSTRAINT "homepage_categories_newest_count" CHECK ("homepage_categories"."newest_count" between 1 and 24);