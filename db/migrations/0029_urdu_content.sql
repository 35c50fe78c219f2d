-- Urdu names and texts for the /ur pages (decision 0111): nullable, null meaning the page shows the
-- English. The columns come first, as the search vector below reads the products' two.
ALTER TABLE "collections" ADD COLUMN "name_ur" text;--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "description_ur" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "name_ur" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "description_ur" text;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "content_ur" text;--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "title_ur" text;--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "excerpt_ur" text;--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "content_ur" text;--> statement-breakpoint
ALTER TABLE "policy_pages" ADD COLUMN "title_ur" text;--> statement-breakpoint
ALTER TABLE "policy_pages" ADD COLUMN "content_ur" text;--> statement-breakpoint
-- the Urdu name weighs as the name (A), the Urdu description as the description (B), both folded
-- by search_fold (decision 0108) so an Urdu search's letter variants meet them
ALTER TABLE "products" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', search_fold(coalesce("name", '') || ' ' || coalesce("name_ur", ''))), 'A') || setweight(to_tsvector('simple', search_fold(coalesce("description", '') || ' ' || coalesce("description_ur", ''))), 'B')) STORED;--> statement-breakpoint
-- dropped with the column it indexes
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
-- a changed Urdu name or description brings its words to catalogue_words too (typo corrections)
DROP TRIGGER products_changed_words ON products;--> statement-breakpoint
CREATE TRIGGER products_changed_words AFTER UPDATE OF name, description, name_ur, description_ur ON products
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.description IS DISTINCT FROM NEW.description
    OR OLD.name_ur IS DISTINCT FROM NEW.name_ur OR OLD.description_ur IS DISTINCT FROM NEW.description_ur)
  EXECUTE FUNCTION catalogue_words_of_product();
