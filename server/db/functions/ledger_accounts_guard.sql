-- Ledger rule: an account starts empty, is never deleted, keeps its owner and currency, and its
-- balance and held amount change only through the ledger's own triggers (entries and holds), never
-- by a statement a client runs. Its triggers call it only when a change could break the rule.
CREATE OR REPLACE FUNCTION "ledger_accounts_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' THEN
		RAISE EXCEPTION 'ledger accounts are never deleted' USING ERRCODE = 'integrity_constraint_violation';
	END IF;
	IF TG_OP = 'INSERT' THEN
		IF NEW.balance <> 0 OR NEW.held <> 0 THEN
			RAISE EXCEPTION 'a ledger account starts empty' USING ERRCODE = 'integrity_constraint_violation';
		END IF;
		RETURN NEW;
	END IF;
	IF (NEW.id, NEW.kind, NEW.user_id, NEW.code, NEW.currency, NEW.created_at)
		IS DISTINCT FROM (OLD.id, OLD.kind, OLD.user_id, OLD.code, OLD.currency, OLD.created_at) THEN
		RAISE EXCEPTION 'a ledger account keeps its owner and currency' USING ERRCODE = 'integrity_constraint_violation';
	END IF;
	-- Depth 1 is a statement run by a client; the ledger's own triggers run at depth 2.
	IF (NEW.balance <> OLD.balance OR NEW.held <> OLD.held) AND pg_trigger_depth() < 2 THEN
		RAISE EXCEPTION 'ledger balances change only through entries and holds' USING ERRCODE = 'integrity_constraint_violation';
	END IF;
	RETURN NEW;
END
$$;
