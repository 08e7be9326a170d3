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
DROP FUNCTION "auth_resolve_session"(text, timestamptz, bigint, text);
--> statement-breakpoint
CREATE FUNCTION "auth_resolve_session"(
	p_token_hash text, p_now timestamptz, p_last_seen_resolution_ms bigint,
	OUT session_id integer, OUT expires_ms double precision, OUT revoked boolean, OUT revoked_reason text,
	OUT user_id integer, OUT role text, OUT is_agent boolean, OUT frozen boolean)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
	last_seen timestamptz;
BEGIN
	SELECT s.id, floor(extract(epoch FROM s.expires_at) * 1000), s.revoked_at IS NOT NULL, s.revoked_reason, s.last_seen_at,
			u.id, u.role, u.is_agent, u.frozen
		INTO session_id, expires_ms, revoked, revoked_reason, last_seen, user_id, role, is_agent, frozen
		FROM sessions s JOIN users u ON u.id = s.user_id
		WHERE s.token_hash = p_token_hash;
	IF FOUND AND NOT revoked AND NOT frozen AND expires_ms > floor(extract(epoch FROM p_now) * 1000)
			AND last_seen <= p_now - p_last_seen_resolution_ms * interval '1 millisecond' THEN
		UPDATE sessions SET last_seen_at = p_now WHERE id = auth_resolve_session.session_id;
	END IF;
END
$$;
--> statement-breakpoint
-- Marks the player's coin account as watched for p_watch_ms (see above; the account is opened
-- empty if the player has none yet, so that a first deposit is announced too), then reads the
-- profile as user/info answers it: JSON exactly as the server would write it, no spaces, the keys
-- in the contract's order, each value to_json's. Each statement of this function sees what was
-- committed before it began, so the read follows the mark. Null when there is no such user.
CREATE FUNCTION "auth_watch_profile"(p_user_id integer, p_coin_currency text, p_watch_ms bigint, OUT profile text)
LANGUAGE plpgsql AS $$
BEGIN
	IF NOT EXISTS (SELECT 1 FROM users WHERE id = p_user_id) THEN
		RETURN;
	END IF;
	PERFORM ledger_account_id('player', p_user_id, NULL, p_coin_currency, clock_timestamp());
	UPDATE ledger_accounts SET balance_watched_until = clock_timestamp() + p_watch_ms * interval '1 millisecond'
		WHERE user_id = p_user_id AND currency = p_coin_currency;
	SELECT concat(
			'{"userId":', to_json(u.id),
			',"username":', to_json(u.username),
			',"email":', coalesce(to_json(u.email)::text, 'null'),
			',"nickname":', coalesce(to_json(u.nickname)::text, 'null'),
			',"phone":', coalesce(to_json(u.phone)::text, 'null'),
			',"firstName":', coalesce(to_json(u.first_name)::text, 'null'),
			',"lastName":', coalesce(to_json(u.last_name)::text, 'null'),
			',"pinyinName":', coalesce(to_json(u.pinyin_name)::text, 'null'),
			',"balance":', to_json(coalesce((SELECT a.balance - a.held FROM ledger_accounts a WHERE a.user_id = u.id AND a.currency = p_coin_currency), 0)),
			',"lastLoginAt":', coalesce(to_json(to_char(u.last_login_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text, 'null'),
			',"registeredAt":', to_json(to_char(u.registered_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
			',"isAgent":', to_json(u.is_agent),
			',"hasPassword":', to_json(u.password_hash IS NOT NULL),
			',"hasPayPassword":', to_json(u.pay_password_hash IS NOT NULL),
			',"kycStatus":', to_json(coalesce((SELECT k.status FROM kyc_submissions k WHERE k.user_id = u.id ORDER BY k.id DESC LIMIT 1), 'notSubmitted')),
			'}')
		INTO profile
		FROM users u WHERE u.id = p_user_id;
END
$$;
