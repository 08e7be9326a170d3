-- What a password sign-in settles before the password itself, for a captcha whose signature the
-- server has checked: spends it whatever the answer (a second try of it is never right); only if
-- the answer was right, counts the attempt against the address and reads the user of the role
-- signing in (a player's sign-in never finds an operator account, nor the desk's a player's);
-- only if the address is within its limit, counts it against the account (the user's key, or the
-- name tried when there is no such user). The player's and the desk's sign-ins count under keys
-- of their own, so failures at one never lock the other. Outputs left null were not reached.
CREATE OR REPLACE FUNCTION "auth_check_sign_in"(
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
