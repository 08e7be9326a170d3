-- Whether a time-out or self-exclusion keeps the player from play and deposits at an instant: a
-- time-out until its end; a self-exclusion for good when permanent, and otherwise until 24 hours
-- after the player asked to reopen once its period ended (docs/requirements.md §18).
CREATE OR REPLACE FUNCTION "protection_block_active"(
	p_kind text, p_ends_at timestamptz, p_reopen_requested_at timestamptz, p_now timestamptz)
RETURNS boolean LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
	IF p_kind IS NULL THEN
		RETURN false;
	END IF;
	IF p_kind = 'timeOut' THEN
		RETURN p_ends_at > p_now;
	END IF;
	RETURN p_ends_at IS NULL OR p_ends_at > p_now OR p_reopen_requested_at IS NULL
		OR p_reopen_requested_at + interval '24 hours' > p_now;
END
$$;
