-- This migration also defined auth_resolve_session, auth_watch_profile. A function's only source is
-- now its file in server/db/functions, applied after the migrations.
-- Each API process keeps the sessions it resolved, with the profile user/info answered for them
-- (server/modules/auth/session-cache.ts). The database announces every change that can make them
-- wrong by the user's id on the channel user_changes, once per user and transaction, at commit;
-- the triggers sit on the tables, so no code path can change a user without the announcement.
--
-- A session's standing (signed out, ended, expired, the account frozen, its role or agent flag),
-- the profile's fields and the identity check are always announced: they change seldom. Coins
-- change with every move, so a balance is announced only while some process keeps a profile that
-- shows it: auth_watch_profile marks the coin account as watched for a while as it reads the
-- profile, so money moves of players nobody is looking at cost no notification. The mark sits on
-- the very row a move updates, so a move either waits for the read's row lock and then sees the
-- mark, or commits before the read takes its snapshot and is in what was read. The time of the
-- last sign-in is not announced: a new session reads its own profile, and another session of the
-- same player shows the earlier time until its kept profile is read again.
ALTER TABLE "ledger_accounts" ADD COLUMN "balance_watched_until" timestamp with time zone;
--> statement-breakpoint
-- A placeholder, so that triggers can name it: the body is server/db/functions/user_changes_notify.sql,
-- applied after the migrations.
CREATE FUNCTION "user_changes_notify"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'placeholder'; END $$;
--> statement-breakpoint
CREATE TRIGGER "users_notify_changes" AFTER UPDATE ON "users"
	FOR EACH ROW WHEN (
		(OLD.role, OLD.is_agent, OLD.frozen, OLD.username, OLD.email, OLD.password_hash, OLD.pay_password_hash,
			OLD.nickname, OLD.phone, OLD.first_name, OLD.last_name, OLD.pinyin_name, OLD.registered_at)
		IS DISTINCT FROM
		(NEW.role, NEW.is_agent, NEW.frozen, NEW.username, NEW.email, NEW.password_hash, NEW.pay_password_hash,
			NEW.nickname, NEW.phone, NEW.first_name, NEW.last_name, NEW.pinyin_name, NEW.registered_at))
	EXECUTE FUNCTION user_changes_notify('id');
--> statement-breakpoint
-- last_seen_at moves while a session is used and changes nothing a session resolves to.
CREATE TRIGGER "sessions_notify_changes" AFTER UPDATE ON "sessions"
	FOR EACH ROW WHEN ((OLD.user_id, OLD.token_hash, OLD.expires_at, OLD.revoked_at)
		IS DISTINCT FROM (NEW.user_id, NEW.token_hash, NEW.expires_at, NEW.revoked_at))
	EXECUTE FUNCTION user_changes_notify('user_id');
--> statement-breakpoint
CREATE TRIGGER "sessions_notify_removal" AFTER DELETE ON "sessions"
	FOR EACH ROW EXECUTE FUNCTION user_changes_notify('user_id');
--> statement-breakpoint
CREATE TRIGGER "ledger_accounts_notify_changes" AFTER UPDATE ON "ledger_accounts"
	FOR EACH ROW WHEN (NEW.balance_watched_until > now() AND (OLD.balance, OLD.held) IS DISTINCT FROM (NEW.balance, NEW.held))
	EXECUTE FUNCTION user_changes_notify('user_id');
--> statement-breakpoint
CREATE TRIGGER "kyc_submissions_notify_changes" AFTER INSERT OR UPDATE ON "kyc_submissions"
	FOR EACH ROW EXECUTE FUNCTION user_changes_notify('user_id');
--> statement-breakpoint
-- The session alone: the profile is read by auth_watch_profile when user/info needs it.
DROP FUNCTION IF EXISTS "auth_resolve_session"(text, timestamptz, bigint, text);
