-- Search that understands Roman Urdu and Urdu script (decision 0108). search_fold is the fold
-- core/catalog/search-folding.ts does to a search, done to the products' text; a change to one is a
-- change to both (core/catalog/search-folding.ts says how).
CREATE OR REPLACE FUNCTION search_fold(t text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  select regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(
    translate(regexp_replace(lower(t), '[\u064B-\u065F\u0670\u0640\u200B-\u200F]', '', 'g'),
      'qيىكهھۃةۓأإآ٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹', 'kییکہہہہےااا01234567890123456789'),
    'e{2,}', 'i', 'g'),
    'o{2,}', 'u', 'g'),
    '([a-z])\1+', '\1', 'g'),
    '(?<![a-z0-9])un[ -]*stitch', 'unstitch', 'g'),
    '(?<![a-z0-9])([0-9]{1,2})[ -]*(pieces?|pcs?)(?![a-z0-9])', '\1pc', 'g')
$$;--> statement-breakpoint
CREATE TABLE "catalogue_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', search_fold(coalesce("name", ''))), 'A') || setweight(to_tsvector('simple', search_fold(coalesce("description", ''))), 'B')) STORED;--> statement-breakpoint
-- dropped with the column it indexes
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "catalogue_words_trgm_idx" ON "catalogue_words" USING gist ("word" gist_trgm_ops);--> statement-breakpoint
-- The words a typo is corrected to: every word of a product's vector of four to forty letters
-- (core/catalog/search-corrections.ts corrects no shorter word). New products' words once per
-- statement, so writing 10,000 products at once is one insert; a changed name or description's
-- words per product, and only then, so a stock or rating change costs nothing here.
CREATE FUNCTION catalogue_words_of_new_products() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalogue_words (word)
  SELECT DISTINCT w FROM new_products, unnest(tsvector_to_array(new_products.search_vector)) AS w
  WHERE length(w) BETWEEN 4 AND 40
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION catalogue_words_of_product() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalogue_words (word)
  SELECT w FROM unnest(tsvector_to_array(NEW.search_vector)) AS w
  WHERE length(w) BETWEEN 4 AND 40
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER products_new_words AFTER INSERT ON products REFERENCING NEW TABLE AS new_products
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_words_of_new_products();--> statement-breakpoint
CREATE TRIGGER products_changed_words AFTER UPDATE OF name, description ON products
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.description IS DISTINCT FROM NEW.description)
  EXECUTE FUNCTION catalogue_words_of_product();--> statement-breakpoint
INSERT INTO catalogue_words (word)
SELECT DISTINCT w FROM products, unnest(tsvector_to_array(products.search_vector)) AS w
WHERE length(w) BETWEEN 4 AND 40
ON CONFLICT DO NOTHING;
