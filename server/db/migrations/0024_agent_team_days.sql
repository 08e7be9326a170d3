CREATE TABLE "agent_team_days" (
	"agent_code" text NOT NULL,
	"day" date NOT NULL,
	"item" text NOT NULL,
	"shard" smallint NOT NULL,
	"count" bigint NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "agent_team_days_agent_code_day_item_shard_pk" PRIMARY KEY("agent_code","day","item","shard")
);
--> statement-breakpoint
DROP INDEX "users_agent_code_idx";--> statement-breakpoint
CREATE INDEX "users_agent_members_idx" ON "users" USING btree ("agent_code","registered_at","id");--> statement-breakpoint
CREATE INDEX "withdrawals_created_idx" ON "withdrawals" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "deposit_orders_created_idx" ON "deposit_orders" USING btree ("created_at","id");--> statement-breakpoint
-- Placeholders, so that the triggers can name them: the bodies are
-- server/db/functions/agent_team_days_rounds.sql and agent_team_days_orders.sql, applied after the
-- migrations. Ledger entries are counted by ledger_entries_apply itself.
CREATE FUNCTION "agent_team_days_rounds"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'placeholder'; END $$;
--> statement-breakpoint
CREATE FUNCTION "agent_team_days_orders"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'placeholder'; END $$;
--> statement-breakpoint
CREATE TRIGGER "game_records_agent_team_days" AFTER INSERT OR DELETE ON "game_records"
	FOR EACH ROW EXECUTE FUNCTION agent_team_days_rounds();
--> statement-breakpoint
CREATE TRIGGER "game_records_agent_team_days_change" AFTER UPDATE ON "game_records"
	FOR EACH ROW WHEN ((OLD.user_id, OLD.played_at, OLD.bet_amount, OLD.win_amount)
		IS DISTINCT FROM (NEW.user_id, NEW.played_at, NEW.bet_amount, NEW.win_amount))
	EXECUTE FUNCTION agent_team_days_rounds();
--> statement-breakpoint
CREATE TRIGGER "deposit_orders_agent_team_days" AFTER INSERT OR DELETE ON "deposit_orders"
	FOR EACH ROW EXECUTE FUNCTION agent_team_days_orders('depositOrder');
--> statement-breakpoint
CREATE TRIGGER "deposit_orders_agent_team_days_change" AFTER UPDATE ON "deposit_orders"
	FOR EACH ROW WHEN ((OLD.user_id, OLD.status, OLD.amount, OLD.created_at) IS DISTINCT FROM (NEW.user_id, NEW.status, NEW.amount, NEW.created_at))
	EXECUTE FUNCTION agent_team_days_orders('depositOrder');
--> statement-breakpoint
CREATE TRIGGER "withdrawals_agent_team_days" AFTER INSERT OR DELETE ON "withdrawals"
	FOR EACH ROW EXECUTE FUNCTION agent_team_days_orders('withdrawal');
--> statement-breakpoint
CREATE TRIGGER "withdrawals_agent_team_days_change" AFTER UPDATE ON "withdrawals"
	FOR EACH ROW WHEN ((OLD.user_id, OLD.status, OLD.amount, OLD.created_at) IS DISTINCT FROM (NEW.user_id, NEW.status, NEW.amount, NEW.created_at))
	EXECUTE FUNCTION agent_team_days_orders('withdrawal');
--> statement-breakpoint
ALTER TABLE "agent_team_days" SET (fillfactor = 70);
--> statement-breakpoint
-- The totals of what is already there, counted as the triggers and ledger_entries_apply count it.
INSERT INTO "agent_team_days" ("agent_code", "day", "item", "shard", "count", "amount")
SELECT agent_code, day, item, shard, sum(count), sum(amount) FROM (
	SELECT u.agent_code, ((e.created_at AT TIME ZONE 'UTC') + interval '9 hours')::date AS day,
		t.kind || CASE WHEN e.amount > 0 THEN '+' ELSE '-' END AS item, u.id % 16 AS shard, 1 AS count, abs(e.amount) AS amount
	FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id JOIN ledger_transfers t ON t.id = e.transfer_id
		JOIN users u ON u.id = a.user_id
	WHERE a.kind = 'player' AND a.currency = 'COIN' AND t.kind IN ('deposit', 'depositRefund', 'withdrawal', 'withdrawalRefund',
		'rebate', 'promotion', 'agentTransferIn', 'agentTransferOut')
	UNION ALL
	SELECT u.agent_code, ((r.played_at AT TIME ZONE 'UTC') + interval '9 hours')::date, 'rounds', u.id % 16, 1, r.bet_amount
	FROM game_records r JOIN users u ON u.id = r.user_id
	UNION ALL
	SELECT u.agent_code, ((r.played_at AT TIME ZONE 'UTC') + interval '9 hours')::date, 'wins', u.id % 16, (r.win_amount > 0)::integer, r.win_amount
	FROM game_records r JOIN users u ON u.id = r.user_id
	UNION ALL
	SELECT u.agent_code, ((o.created_at AT TIME ZONE 'UTC') + interval '9 hours')::date, 'depositOrder:' || o.status, u.id % 16, 1, o.amount
	FROM deposit_orders o JOIN users u ON u.id = o.user_id
	UNION ALL
	SELECT u.agent_code, ((w.created_at AT TIME ZONE 'UTC') + interval '9 hours')::date, 'withdrawal:' || w.status, u.id % 16, 1, w.amount
	FROM withdrawals w JOIN users u ON u.id = w.user_id
) counted
WHERE agent_code IS NOT NULL
GROUP BY agent_code, day, item, shard;
