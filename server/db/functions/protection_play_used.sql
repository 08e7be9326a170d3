-- What a player has used of a loss or wager limit in the period that holds an instant, from the
-- totals kept on their protection row (a period that has passed counts as zero): coins bet for a
-- wager limit, coins bet less coins won for a loss limit (below zero when the player is up).
CREATE OR REPLACE FUNCTION "protection_play_used"(
	p player_protection, p_kind text, p_period text, p_now timestamptz)
RETURNS bigint LANGUAGE plpgsql STABLE AS $$
DECLARE
	starts record;
	bets bigint := 0;
	wins bigint := 0;
BEGIN
	SELECT * INTO starts FROM protection_period_starts(p_now);
	IF p_period = 'day' AND p.day_start = starts.day THEN
		bets := p.day_bets; wins := p.day_wins;
	ELSIF p_period = 'week' AND p.week_start = starts.week THEN
		bets := p.week_bets; wins := p.week_wins;
	ELSIF p_period = 'month' AND p.month_start = starts.month THEN
		bets := p.month_bets; wins := p.month_wins;
	END IF;
	RETURN CASE WHEN p_kind = 'wager' THEN bets ELSE bets - wins END;
END
$$;
