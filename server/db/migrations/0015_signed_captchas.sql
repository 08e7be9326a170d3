-- Captchas are signed by the server instead of stored (modules/auth/captcha.ts): drawing one costs
-- no statement, and only the first try of each is recorded, right or wrong, until it expires.
CREATE TABLE "captcha_spends" (
	"id" uuid PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "captcha_spends_expires_idx" ON "captcha_spends" USING btree ("expires_at");
--> statement-breakpoint
DROP TABLE "captchas" CASCADE;
--> statement-breakpoint
DROP FUNCTION "auth_issue_captcha"(uuid, text, timestamptz, timestamptz, text, bigint, integer);
--> statement-breakpoint
DROP FUNCTION "auth_check_sign_in"(uuid, text, timestamptz, text, bigint, integer, text, boolean, text, text, bigint);
--> statement-breakpoint

-- What a password sign-in settles before the password itself, for a captcha whose signature the
-- server has checked: spends it whatever the answer (a second try of it is never right); only if
-- the answer was right, counts the attempt against the address and reads the user; only if the
-- address is within its limit, counts it against the account (the user's key, or the name tried
-- when there is no such user). Outputs left null were not reached.
CREATE FUNCTION "auth_check_sign_in"(
	p_captcha uuid, p_captcha_expires_at timestamptz, p_answer_right boolean, p_now timestamptz,
	p_address_key text, p_address_window_ms bigint, p_address_limit integer,
	p_name text, p_by_email boolean, p_user_key_prefix text, p_name_key text, p_account_window_ms bigint,
	OUT captcha_right boolean, OUT address_hits integer, OUT address_window_started_ms double precision,
	OUT account_hits integer, OUT account_window_started_ms double precision,
	OUT user_id integer, OUT password_hash text, OUT frozen boolean)
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
