-- Guesses at a secret (the pay password) under a hard limit where only wrong guesses count. A
-- guess is let in only while the wrong ones of the window (p_key) and the guesses still being
-- checked (p_checking_key) stay within the limit, so guesses made at once never get more than the
-- limit of wrong ones checked; a right one gives its place back when done (auth_end_guess).
-- Counting every attempt up front instead refused right pay passwords sent at once.
--
-- Lets a guess in, or says why not: the wrong guesses of the window (null when none) tell a locked
-- account from one whose place is taken by checks still running. The checking count's window
-- starts again at every guess, so a count left by a process that died mid-check lapses once no
-- guess has started for p_checking_ms; a check never takes that long.
CREATE OR REPLACE FUNCTION "auth_begin_guess"(
	p_key text, p_checking_key text, p_now timestamptz, p_window_ms bigint, p_checking_ms bigint, p_limit integer,
	OUT admitted boolean, OUT wrong_hits integer, OUT window_started_ms double precision)
LANGUAGE plpgsql AS $$
DECLARE
	checking integer;
BEGIN
	-- The checking row stays locked to the end of the call, so guesses are let in one at a time.
	INSERT INTO rate_limits AS r (key, window_started_at, hits) VALUES (p_checking_key, p_now, 1)
	ON CONFLICT (key) DO UPDATE SET
		hits = CASE WHEN r.window_started_at <= p_now - p_checking_ms * interval '1 millisecond' THEN 1 ELSE r.hits + 1 END,
		window_started_at = p_now
	RETURNING r.hits INTO checking;
	SELECT r.hits, extract(epoch FROM r.window_started_at) * 1000 INTO wrong_hits, window_started_ms
		FROM rate_limits r
		WHERE r.key = p_key AND r.window_started_at > p_now - p_window_ms * interval '1 millisecond';
	admitted := coalesce(wrong_hits, 0) + checking <= p_limit;
	IF NOT admitted THEN
		UPDATE rate_limits SET hits = greatest(hits - 1, 0) WHERE key = p_checking_key;
	END IF;
END
$$;
