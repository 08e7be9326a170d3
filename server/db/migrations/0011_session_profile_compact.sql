-- The profile JSON exactly as the server would write it: no spaces, the keys in the contract's
-- order (json_build_object puts " : " and ", " between them). Each value is to_json's, so strings
-- are escaped as JSON.stringify escapes them, and a missing value is null.
CREATE OR REPLACE FUNCTION "auth_resolve_session"(
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
			CASE WHEN s.revoked_at IS NULL AND NOT u.frozen AND s.expires_at > p_now THEN concat(
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
				'}') END
		INTO session_id, expires_ms, revoked, revoked_reason, last_seen, user_id, role, is_agent, frozen, profile
		FROM sessions s JOIN users u ON u.id = s.user_id
		WHERE s.token_hash = p_token_hash;
	IF FOUND AND NOT revoked AND NOT frozen AND expires_ms > floor(extract(epoch FROM p_now) * 1000)
			AND last_seen <= p_now - p_last_seen_resolution_ms * interval '1 millisecond' THEN
		UPDATE sessions SET last_seen_at = p_now WHERE id = auth_resolve_session.session_id;
	END IF;
END
$$;
