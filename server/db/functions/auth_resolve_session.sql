-- Resolves a TOKEN in one call whose plan is prepared once per connection: the session, its kind
-- and its user, with last_seen_at refreshed when it is older than the resolution. Outputs are null
-- when there is no such session; whether the session counts (expired, signed out, ended by the
-- server, frozen) is decided in server/modules/auth/sessions.ts. The profile is read apart, by
-- auth_watch_profile, when user/info needs it.
-- An operator session answers its operator's roles (an empty list for any other session), and
-- also ends after p_operator_idle_ms without a call: its expires_ms is the
-- earlier of its expiry and its last use plus that idle time. A call refreshes the last use at
-- most every p_last_seen_resolution_ms, so the idle time counts from up to that much earlier.
CREATE OR REPLACE FUNCTION "auth_resolve_session"(
	p_token_hash text, p_now timestamptz, p_last_seen_resolution_ms bigint, p_operator_idle_ms bigint,
	OUT session_id integer, OUT kind text, OUT expires_ms double precision, OUT revoked boolean, OUT revoked_reason text,
	OUT user_id integer, OUT role text, OUT is_agent boolean, OUT frozen boolean, OUT operator_roles text[])
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
	last_seen timestamptz;
	now_ms double precision := floor(extract(epoch FROM p_now) * 1000);
BEGIN
	SELECT s.id, s.kind, floor(extract(epoch FROM s.expires_at) * 1000), s.revoked_at IS NOT NULL, s.revoked_reason, s.last_seen_at,
			u.id, u.role, u.is_agent, u.frozen, coalesce(o.roles, '{}')
		INTO session_id, kind, expires_ms, revoked, revoked_reason, last_seen, user_id, role, is_agent, frozen, operator_roles
		FROM sessions s JOIN users u ON u.id = s.user_id
			LEFT JOIN operator_credentials o ON s.kind = 'operator' AND o.user_id = s.user_id
		WHERE s.token_hash = p_token_hash;
	IF NOT FOUND THEN
		RETURN;
	END IF;
	IF kind = 'operator' THEN
		expires_ms := least(expires_ms, floor(extract(epoch FROM last_seen) * 1000) + p_operator_idle_ms);
	END IF;
	IF NOT revoked AND NOT frozen AND expires_ms > now_ms
			AND last_seen <= p_now - p_last_seen_resolution_ms * interval '1 millisecond' THEN
		UPDATE sessions SET last_seen_at = p_now WHERE id = auth_resolve_session.session_id
			RETURNING floor(extract(epoch FROM expires_at) * 1000) INTO expires_ms;
		IF kind = 'operator' THEN
			expires_ms := least(expires_ms, now_ms + p_operator_idle_ms);
		END IF;
	END IF;
END
$$;
