-- Prices have a change marker of their own (modules/catalog/catalog-index-keeper.ts, part «prices»). A 1C offers
-- package changes the prices of every product it prices, and with the products' marker that was a rebuild of the
-- whole catalogue index — every product read again, its name words, its bitmaps — beside the index pages answer from
-- and the cards kept from before the package: at a million offers the server's memory grew by hundreds of MB (issue
-- 40, docs/performance.md «1C exchange»). A change of prices alone now re-reads the two prices.
--
-- The products' marker moves on an update of a column the index is built from (catalog.repository.ts
-- `indexProductsAfter`, `idsByNameAfter`, `idsByNoveltyAfter`; season, protection class and standard are generated
-- from characteristics, name_latin from the name). An update of other columns (a description, a weight, pictures)
-- moves no marker: the index does not hold them, and cards are read from the database.
-- `UPDATE OF` fires when a column is named in the statement's SET list, changed or not: a statement that sets both
-- kinds moves both markers, and a products rebuild takes the prices in.
CREATE SEQUENCE "catalog_prices_changes";--> statement-breakpoint
DROP TRIGGER "products_catalog_index" ON "products";--> statement-breakpoint
CREATE TRIGGER "products_catalog_index" AFTER INSERT OR DELETE OR TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalog_index_changed"('catalog_products_changes');--> statement-breakpoint
CREATE TRIGGER "products_catalog_index_update"
  AFTER UPDATE OF "id", "name", "name_key", "group_code", "type", "status", "max_discount", "season_sale", "characteristics", "created_at"
  ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalog_index_changed"('catalog_products_changes');--> statement-breakpoint
CREATE TRIGGER "products_catalog_prices_update" AFTER UPDATE OF "price", "price_opt" ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalog_index_changed"('catalog_prices_changes');
--> statement-breakpoint
-- Offers added move the stock marker only when a row was added. The 1C exchange writes its offers with one
-- `INSERT … ON CONFLICT DO UPDATE`, whose statement fires the insert trigger even when every offer already existed
-- and only prices changed: then the index read all stock again (a million offers) for nothing. An insert trigger's
-- transition table holds only the rows inserted (rows the conflict clause updated go to the update trigger's).
-- A trigger with a transition table serves one event: delete and truncate keep theirs.
DROP TRIGGER "offers_catalog_index" ON "offers";--> statement-breakpoint
CREATE TRIGGER "offers_catalog_index" AFTER DELETE OR TRUNCATE ON "offers"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalog_index_changed"('catalog_stock_changes');--> statement-breakpoint
CREATE FUNCTION "offers_catalog_index_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "inserted_offers") THEN
    PERFORM nextval('catalog_stock_changes');
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "offers_catalog_index_insert" AFTER INSERT ON "offers"
  REFERENCING NEW TABLE AS "inserted_offers"
  FOR EACH STATEMENT EXECUTE FUNCTION "offers_catalog_index_inserted"();
