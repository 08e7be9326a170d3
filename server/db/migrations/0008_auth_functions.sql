-- Attempt counts, captchas and password sign-in as functions: each call is one round trip, and
-- PL/pgSQL prepares the plans of its statements once per connection instead of at every call
-- (planning was most of the cost of these statements, above all on PGlite). Key formats, limits,
-- messages and the order of the checks are decided in server/modules/auth; these only run them.

-- One attempt against a key in a fixed window, atomically: every API process shares the count.
CREATE FUNCTION "auth_count_attempt"(p_key text, p_now timestamptz, p_window_ms bigint, OUT hits integer, OUT window_started_ms double precision)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
BEGIN
	INSERT INTO rate_limits AS r (key, window_started_at, hits) VALUES (p_key, p_now, 1)
	ON CONFLICT (key) DO UPDATE SET
		hits = CASE WHEN r.window_started_at <= p_now - p_window_ms * interval '1 millisecond' THEN 1 ELSE r.hits + 1 END,
		window_started_at = CASE WHEN r.window_started_at <= p_now - p_window_ms * interval '1 millisecond' THEN p_now ELSE r.window_started_at END
	RETURNING r.hits, extract(epoch FROM r.window_started_at) * 1000 INTO hits, window_started_ms;
END
$$;
--> statement-breakpoint

-- A captcha, counted against the client address first; over the limit it is not stored.
CREATE FUNCTION "auth_issue_captcha"(p_uuid uuid, p_answer_hash text, p_now timestamptz, p_expires_at timestamptz, p_address_key text, p_window_ms bigint, p_limit integer, OUT hits integer, OUT window_started_ms double precision)
LANGUAGE plpgsql AS $$
BEGIN
	SELECT c.hits, c.window_started_ms INTO hits, window_started_ms FROM auth_count_attempt(p_address_key, p_now, p_window_ms) c;
	IF hits <= p_limit THEN
		INSERT INTO captchas (uuid, answer_hash, created_at, expires_at) VALUES (p_uuid, p_answer_hash, p_now, p_expires_at);
	END IF;
END
$$;
--> statement-breakpoint

-- What a password sign-in settles before the password itself: spends the captcha whatever the
-- answer; only if it was right, counts the attempt against the address and reads the user; only
-- if the address is within its limit, counts it against the account (the user's key, or the name
-- tried when there is no such user). Outputs left null were not reached.
CREATE FUNCTION "auth_check_sign_in"(
	p_captcha uuid, p_answer_hash text, p_now timestamptz,
	p_address_key text, p_address_window_ms bigint, p_address_limit integer,
	p_name text, p_by_email boolean, p_user_key_prefix text, p_name_key text, p_account_window_ms bigint,
	OUT captcha_right boolean, OUT address_hits integer, OUT address_window_started_ms double precision,
	OUT account_hits integer, OUT account_window_started_ms double precision,
	OUT user_id integer, OUT password_hash text, OUT frozen boolean)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
BEGIN
	UPDATE captchas AS c SET used_at = p_now
		WHERE c.uuid = p_captcha AND c.used_at IS NULL AND c.expires_at > p_now
		RETURNING c.answer_hash = p_answer_hash INTO captcha_right;
	captcha_right := coalesce(captcha_right, false);
	IF NOT captcha_right THEN
		RETURN;
	END IF;
	SELECT a.hits, a.window_started_ms INTO address_hits, address_window_started_ms
		FROM auth_count_attempt(p_address_key, p_now, p_address_window_ms) a;
	IF p_by_email THEN
		SELECT u.id, u.password_hash, u.frozen INTO user_id, password_hash, frozen FROM users u WHERE lower(u.email) = p_name LIMIT 1;
	ELSE
		SELECT u.id, u.password_hash, u.frozen INTO user_id, password_hash, frozen FROM users u WHERE lower(u.username) = p_name LIMIT 1;
	END IF;
	IF address_hits > p_address_limit THEN
		RETURN;
	END IF;
	SELECT a.hits, a.window_started_ms INTO account_hits, account_window_started_ms
		FROM auth_count_attempt(coalesce(p_user_key_prefix || user_id, p_name_key), p_now, p_account_window_ms) a;
END
$$;
--> statement-breakpoint

-- A session for a user who has proved who they are: the session row, the last sign-in time, the
-- audit row and, for a password sign-in, the attempt given back (p_refund_key) and the account's
-- failures forgotten (p_clear_key), all or nothing.
CREATE FUNCTION "auth_open_session"(
	p_user_id integer, p_token_hash text, p_remember boolean, p_now timestamptz, p_expires_at timestamptz,
	p_client_address text, p_request_id text, p_actor text, p_action text, p_reason text,
	p_refund_key text, p_clear_key text)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO sessions (user_id, token_hash, remember, created_at, expires_at, last_seen_at, client_address)
		VALUES (p_user_id, p_token_hash, p_remember, p_now, p_expires_at, p_now, p_client_address);
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
