ALTER TABLE "reviews" ADD COLUMN "moderated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "moderated_by" integer;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "reviews_held_for_moderation" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_moderated_by_users_id_fk" FOREIGN KEY ("moderated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reviews_queue_idx" ON "reviews" USING btree ("is_approved","created_at","id");--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_reviews_held" CHECK ("site_settings"."reviews_held_for_moderation" in ('none', 'guests', 'all'));