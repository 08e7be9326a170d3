-- Ledger rule: accounts, transfers and entries are never truncated (a TRUNCATE fires none of the
-- row triggers that guard them).
CREATE OR REPLACE FUNCTION "ledger_refuse_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION '% is never truncated', TG_TABLE_NAME USING ERRCODE = 'integrity_constraint_violation';
END
$$;
