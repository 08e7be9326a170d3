-- Ledger rule: both accounts of a transfer exist and are in its currency (this stands for the
-- foreign keys the ledger does without), and a pending hold's amount is held on the payer's
-- account until the hold is settled.
-- AFTER, not BEFORE: an INSERT ... ON CONFLICT DO NOTHING that finds the key taken must hold nothing.
CREATE OR REPLACE FUNCTION "ledger_transfers_apply_hold"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		IF (SELECT count(*) FROM ledger_accounts
			WHERE id IN (NEW.from_account_id, NEW.to_account_id) AND currency = NEW.currency) <> 2 THEN
			RAISE EXCEPTION 'both accounts of a transfer are in its currency' USING ERRCODE = 'integrity_constraint_violation';
		END IF;
		IF NEW.state = 'pending' THEN
			UPDATE ledger_accounts SET held = held + NEW.amount WHERE id = NEW.from_account_id;
		END IF;
	ELSIF OLD.state = 'pending' THEN
		UPDATE ledger_accounts SET held = held - OLD.amount WHERE id = OLD.from_account_id;
	END IF;
	RETURN NULL;
END
$$;
