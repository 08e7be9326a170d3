-- Announces a user's id on the channel user_changes (NOTIFY: at commit, once per user and
-- transaction), so that every API process forgets the sessions and profile it keeps for that user
-- (server/modules/auth/session-cache.ts). It runs from triggers on users, sessions, ledger_accounts
-- and kyc_submissions, which choose the changes that can make a kept session or profile wrong, so
-- no code path changes a user without the announcement.
CREATE OR REPLACE FUNCTION "user_changes_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- TG_ARGV[0] names the column holding the user's id; PostgreSQL folds a repeated payload into one.
	IF TG_OP = 'DELETE' THEN
		PERFORM pg_notify('user_changes', (to_jsonb(OLD) ->> TG_ARGV[0]));
	ELSE
		PERFORM pg_notify('user_changes', (to_jsonb(NEW) ->> TG_ARGV[0]));
	END IF;
	RETURN NULL;
END
$$;
