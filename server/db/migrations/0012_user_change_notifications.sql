-- Every change that can alter what a session resolves to (signed out or ended, the account frozen,
-- its role or agent flag, the profile user/info answers: names, passwords set, last sign-in,
-- spendable coins, identity check) announces the user's id on the channel user_changes, once per
-- user and transaction, when the transaction commits. Each API process listens and forgets what it
-- had cached for that user, so a cached session never outlives a change by more than the delivery
-- of a notification (server/modules/auth/session-cache.ts). The triggers sit on the tables, so no
-- code path can change a user without the announcement.
CREATE FUNCTION "user_changes_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
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
--> statement-breakpoint
CREATE TRIGGER "users_notify_changes" AFTER UPDATE ON "users"
	FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION user_changes_notify('id');
--> statement-breakpoint
-- last_seen_at moves while a session is used and changes nothing a session resolves to.
CREATE TRIGGER "sessions_notify_changes" AFTER UPDATE ON "sessions"
	FOR EACH ROW WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.expires_at IS DISTINCT FROM NEW.expires_at
		OR OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.token_hash IS DISTINCT FROM NEW.token_hash)
	EXECUTE FUNCTION user_changes_notify('user_id');
--> statement-breakpoint
CREATE TRIGGER "sessions_notify_removal" AFTER DELETE ON "sessions"
	FOR EACH ROW EXECUTE FUNCTION user_changes_notify('user_id');
--> statement-breakpoint
CREATE TRIGGER "ledger_accounts_notify_changes" AFTER UPDATE ON "ledger_accounts"
	FOR EACH ROW WHEN (NEW.user_id IS NOT NULL AND (OLD.balance IS DISTINCT FROM NEW.balance OR OLD.held IS DISTINCT FROM NEW.held))
	EXECUTE FUNCTION user_changes_notify('user_id');
--> statement-breakpoint
CREATE TRIGGER "kyc_submissions_notify_changes" AFTER INSERT OR UPDATE ON "kyc_submissions"
	FOR EACH ROW EXECUTE FUNCTION user_changes_notify('user_id');
