-- Ledger rule: posted money never changes; an entry is never updated or deleted.
CREATE OR REPLACE FUNCTION "ledger_entries_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'ledger entries are never changed or deleted' USING ERRCODE = 'integrity_constraint_violation';
END
$$;
