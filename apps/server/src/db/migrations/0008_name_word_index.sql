CREATE TABLE "name_words" (
	"id" serial PRIMARY KEY NOT NULL,
	"word" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_name_words" (
	"word_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	CONSTRAINT "product_name_words_word_id_product_id_pk" PRIMARY KEY("word_id","product_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "name_words_word_idx" ON "name_words" USING btree ("word" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "name_words_word_trgm_idx" ON "name_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- Name search no longer reads name_key's trigram index (apps/server/src/modules/products/products.repository.ts): every
-- write of a product paid for it.
DROP INDEX "products_name_key_trgm_idx";--> statement-breakpoint
-- The name word index stays current by triggers on products, so every write that changes a name keeps it — the
-- integration import, the seed, the admin — without any of them knowing. Statement-level triggers with transition
-- tables: the seed inserts thousands of products per statement, and one insert per statement is far cheaper than one per
-- row. A name's words are its name_key split at its spaces: name_key is already in nameKey form, and the query words
-- are split the same way. A word no product has any more stays in name_words and leads nowhere.
CREATE FUNCTION "products_name_words_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- In word order, so two writers adding the same new words take their locks in the same order.
  INSERT INTO "name_words" ("word")
    SELECT DISTINCT w.word FROM "added_products" p CROSS JOIN LATERAL unnest(string_to_array(p."name_key", ' ')) AS w(word)
    WHERE w.word <> '' ORDER BY 1
    ON CONFLICT DO NOTHING;
  INSERT INTO "product_name_words" ("word_id", "product_id")
    SELECT DISTINCT nw."id", p."id" FROM "added_products" p CROSS JOIN LATERAL unnest(string_to_array(p."name_key", ' ')) AS w(word)
    JOIN "name_words" nw ON nw."word" = w.word
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "products_name_words_renamed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only the products whose name_key changed: an update of prices or of a group leaves the index alone.
  PERFORM 1 FROM "updated_products" n JOIN "previous_products" o ON o."id" = n."id" WHERE o."name_key" IS DISTINCT FROM n."name_key" LIMIT 1;
  IF NOT FOUND THEN RETURN NULL; END IF;
  -- The words of the previous name_key, by the primary key (see products_name_words_deleted).
  DELETE FROM "product_name_words" x USING "updated_products" n JOIN "previous_products" o ON o."id" = n."id"
      CROSS JOIN LATERAL unnest(string_to_array(o."name_key", ' ')) AS w(word) JOIN "name_words" nw ON nw."word" = w.word
    WHERE x."word_id" = nw."id" AND x."product_id" = o."id" AND o."name_key" IS DISTINCT FROM n."name_key";
  INSERT INTO "name_words" ("word")
    SELECT DISTINCT w.word FROM "updated_products" n JOIN "previous_products" o ON o."id" = n."id"
      CROSS JOIN LATERAL unnest(string_to_array(n."name_key", ' ')) AS w(word)
    WHERE o."name_key" IS DISTINCT FROM n."name_key" AND w.word <> '' ORDER BY 1
    ON CONFLICT DO NOTHING;
  INSERT INTO "product_name_words" ("word_id", "product_id")
    SELECT DISTINCT nw."id", n."id" FROM "updated_products" n JOIN "previous_products" o ON o."id" = n."id"
      CROSS JOIN LATERAL unnest(string_to_array(n."name_key", ' ')) AS w(word)
      JOIN "name_words" nw ON nw."word" = w.word
    WHERE o."name_key" IS DISTINCT FROM n."name_key"
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "products_name_words_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A product's rows are the words of its name_key (these triggers wrote them): found by the primary key, so the table
  -- needs no second index by product, which a write would pay for and which the planner would scan for a search.
  DELETE FROM "product_name_words" x
    USING "deleted_products" o CROSS JOIN LATERAL unnest(string_to_array(o."name_key", ' ')) AS w(word) JOIN "name_words" nw ON nw."word" = w.word
    WHERE x."word_id" = nw."id" AND x."product_id" = o."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "products_name_words_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE "product_name_words";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_name_words_insert" AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS "added_products" FOR EACH STATEMENT EXECUTE FUNCTION "products_name_words_added"();--> statement-breakpoint
CREATE TRIGGER "products_name_words_update" AFTER UPDATE ON "products"
  REFERENCING OLD TABLE AS "previous_products" NEW TABLE AS "updated_products" FOR EACH STATEMENT EXECUTE FUNCTION "products_name_words_renamed"();--> statement-breakpoint
CREATE TRIGGER "products_name_words_delete" AFTER DELETE ON "products"
  REFERENCING OLD TABLE AS "deleted_products" FOR EACH STATEMENT EXECUTE FUNCTION "products_name_words_deleted"();--> statement-breakpoint
CREATE TRIGGER "products_name_words_truncate" AFTER TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION "products_name_words_truncated"();--> statement-breakpoint
-- The products already there.
INSERT INTO "name_words" ("word")
  SELECT DISTINCT w.word FROM "products" p CROSS JOIN LATERAL unnest(string_to_array(p."name_key", ' ')) AS w(word)
  WHERE w.word <> '' ORDER BY 1;--> statement-breakpoint
INSERT INTO "product_name_words" ("word_id", "product_id")
  SELECT DISTINCT nw."id", p."id" FROM "products" p CROSS JOIN LATERAL unnest(string_to_array(p."name_key", ' ')) AS w(word)
  JOIN "name_words" nw ON nw."word" = w.word;
