-- auth_resolve_session hands over the live session's profile as the JSON text user/info answers,
-- built here: one text column instead of sixteen, so the server neither converts the columns nor
-- serialises them again on every call. The keys and formats are the contract's Profile
-- (contract/auth.ts): instants as ISO-8601 UTC with milliseconds, coins as a number. The balance,
-- the identity check and the profile are read only for a session that counts, in the same statement
-- as the session.
DROP FUNCTION "auth_resolve_session"(text, timestamptz, bigint, text);
--> statement-breakpoint
CREATE FUNCTION "auth_resolve_session"(
	p_token_hash text, p_now timestamptz, p_last_seen_resolution_ms bigint, p_coin_currency text,
	OUT session_id integer, OUT expires_ms double precision, OUT revoked boolean, OUT revoked_reason text,
	OUT user_id integer, OUT role text, OUT is_agent boolean, OUT frozen boolean, OUT profile text)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
	last_seen timestamptz;
BEGIN
	SELECT s.id, floor(extract(epoch FROM s.expires_at) * 1000), s.revoked_at IS NOT NULL, s.revoked_reason, s.last_seen_at,
			u.id, u.role, u.is_agent, u.frozen,
			CASE WHEN s.revoked_at IS NULL AND NOT u.frozen AND s.expires_at > p_now THEN json_build_object(
				'userId', u.id, 'username', u.username, 'email', u.email, 'nickname', u.nickname, 'phone', u.phone,
				'firstName', u.first_name, 'lastName', u.last_name, 'pinyinName', u.pinyin_name,
				'balance', coalesce((SELECT a.balance - a.held FROM ledger_accounts a WHERE a.user_id = u.id AND a.currency = p_coin_currency), 0),
				'lastLoginAt', to_char(u.last_login_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
				'registeredAt', to_char(u.registered_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
				'isAgent', u.is_agent, 'hasPassword', u.password_hash IS NOT NULL, 'hasPayPassword', u.pay_password_hash IS NOT NULL,
				'kycStatus', coalesce((SELECT k.status FROM kyc_submissions k WHERE k.user_id = u.id ORDER BY k.id DESC LIMIT 1), 'notSubmitted')
			)::text END
		INTO session_id, expires_ms, revoked, revoked_reason, last_seen, user_id, role, is_agent, frozen, profile
		FROM sessions s JOIN users u ON u.id = s.user_id
		WHERE s.token_hash = p_token_hash;
	IF FOUND AND NOT revoked AND NOT frozen AND expires_ms > floor(extract(epoch FROM p_now) * 1000)
			AND last_seen <= p_now - p_last_seen_resolution_ms * interval '1 millisecond' THEN
		UPDATE sessions SET last_seen_at = p_now WHERE id = auth_resolve_session.session_id;
	END IF;
END
$$;
