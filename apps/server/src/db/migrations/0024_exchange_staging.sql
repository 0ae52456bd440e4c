-- Unlogged: a staged package is scratch (modules/exchange-1c/catalog-import.ts); it need not survive a crash of the
-- database, which empties these tables rather than leaving a half-read package, and writing it skips the WAL.
CREATE UNLOGGED TABLE "exchange_1c_staged_goods" (
	"package_id" text NOT NULL,
	"seq" integer NOT NULL,
	"uid" text NOT NULL,
	"article" text NOT NULL,
	"article_key" text NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"type" text,
	"weight" numeric(12, 3),
	"detail_text" text,
	"characteristics" jsonb NOT NULL,
	"keep_characteristics" boolean NOT NULL,
	"group_code" text,
	"pictures" text[],
	"refusal" text,
	"staged_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNLOGGED TABLE "exchange_1c_staged_offers" (
	"package_id" text NOT NULL,
	"seq" integer NOT NULL,
	"guid" text NOT NULL,
	"product_uid" text NOT NULL,
	"characteristic" text,
	"residue" integer,
	"price" numeric(14, 2),
	"list_price" numeric(14, 2),
	"refusal" text,
	"staged_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_1c_staged_goods_uid_idx" ON "exchange_1c_staged_goods" USING btree ("package_id","uid");--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_1c_staged_goods_article_idx" ON "exchange_1c_staged_goods" USING btree ("package_id","article");--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_1c_staged_offers_guid_idx" ON "exchange_1c_staged_offers" USING btree ("package_id","guid");--> statement-breakpoint
-- The triggers that compare a statement's rows before and after (migrations 0008 and 0010) join the two transition
-- tables. PL/pgSQL plans such a statement once per session and keeps the plan: planned at the first firing, for a
-- statement of one row, it is a nested loop, and every later statement of thousands of rows compares every row with
-- every row (10,000 products' prices took 41 s on the embedded database; a 200,000-good catalogue did not finish).
-- EXECUTE plans each firing for its own rows: 0.8 s for 8,000. Their effects are unchanged.
CREATE OR REPLACE FUNCTION "products_name_words_renamed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  renamed integer;
BEGIN
  EXECUTE 'SELECT count(*) FROM "updated_products" n JOIN "previous_products" o ON o."id" = n."id" WHERE o."name_key" IS DISTINCT FROM n."name_key"' INTO renamed;
  IF renamed = 0 THEN RETURN NULL; END IF;
  EXECUTE 'DELETE FROM "product_name_words" x USING "updated_products" n JOIN "previous_products" o ON o."id" = n."id"
      CROSS JOIN LATERAL unnest(string_to_array(o."name_key", '' '')) AS w(word) JOIN "name_words" nw ON nw."word" = w.word
    WHERE x."word_id" = nw."id" AND x."product_id" = o."id" AND o."name_key" IS DISTINCT FROM n."name_key"';
  EXECUTE 'INSERT INTO "name_words" ("word")
    SELECT DISTINCT w.word FROM "updated_products" n JOIN "previous_products" o ON o."id" = n."id"
      CROSS JOIN LATERAL unnest(string_to_array(n."name_key", '' '')) AS w(word)
    WHERE o."name_key" IS DISTINCT FROM n."name_key" AND w.word <> '''' ORDER BY 1
    ON CONFLICT DO NOTHING';
  EXECUTE 'INSERT INTO "product_name_words" ("word_id", "product_id")
    SELECT DISTINCT nw."id", n."id" FROM "updated_products" n JOIN "previous_products" o ON o."id" = n."id"
      CROSS JOIN LATERAL unnest(string_to_array(n."name_key", '' '')) AS w(word)
      JOIN "name_words" nw ON nw."word" = w.word
    WHERE o."name_key" IS DISTINCT FROM n."name_key"
    ON CONFLICT DO NOTHING';
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "offers_catalog_index_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved integer;
BEGIN
  EXECUTE 'SELECT count(*) FROM "updated_offers" n JOIN "previous_offers" o ON o."id" = n."id"
    WHERE n."characteristic" <> o."characteristic" OR n."product_id" <> o."product_id"' INTO moved;
  IF moved > 0 THEN
    PERFORM nextval('catalog_stock_changes');
  END IF;
  EXECUTE 'INSERT INTO "catalog_stock_flips" ("product_id")
    SELECT DISTINCT n."product_id" FROM "updated_offers" n JOIN "previous_offers" o ON o."id" = n."id"
    WHERE (n."residue" > 0) <> (o."residue" > 0)';
  RETURN NULL;
END $$;
