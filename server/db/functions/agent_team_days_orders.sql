-- Agent team totals: a money order (a deposit order or a withdrawal, the item's prefix is the
-- trigger's argument) counts in its player's team under its status, on the day it was created,
-- with its amount; a change of status, amount, player or day moves it from its old item to its new.
CREATE OR REPLACE FUNCTION "agent_team_days_orders"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	code text;
BEGIN
	IF TG_OP <> 'INSERT' THEN
		SELECT agent_code INTO code FROM users WHERE id = OLD.user_id;
		PERFORM agent_team_days_add(code, OLD.user_id, OLD.created_at, TG_ARGV[0] || ':' || OLD.status, -1, -OLD.amount);
	END IF;
	IF TG_OP <> 'DELETE' THEN
		IF TG_OP = 'INSERT' OR OLD.user_id <> NEW.user_id THEN
			SELECT agent_code INTO code FROM users WHERE id = NEW.user_id;
		END IF;
		PERFORM agent_team_days_add(code, NEW.user_id, NEW.created_at, TG_ARGV[0] || ':' || NEW.status, 1, NEW.amount);
	END IF;
	RETURN NULL;
END
$$;
