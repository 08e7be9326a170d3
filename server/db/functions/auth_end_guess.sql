-- Settles a guess auth_begin_guess let in: a wrong one counts in the window, a right one forgets
-- the wrong ones before it; either way it is no longer being checked. Both in one call, so a guess
-- let in meanwhile sees both changes or neither.
CREATE OR REPLACE FUNCTION "auth_end_guess"(p_key text, p_checking_key text, p_right boolean, p_now timestamptz, p_window_ms bigint)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	IF p_right THEN
		DELETE FROM rate_limits WHERE key = p_key;
	ELSE
		PERFORM auth_count_attempt(p_key, p_now, p_window_ms);
	END IF;
	UPDATE rate_limits SET hits = greatest(hits - 1, 0) WHERE key = p_checking_key;
END
$$;
