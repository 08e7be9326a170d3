-- Agent team totals: a game round counts in its player's team as one round with its bet (`rounds`)
-- and, when it paid anything, one win with its win (`wins`). A round whose amounts grow (the game
-- wallet adds each bet and win to it) adds the difference; a round that moves is taken from its
-- old day and added to its new one.
CREATE OR REPLACE FUNCTION "agent_team_days_rounds"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	code text;
BEGIN
	IF TG_OP = 'UPDATE' AND OLD.user_id = NEW.user_id AND OLD.played_at = NEW.played_at THEN
		SELECT agent_code INTO code FROM users WHERE id = NEW.user_id;
		PERFORM agent_team_days_add(code, NEW.user_id, NEW.played_at, 'rounds', 0, NEW.bet_amount - OLD.bet_amount);
		PERFORM agent_team_days_add(code, NEW.user_id, NEW.played_at, 'wins',
			(NEW.win_amount > 0)::integer - (OLD.win_amount > 0)::integer, NEW.win_amount - OLD.win_amount);
		RETURN NULL;
	END IF;
	IF TG_OP <> 'INSERT' THEN
		SELECT agent_code INTO code FROM users WHERE id = OLD.user_id;
		PERFORM agent_team_days_add(code, OLD.user_id, OLD.played_at, 'rounds', -1, -OLD.bet_amount);
		PERFORM agent_team_days_add(code, OLD.user_id, OLD.played_at, 'wins', -(OLD.win_amount > 0)::integer, -OLD.win_amount);
	END IF;
	IF TG_OP <> 'DELETE' THEN
		SELECT agent_code INTO code FROM users WHERE id = NEW.user_id;
		PERFORM agent_team_days_add(code, NEW.user_id, NEW.played_at, 'rounds', 1, NEW.bet_amount);
		PERFORM agent_team_days_add(code, NEW.user_id, NEW.played_at, 'wins', (NEW.win_amount > 0)::integer, NEW.win_amount);
	END IF;
	RETURN NULL;
END
$$;
