-- Name search matches words anywhere in name_key through the trigram index. The column's histogram describes whole
-- names, not words, and with a LIMIT it makes the planner bet on a sequential scan that finds the first rows of a
-- common word quickly but reads the whole table for a rare one. Without statistics the planner uses the pattern's
-- own selectivity estimate and always takes the trigram index: milliseconds for any word (docs/performance.md).
ALTER TABLE "products" ALTER COLUMN "name_key" SET STATISTICS 0;
