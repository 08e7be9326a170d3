-- Ledger rule: a transfer is never deleted and never changes, but for a pending hold settling,
-- once, as posted or voided.
CREATE OR REPLACE FUNCTION "ledger_transfers_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' THEN
		RAISE EXCEPTION 'ledger transfers are never deleted' USING ERRCODE = 'integrity_constraint_violation';
	END IF;
	IF OLD.state <> 'pending' OR NEW.state NOT IN ('posted', 'voided') THEN
		RAISE EXCEPTION 'only a pending hold changes, once, to posted or voided' USING ERRCODE = 'integrity_constraint_violation';
	END IF;
	IF (NEW.id, NEW.from_account_id, NEW.to_account_id, NEW.amount, NEW.currency, NEW.kind, NEW.two_phase,
		NEW.actor, NEW.idempotency_key, NEW.params_hash, NEW.reason, NEW.metadata, NEW.created_at)
		IS DISTINCT FROM (OLD.id, OLD.from_account_id, OLD.to_account_id, OLD.amount, OLD.currency, OLD.kind, OLD.two_phase,
		OLD.actor, OLD.idempotency_key, OLD.params_hash, OLD.reason, OLD.metadata, OLD.created_at) THEN
		RAISE EXCEPTION 'a transfer never changes apart from settling its hold' USING ERRCODE = 'integrity_constraint_violation';
	END IF;
	RETURN NEW;
END
$$;
