-- A limit's value at an instant: its pending change once that is due (null: removed), else the
-- value in force. Nothing runs when a change comes due: every reader resolves it at its instant.
CREATE OR REPLACE FUNCTION "protection_limit_value"(
	p_value bigint, p_pending_value bigint, p_pending_applies_at timestamptz, p_now timestamptz)
RETURNS bigint LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
	IF p_pending_applies_at IS NOT NULL AND p_pending_applies_at <= p_now THEN
		RETURN p_pending_value;
	END IF;
	RETURN p_value;
END
$$;
