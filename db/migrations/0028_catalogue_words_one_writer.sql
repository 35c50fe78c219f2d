-- (decision 0108) Two transactions that each write products with words new to catalogue_words
-- could wait on each other's uncommitted words in opposite orders: a deadlock, one of them failed.
-- A writer with new words now takes one transaction lock first, so they queue; a write whose words
-- are all known, the usual case, takes none. Words are inserted in order all the same.
CREATE OR REPLACE FUNCTION catalogue_words_of_new_products() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM new_products, unnest(tsvector_to_array(new_products.search_vector)) AS w
    WHERE length(w) BETWEEN 4 AND 40 AND NOT EXISTS (SELECT 1 FROM catalogue_words c WHERE c.word = w)
  ) THEN
    PERFORM pg_advisory_xact_lock(hashtextextended('catalogue_words', 0));
    INSERT INTO catalogue_words (word)
    SELECT DISTINCT w FROM new_products, unnest(tsvector_to_array(new_products.search_vector)) AS w
    WHERE length(w) BETWEEN 4 AND 40
    ORDER BY w
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalogue_words_of_product() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM unnest(tsvector_to_array(NEW.search_vector)) AS w
    WHERE length(w) BETWEEN 4 AND 40 AND NOT EXISTS (SELECT 1 FROM catalogue_words c WHERE c.word = w)
  ) THEN
    PERFORM pg_advisory_xact_lock(hashtextextended('catalogue_words', 0));
    INSERT INTO catalogue_words (word)
    SELECT w FROM unnest(tsvector_to_array(NEW.search_vector)) AS w
    WHERE length(w) BETWEEN 4 AND 40
    ORDER BY w
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
