-- Catalogue filters and sorting (issue 15). Season, protection class and standard are read from the characteristics
-- by generated columns, so the ERP's feed stays the one source and filters and their counts group by plain columns.
ALTER TABLE "products" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "season" text GENERATED ALWAYS AS (nullif(btrim(jsonb_path_query_first("characteristics", '$[*] ? (@.NAME == "Сезон").VALUE') #>> '{}'), '')) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "protection_class" text GENERATED ALWAYS AS (nullif(btrim(jsonb_path_query_first("characteristics", '$[*] ? (@.NAME == "Класс защиты").VALUE') #>> '{}'), '')) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "standard" text GENERATED ALWAYS AS (coalesce(
  'ГОСТ ' || nullif(btrim(regexp_replace(jsonb_path_query_first("characteristics", '$[*] ? (@.NAME == "ГОСТ").VALUE') #>> '{}', '^ГОСТ\s*', '')), ''),
  'ТР ТС ' || nullif(btrim(regexp_replace(jsonb_path_query_first("characteristics", '$[*] ? (@.NAME == "ТР ТС").VALUE') #>> '{}', '^ТР ТС\s*', '')), ''))) STORED;--> statement-breakpoint
-- Russian order of names on PGlite and PostgreSQL alike: the ICU root collation ("und-x-icu", present on both) orders
-- Cyrillic as Russian does (ё with е), but puts Latin first, and PGlite has no Russian tailoring to reorder scripts.
-- Names starting with a Latin letter are therefore sorted after the Cyrillic ones by this flag, as ru collation does.
ALTER TABLE "products" ADD COLUMN "name_latin" boolean GENERATED ALWAYS AS ("name" ~ '^[^A-Za-zА-Яа-яЁё]*[A-Za-z]') STORED;--> statement-breakpoint
CREATE INDEX "products_name_ru_idx" ON "products" USING btree ("name_latin", "name" COLLATE "und-x-icu", "id");--> statement-breakpoint
CREATE INDEX "products_created_idx" ON "products" USING btree ("created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "products_season_idx" ON "products" USING btree ("season") WHERE "season" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "products_protection_class_idx" ON "products" USING btree ("protection_class") WHERE "protection_class" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "products_standard_idx" ON "products" USING btree ("standard") WHERE "standard" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "offers_characteristic_idx" ON "offers" USING btree ("characteristic", "product_id");--> statement-breakpoint
-- Popularity (units of the last 90 days) and «bought before» (a company's last order of a product) read lines by product.
CREATE INDEX "order_lines_product_idx" ON "order_lines" USING btree ("product_id", "order_id");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at");
