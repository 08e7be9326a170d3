-- Ledger rule, checked at commit when all of a transfer's entries are written: a posted transfer is
-- one debit and one equal credit. ledger_entries_apply refuses any entry that is not one of its two
-- legs, so what is left to check is that both are there.
CREATE OR REPLACE FUNCTION "ledger_check_double_entry"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF (SELECT count(*) FROM ledger_entries WHERE transfer_id = NEW.id) <> 2 THEN
		RAISE EXCEPTION 'transfer % is not one debit and one equal credit', NEW.id USING ERRCODE = 'integrity_constraint_violation';
	END IF;
	RETURN NULL;
END
$$;
