-- Operator rights come from how a session was opened, not from the account's role: the desk's
-- sign-in (password, captcha, authenticator code) opens an operator session, every other way in
-- a player session, and operator accounts are accounts of their own that no player sign-in opens.
ALTER TABLE "sessions" ADD COLUMN "kind" text DEFAULT 'player' NOT NULL;
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_kind_check" CHECK ("kind" IN ('player', 'operator'));
--> statement-breakpoint
-- Sessions opened before sessions had a kind cannot tell how they were opened: operators sign in again.
UPDATE "sessions" SET "revoked_at" = now(), "revoked_reason" = 'logout'
	WHERE "revoked_at" IS NULL AND "user_id" IN (SELECT "id" FROM "users" WHERE "role" = 'operator');
--> statement-breakpoint
DROP FUNCTION "auth_open_session"(integer, text, boolean, timestamptz, timestamptz, text, text, text, text, text, text, text);
--> statement-breakpoint
CREATE FUNCTION "auth_open_session"(
	p_user_id integer, p_kind text, p_token_hash text, p_remember boolean, p_now timestamptz, p_expires_at timestamptz,
	p_client_address text, p_request_id text, p_actor text, p_action text, p_reason text,
	p_refund_key text, p_clear_key text)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO sessions (user_id, kind, token_hash, remember, created_at, expires_at, last_seen_at, client_address)
		VALUES (p_user_id, p_kind, p_token_hash, p_remember, p_now, p_expires_at, p_now, p_client_address);
	UPDATE users SET last_login_at = p_now WHERE id = p_user_id;
	INSERT INTO audit_log (at, actor, action, subject, reason, client_address, request_id)
		VALUES (p_now, p_actor, p_action, p_actor, p_reason, p_client_address, p_request_id);
	IF p_refund_key IS NOT NULL THEN
		UPDATE rate_limits SET hits = greatest(hits - 1, 0) WHERE key = p_refund_key;
	END IF;
	IF p_clear_key IS NOT NULL THEN
		DELETE FROM rate_limits WHERE key = p_clear_key;
	END IF;
END
$$;
--> statement-breakpoint
DROP FUNCTION "auth_resolve_session"(text, timestamptz, bigint);
--> statement-breakpoint
-- An operator session also ends after p_operator_idle_ms without a call: its expires_ms is the
-- earlier of its expiry and its last use plus that idle time. A call refreshes the last use at
-- most every p_last_seen_resolution_ms, so the idle time counts from up to that much earlier.
CREATE FUNCTION "auth_resolve_session"(
	p_token_hash text, p_now timestamptz, p_last_seen_resolution_ms bigint, p_operator_idle_ms bigint,
	OUT session_id integer, OUT kind text, OUT expires_ms double precision, OUT revoked boolean, OUT revoked_reason text,
	OUT user_id integer, OUT role text, OUT is_agent boolean, OUT frozen boolean)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
	last_seen timestamptz;
	now_ms double precision := floor(extract(epoch FROM p_now) * 1000);
BEGIN
	SELECT s.id, s.kind, floor(extract(epoch FROM s.expires_at) * 1000), s.revoked_at IS NOT NULL, s.revoked_reason, s.last_seen_at,
			u.id, u.role, u.is_agent, u.frozen
		INTO session_id, kind, expires_ms, revoked, revoked_reason, last_seen, user_id, role, is_agent, frozen
		FROM sessions s JOIN users u ON u.id = s.user_id
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
--> statement-breakpoint
DROP FUNCTION "auth_check_sign_in"(uuid, timestamptz, boolean, timestamptz, text, bigint, integer, text, boolean, text, text, bigint);
--> statement-breakpoint
-- What a password sign-in settles before the password itself, for a captcha whose signature the
-- server has checked: spends it whatever the answer (a second try of it is never right); only if
-- the answer was right, counts the attempt against the address and reads the user of the role
-- signing in (a player's sign-in never finds an operator account, nor the desk's a player's);
-- only if the address is within its limit, counts it against the account (the user's key, or the
-- name tried when there is no such user). The player's and the desk's sign-ins count under keys
-- of their own, so failures at one never lock the other.
CREATE FUNCTION "auth_check_sign_in"(
	p_captcha uuid, p_captcha_expires_at timestamptz, p_answer_right boolean, p_now timestamptz, p_role text,
	p_address_key text, p_address_window_ms bigint, p_address_limit integer,
	p_name text, p_by_email boolean, p_user_key_prefix text, p_name_key text, p_account_window_ms bigint,
	OUT captcha_right boolean, OUT address_hits integer, OUT address_window_started_ms double precision,
	OUT account_hits integer, OUT account_window_started_ms double precision,
	OUT user_id integer, OUT username text, OUT password_hash text, OUT frozen boolean)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
BEGIN
	INSERT INTO captcha_spends (id, expires_at) VALUES (p_captcha, p_captcha_expires_at) ON CONFLICT DO NOTHING;
	captcha_right := FOUND AND p_answer_right;
	IF NOT captcha_right THEN
		RETURN;
	END IF;
	SELECT a.hits, a.window_started_ms INTO address_hits, address_window_started_ms
		FROM auth_count_attempt(p_address_key, p_now, p_address_window_ms) a;
	IF p_by_email THEN
		SELECT u.id, u.username, u.password_hash, u.frozen INTO user_id, username, password_hash, frozen FROM users u
			WHERE lower(u.email) = p_name AND u.role = p_role LIMIT 1;
	ELSE
		SELECT u.id, u.username, u.password_hash, u.frozen INTO user_id, username, password_hash, frozen FROM users u
			WHERE lower(u.username) = p_name AND u.role = p_role LIMIT 1;
	END IF;
	IF address_hits > p_address_limit THEN
		RETURN;
	END IF;
	SELECT a.hits, a.window_started_ms INTO account_hits, account_window_started_ms
		FROM auth_count_attempt(coalesce(p_user_key_prefix || user_id, p_name_key), p_now, p_account_window_ms) a;
END
$$;
