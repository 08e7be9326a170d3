-- Announces on the channel player_push what a player's open pages show and must follow (the push
-- channel, server/modules/push): NOTIFY is sent at commit, in the transaction of the change, so
-- any API process serving the player's stream hears it whoever made the change. The payload is
-- JSON: `kind` (balance, letters, cryptoDeposits), `userId` (null for a letter to everyone) and,
-- for a balance, the spendable balance (balance less holds) the profile shows. It runs from
-- triggers on ledger_accounts (a player's coin account), station_letters, station_letter_reads and
-- crypto_deposits; TG_ARGV[0] names the kind.
CREATE OR REPLACE FUNCTION "push_notify_player"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	changed jsonb := to_jsonb(NEW);
BEGIN
	IF TG_ARGV[0] = 'balance' THEN
		PERFORM pg_notify('player_push', json_build_object(
			'kind', 'balance', 'userId', NEW.user_id, 'balance', NEW.balance - NEW.held)::text);
	ELSE
		PERFORM pg_notify('player_push', json_build_object(
			'kind', TG_ARGV[0], 'userId', (changed ->> 'user_id')::integer)::text);
	END IF;
	RETURN NULL;
END
$$;
