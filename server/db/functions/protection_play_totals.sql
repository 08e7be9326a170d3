-- Keeps a player's play totals on their protection row as their rounds grow (the wallet adds each
-- bet and win to its round, a rollback takes its amount back out): the change is added to the
-- current play session and to the Japan-time day, week and month of the change, a period that has
-- passed starting again from zero. A rollback never takes a total below zero.
CREATE OR REPLACE FUNCTION "protection_play_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	bets bigint := NEW.bet_amount;
	wins bigint := NEW.win_amount;
	starts record;
BEGIN
	IF TG_OP = 'UPDATE' THEN
		bets := NEW.bet_amount - OLD.bet_amount;
		wins := NEW.win_amount - OLD.win_amount;
	END IF;
	IF bets = 0 AND wins = 0 THEN
		RETURN NULL;
	END IF;
	SELECT * INTO starts FROM protection_period_starts(NEW.updated_at);
	INSERT INTO player_protection AS p (user_id, session_bets, session_wins, day_start, day_bets, day_wins,
		week_start, week_bets, week_wins, month_start, month_bets, month_wins)
		VALUES (NEW.user_id, greatest(bets, 0), greatest(wins, 0), starts.day, greatest(bets, 0), greatest(wins, 0),
			starts.week, greatest(bets, 0), greatest(wins, 0), starts.month, greatest(bets, 0), greatest(wins, 0))
		ON CONFLICT (user_id) DO UPDATE SET
			session_bets = greatest(p.session_bets + bets, 0),
			session_wins = greatest(p.session_wins + wins, 0),
			day_start = starts.day,
			day_bets = greatest(CASE WHEN p.day_start = starts.day THEN p.day_bets ELSE 0 END + bets, 0),
			day_wins = greatest(CASE WHEN p.day_start = starts.day THEN p.day_wins ELSE 0 END + wins, 0),
			week_start = starts.week,
			week_bets = greatest(CASE WHEN p.week_start = starts.week THEN p.week_bets ELSE 0 END + bets, 0),
			week_wins = greatest(CASE WHEN p.week_start = starts.week THEN p.week_wins ELSE 0 END + wins, 0),
			month_start = starts.month,
			month_bets = greatest(CASE WHEN p.month_start = starts.month THEN p.month_bets ELSE 0 END + bets, 0),
			month_wins = greatest(CASE WHEN p.month_start = starts.month THEN p.month_wins ELSE 0 END + wins, 0);
	RETURN NULL;
END
$$;
