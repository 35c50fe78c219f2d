CREATE INDEX "products_active_created_idx" ON "products" USING btree ("created_at","id") WHERE "products"."is_active";--> statement-breakpoint
CREATE INDEX "products_active_price_idx" ON "products" USING btree ("min_price_paisa","id") WHERE "products"."is_active";--> statement-breakpoint
CREATE INDEX "products_active_price_desc_idx" ON "products" USING btree ("min_price_paisa" DESC NULLS FIRST,"id") WHERE "products"."is_active";--> statement-breakpoint
CREATE INDEX "products_active_name_idx" ON "products" USING btree ("name","id") WHERE "products"."is_active";--> statement-breakpoint
CREATE INDEX "products_active_max_price_idx" ON "products" USING btree ("max_price_paisa") WHERE "products"."is_active";--> statement-breakpoint
CREATE INDEX "products_sitemap_idx" ON "products" USING btree ("id","updated_at","custom_url") WHERE "products"."is_active";--> statement-breakpoint
CREATE INDEX "products_rating_idx" ON "products" USING btree ((case when "review_count" = 0 then 0 else "rating_total"::float / "review_count" end) desc,"review_count" DESC NULLS FIRST,"id") WHERE "products"."is_active";--> statement-breakpoint
CREATE INDEX "products_staff_created_idx" ON "products" USING btree ("created_at","id") WHERE "products"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "products_staff_name_idx" ON "products" USING btree ("name","id") WHERE "products"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "products_url_trgm_idx" ON "products" USING gin ("custom_url" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_inactive_idx" ON "products" USING btree ("id") WHERE not "products"."is_active";--> statement-breakpoint
CREATE INDEX "variant_combinations_sku_trgm_idx" ON "variant_combinations" USING gin ("sku" gin_trgm_ops);