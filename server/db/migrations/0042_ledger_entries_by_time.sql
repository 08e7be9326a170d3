-- The desk's overview reads the players' entries over a span of days: a block range index on the
-- entry time, which follows the order entries are written in, finds it cheaply and costs the
-- wallet's writes next to nothing.
CREATE INDEX "ledger_entries_created_brin" ON "ledger_entries" USING brin ("created_at");
