-- The id of a player's or a house account in a currency, the account opened empty on first use,
-- also when another transaction opens it at the same moment. Each ledger write is one statement,
-- and locks follow one order everywhere: accounts by id (new accounts created in name order
-- first), then the transfer row.
CREATE OR REPLACE FUNCTION "ledger_account_id"(p_kind text, p_user_id integer, p_code text, p_currency text, p_at timestamptz)
RETURNS integer LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
	found_id integer;
BEGIN
	FOR attempt IN 1..2 LOOP
		IF p_kind = 'player' THEN
			SELECT id INTO found_id FROM ledger_accounts WHERE user_id = p_user_id AND currency = p_currency;
		ELSE
			SELECT id INTO found_id FROM ledger_accounts WHERE code = p_code AND currency = p_currency;
		END IF;
		IF found_id IS NOT NULL THEN
			RETURN found_id;
		END IF;
		INSERT INTO ledger_accounts (kind, user_id, code, currency, created_at)
			VALUES (p_kind, CASE WHEN p_kind = 'player' THEN p_user_id END, CASE WHEN p_kind = 'house' THEN p_code END, p_currency, p_at)
			ON CONFLICT DO NOTHING
			RETURNING id INTO found_id;
		IF found_id IS NOT NULL THEN
			RETURN found_id;
		END IF;
		-- Another transaction created it meanwhile and has committed: the next look finds it.
	END LOOP;
	RAISE EXCEPTION 'ledger account % % % % could not be created', p_kind, p_user_id, p_code, p_currency;
END
$$;
