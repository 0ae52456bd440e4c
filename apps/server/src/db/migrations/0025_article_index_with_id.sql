-- The id beside the article key: an article prefix's products are then read from the index alone. The order history's
-- article search reads every product of a prefix (thousands for four characters at a million products), and each was a
-- heap page read before (issue 36, the mixed load's p99 on PostgreSQL).
DROP INDEX "products_article_key_prefix_idx";--> statement-breakpoint
CREATE INDEX "products_article_key_prefix_idx" ON "products" USING btree ("article_key" text_pattern_ops,"id");