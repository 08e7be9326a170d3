-- A session for a user who has proved who they are, all or nothing: the session row of its kind
-- (an operator session only from the desk's sign-in), the last sign-in time, the audit row and,
-- for a password sign-in, the attempt given back (p_refund_key) and the account's failures
-- forgotten (p_clear_key). A player's sign-in is also kept with its address and device, for the
-- checks beside a payout (an operator's is not: the desk's own address is no player's).
CREATE OR REPLACE FUNCTION "auth_open_session"(
	p_user_id integer, p_kind text, p_token_hash text, p_remember boolean, p_now timestamptz, p_expires_at timestamptz,
	p_client_address text, p_request_id text, p_actor text, p_action text, p_reason text,
	p_refund_key text, p_clear_key text, p_device_id text, p_user_agent text)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO sessions (user_id, kind, token_hash, remember, created_at, expires_at, last_seen_at, client_address)
		VALUES (p_user_id, p_kind, p_token_hash, p_remember, p_now, p_expires_at, p_now, p_client_address);
	UPDATE users SET last_login_at = p_now WHERE id = p_user_id;
	IF p_kind <> 'operator' THEN
		INSERT INTO sign_ins (user_id, at, client_address, device_id, user_agent)
			VALUES (p_user_id, p_now, p_client_address, p_device_id, p_user_agent);
	END IF;
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
