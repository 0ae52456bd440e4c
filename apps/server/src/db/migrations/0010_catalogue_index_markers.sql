CREATE TABLE "catalog_stock_flips" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "catalog_stock_flips_at_idx" ON "catalog_stock_flips" USING btree ("at");--> statement-breakpoint
-- Change markers of the catalogue's in-memory index (modules/catalog/catalog-index-keeper.ts): one sequence per kind of
-- change, advanced by a statement-level trigger on every write of the tables the index is built from. A server process
-- compares the sequences' last values with those it built from, so it learns of a change made by another process (or
-- by the seed, or by hand) with one cheap read. A sequence never takes a lock a writer would wait for, so concurrent
-- orders do not queue on the marker, as they would on a counter row; one nextval per statement, not per row.
CREATE SEQUENCE "catalog_products_changes";--> statement-breakpoint
CREATE SEQUENCE "catalog_stock_changes";--> statement-breakpoint
CREATE SEQUENCE "catalog_orders_changes";--> statement-breakpoint
CREATE FUNCTION "catalog_index_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval(TG_ARGV[0]::regclass);
  RETURN NULL;
END $$;--> statement-breakpoint
-- Products: their facets, prices, groups, names and dates.
CREATE TRIGGER "products_catalog_index" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalog_index_changed"('catalog_products_changes');--> statement-breakpoint
-- The group tree: which groups a group's page takes in.
CREATE TRIGGER "catalog_groups_catalog_index" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "catalog_groups"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalog_index_changed"('catalog_products_changes');--> statement-breakpoint
-- Offers added or removed change the sizes: the index reads all offers again.
CREATE TRIGGER "offers_catalog_index" AFTER INSERT OR DELETE OR TRUNCATE ON "offers"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalog_index_changed"('catalog_stock_changes');--> statement-breakpoint
-- An update of offers (every order takes stock) is cheaper to follow: only a product whose offer's stock went to zero
-- or came back from it changes the «in stock» filter, and most orders leave stock above zero. Those products go to
-- catalog_stock_flips, whose ids are the marker of such changes; an offer moved to another size or product counts as
-- an offer added and removed.
CREATE FUNCTION "offers_catalog_index_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "updated_offers" n JOIN "previous_offers" o ON o."id" = n."id"
             WHERE n."characteristic" <> o."characteristic" OR n."product_id" <> o."product_id") THEN
    PERFORM nextval('catalog_stock_changes');
  END IF;
  INSERT INTO "catalog_stock_flips" ("product_id")
    SELECT DISTINCT n."product_id" FROM "updated_offers" n JOIN "previous_offers" o ON o."id" = n."id"
    WHERE (n."residue" > 0) <> (o."residue" > 0);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "offers_catalog_index_update" AFTER UPDATE ON "offers"
  REFERENCING OLD TABLE AS "previous_offers" NEW TABLE AS "updated_offers"
  FOR EACH STATEMENT EXECUTE FUNCTION "offers_catalog_index_updated"();--> statement-breakpoint
-- Popularity: units of order lines by the orders' dates.
CREATE TRIGGER "order_lines_catalog_index" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "order_lines"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalog_index_changed"('catalog_orders_changes');--> statement-breakpoint
CREATE TRIGGER "orders_catalog_index" AFTER UPDATE OF "created_at" OR DELETE OR TRUNCATE ON "orders"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalog_index_changed"('catalog_orders_changes');
