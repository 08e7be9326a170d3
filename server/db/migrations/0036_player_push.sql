-- The push channel (server/modules/push): every change a player's open pages show is announced on
-- player_push in the transaction that makes it, so a stream served by any process follows it.
-- A placeholder, so that triggers can name it: the body is server/db/functions/push_notify_player.sql,
-- applied after the migrations.
CREATE FUNCTION "push_notify_player"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'placeholder'; END $$;
--> statement-breakpoint
-- Only a player's coin account: the house's accounts and other currencies show on no player's page.
CREATE TRIGGER "ledger_accounts_push_balance" AFTER UPDATE OF balance, held ON "ledger_accounts"
	FOR EACH ROW WHEN (NEW.user_id IS NOT NULL AND NEW.currency = 'COIN'
		AND (OLD.balance, OLD.held) IS DISTINCT FROM (NEW.balance, NEW.held))
	EXECUTE FUNCTION push_notify_player('balance');
--> statement-breakpoint
CREATE TRIGGER "station_letters_push" AFTER INSERT ON "station_letters"
	FOR EACH ROW EXECUTE FUNCTION push_notify_player('letters');
--> statement-breakpoint
-- A letter read in one tab lowers the unread count in the player's other tabs.
CREATE TRIGGER "station_letter_reads_push" AFTER INSERT ON "station_letter_reads"
	FOR EACH ROW EXECUTE FUNCTION push_notify_player('letters');
--> statement-breakpoint
CREATE TRIGGER "crypto_deposits_push" AFTER INSERT OR UPDATE ON "crypto_deposits"
	FOR EACH ROW EXECUTE FUNCTION push_notify_player('cryptoDeposits');
