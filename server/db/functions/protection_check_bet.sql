-- Player protection's part of a bet, called by wallet_bet_or_win in the same statement right after
-- the bet's debit (which a refusal undoes): the debit holds the player's ledger account until the
-- commit, so bets of one player pass these checks one at a time whatever process books them, each
-- seeing the totals the bets before it committed; the protection row (made if missing) is locked
-- after the account, in the order a win's trigger locks them. The bet keeps the play session going (a bet after 30 minutes without one
-- starts a new session). Answers why the bet is refused (a time-out or self-exclusion in force, or
-- the limit it would pass), or null.
CREATE OR REPLACE FUNCTION "protection_check_bet"(p_user_id integer, p_coins bigint, p_now timestamptz)
RETURNS text LANGUAGE plpgsql AS $$
DECLARE
	p player_protection;
	lim record;
BEGIN
	INSERT INTO player_protection AS pp (user_id, session_started_at, last_bet_at)
		VALUES (p_user_id, p_now, p_now)
		ON CONFLICT (user_id) DO UPDATE SET
			session_started_at = CASE WHEN pp.last_bet_at IS NULL OR pp.last_bet_at <= p_now - interval '30 minutes'
				THEN p_now ELSE pp.session_started_at END,
			session_bets = CASE WHEN pp.last_bet_at IS NULL OR pp.last_bet_at <= p_now - interval '30 minutes'
				THEN 0 ELSE pp.session_bets END,
			session_wins = CASE WHEN pp.last_bet_at IS NULL OR pp.last_bet_at <= p_now - interval '30 minutes'
				THEN 0 ELSE pp.session_wins END,
			last_bet_at = greatest(pp.last_bet_at, p_now)
		RETURNING * INTO p;
	IF protection_block_active(p.block_kind, p.block_ends_at, p.reopen_requested_at, p_now) THEN
		RETURN p.block_kind;
	END IF;
	FOR lim IN SELECT l.kind, l.period, protection_limit_value(l.value, l.pending_value, l.pending_applies_at, p_now) AS value
		FROM protection_limits l WHERE l.user_id = p_user_id AND l.kind <> 'deposit'
	LOOP
		CONTINUE WHEN lim.value IS NULL;
		IF lim.kind = 'session' THEN
			IF p_now - p.session_started_at >= lim.value * interval '1 minute' THEN
				RETURN 'sessionLimit';
			END IF;
		ELSIF protection_play_used(p, lim.kind, lim.period, p_now) + p_coins > lim.value THEN
			RETURN lim.kind || 'Limit';
		END IF;
	END LOOP;
	RETURN NULL;
END
$$;
