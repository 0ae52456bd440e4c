-- Change markers of the catalogue's in-memory index (modules/catalog/catalog-index.ts): one sequence per kind of
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
-- Offers: sizes and stock (every order takes stock, so this one moves most).
CREATE TRIGGER "offers_catalog_index" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "offers"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalog_index_changed"('catalog_stock_changes');--> statement-breakpoint
-- Popularity: units of order lines by the orders' dates.
CREATE TRIGGER "order_lines_catalog_index" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "order_lines"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalog_index_changed"('catalog_orders_changes');--> statement-breakpoint
CREATE TRIGGER "orders_catalog_index" AFTER UPDATE OF "created_at" OR DELETE OR TRUNCATE ON "orders"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalog_index_changed"('catalog_orders_changes');
