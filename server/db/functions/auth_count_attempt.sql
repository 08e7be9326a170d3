-- One attempt against a key in a fixed window, atomically, so that every API process shares the
-- count: the counter behind every attempt limit. Key formats, limits, messages and the order of
-- the checks are decided in server/modules/auth; this only counts.
CREATE OR REPLACE FUNCTION "auth_count_attempt"(p_key text, p_now timestamptz, p_window_ms bigint, OUT hits integer, OUT window_started_ms double precision)
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
