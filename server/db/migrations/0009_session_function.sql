-- Resolving a TOKEN in one call whose plan is prepared once per connection: the session and its
-- user, and for a live session the player's profile as user/info answers it (spendable coins and
-- the newest identity check), with last_seen_at refreshed when it is older than the resolution.
-- Whether the session counts (expired, signed out, ended by the server, frozen) is decided in
-- server/modules/auth/sessions.ts; outputs are null when there is no such session, and the coins
-- and identity check are read (and last_seen_at refreshed) only for a session that counts.
CREATE FUNCTION "auth_resolve_session"(
	p_token_hash text, p_now timestamptz, p_last_seen_resolution_ms bigint, p_coin_currency text,
	OUT session_id integer, OUT expires_ms double precision, OUT revoked boolean, OUT revoked_reason text,
	OUT user_id integer, OUT role text, OUT is_agent boolean, OUT frozen boolean,
	OUT username text, OUT email text, OUT nickname text, OUT phone text,
	OUT first_name text, OUT last_name text, OUT pinyin_name text,
	OUT has_password boolean, OUT has_pay_password boolean,
	OUT registered_ms double precision, OUT last_login_ms double precision,
	OUT spendable_coins text, OUT kyc_status text)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
	last_seen timestamptz;
BEGIN
	SELECT s.id, floor(extract(epoch FROM s.expires_at) * 1000), s.revoked_at IS NOT NULL, s.revoked_reason, s.last_seen_at,
			u.id, u.role, u.is_agent, u.frozen, u.username, u.email, u.nickname, u.phone, u.first_name, u.last_name, u.pinyin_name,
			u.password_hash IS NOT NULL, u.pay_password_hash IS NOT NULL,
			floor(extract(epoch FROM u.registered_at) * 1000), floor(extract(epoch FROM u.last_login_at) * 1000)
		INTO session_id, expires_ms, revoked, revoked_reason, last_seen,
			user_id, role, is_agent, frozen, username, email, nickname, phone, first_name, last_name, pinyin_name,
			has_password, has_pay_password, registered_ms, last_login_ms
		FROM sessions s JOIN users u ON u.id = s.user_id
		WHERE s.token_hash = p_token_hash;
	IF NOT FOUND OR revoked OR frozen OR expires_ms <= floor(extract(epoch FROM p_now) * 1000) THEN
		RETURN;
	END IF;
	SELECT (a.balance - a.held)::text INTO spendable_coins
		FROM ledger_accounts a WHERE a.user_id = auth_resolve_session.user_id AND a.currency = p_coin_currency;
	spendable_coins := coalesce(spendable_coins, '0');
	SELECT k.status INTO kyc_status
		FROM kyc_submissions k WHERE k.user_id = auth_resolve_session.user_id ORDER BY k.id DESC LIMIT 1;
	kyc_status := coalesce(kyc_status, 'notSubmitted');
	IF last_seen <= p_now - p_last_seen_resolution_ms * interval '1 millisecond' THEN
		UPDATE sessions SET last_seen_at = p_now WHERE id = auth_resolve_session.session_id;
	END IF;
END
$$;
