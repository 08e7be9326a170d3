-- The ledger's transfer, lighter on its common path, with every rule the database keeps unchanged.
-- Four changes, each measured on the agent move's path: 1. ledger_create_transfer without a
-- subtransaction when both accounts exist and the payer can afford the amount; 2. double entry
-- checked once per transfer at commit (ledger_entries_apply and ledger_check_double_entry), so the
-- trigger below fires on posted transfers only. Those functions' only source is now their files in
-- server/db/functions, applied after the migrations.
DROP TRIGGER "ledger_entries_double_entry" ON "ledger_entries";
--> statement-breakpoint
DROP TRIGGER "ledger_transfers_double_entry" ON "ledger_transfers";
--> statement-breakpoint
-- Checked at commit, when all of a transfer's entries are written; a hold is posted by an update.
CREATE CONSTRAINT TRIGGER "ledger_transfers_double_entry" AFTER INSERT OR UPDATE ON "ledger_transfers"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.state = 'posted') EXECUTE FUNCTION "ledger_check_double_entry"();
--> statement-breakpoint
-- 3. The accounts' guard runs only when an update would break a rule, so the balance updates of
-- the ledger's own triggers (at trigger depth 1 here, 2 inside the guard) no longer call it.
DROP TRIGGER "ledger_accounts_guard" ON "ledger_accounts";
--> statement-breakpoint
CREATE TRIGGER "ledger_accounts_guard" BEFORE UPDATE ON "ledger_accounts"
	FOR EACH ROW WHEN (
		(NEW.id, NEW.kind, NEW.user_id, NEW.code, NEW.currency, NEW.created_at)
			IS DISTINCT FROM (OLD.id, OLD.kind, OLD.user_id, OLD.code, OLD.currency, OLD.created_at)
		OR ((NEW.balance <> OLD.balance OR NEW.held <> OLD.held) AND pg_trigger_depth() < 1))
	EXECUTE FUNCTION "ledger_accounts_guard"();
--> statement-breakpoint
CREATE TRIGGER "ledger_accounts_guard_insert_delete" BEFORE INSERT OR DELETE ON "ledger_accounts"
	FOR EACH ROW EXECUTE FUNCTION "ledger_accounts_guard"();
--> statement-breakpoint
-- 4. The references of transfers and entries are kept by the ledger's triggers instead of foreign
-- keys, whose checks (a row lock on an account or a transfer for every reference) were about a
-- sixth of a transfer's cost. A transfer's two accounts must exist in its currency
-- (ledger_transfers_apply_hold, on every insert), an entry must be a leg of an existing posted
-- transfer and so names one of its accounts (ledger_entries_apply above), accounts and transfers
-- are never deleted nor truncated (their guards), and a transfer never changes its accounts.
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_transfer_id_ledger_transfers_id_fk";
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_account_id_ledger_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "ledger_transfers" DROP CONSTRAINT "ledger_transfers_from_account_id_ledger_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "ledger_transfers" DROP CONSTRAINT "ledger_transfers_to_account_id_ledger_accounts_id_fk";
