-- A game provider's bet or win (docs/architecture.md §11), in one statement and so one transaction:
-- the request_uuid claimed, the session, game, currency, amount and player checked, the
-- transaction_uuid claimed, the coins moved by the ledger's own transfer (ledger_create_transfer,
-- with all its rules, its idempotency and its audit row) between the player and the provider's
-- house account for that player, the player's round added to, the seat and session kept alive (a
-- bet), and the answer stored and returned. A request_uuid already claimed returns the answer stored
-- for it when the body's hash is the one stored with it; with another body it answers
-- RS_ERROR_WRONG_SYNTAX and writes nothing, so a request is never taken for another's answer.
-- A refusal raises SQLSTATE WL001 with the protocol status as its message and, where the answer
-- carries the player's balance, the player's id as its detail (and player protection's reason as
-- its hint): the statement, and with it every
-- write above, is undone, and the caller stores the refusal on its own.
-- p_coins is null when the amount is not a whole number of coins; the ledger arguments (hashed by
-- the ledger service for these accounts) are null when no coins move. p_events is what the provider
-- reported happened in the round (games, big, reg, jackpots, rushes: counts checked by the server),
-- added to the round's row like its amounts; null when it reported nothing.
CREATE OR REPLACE FUNCTION "wallet_bet_or_win"(
	p_provider_id text, p_action text, p_request_uuid text, p_transaction_uuid text,
	p_reference_transaction_uuid text, p_user text, p_user_id integer, p_token_hash text,
	p_game_code text, p_currency_matches boolean, p_round text, p_coins bigint, p_is_free boolean,
	p_answer_currency text, p_amount_unit integer, p_now timestamptz, p_session_expires_at timestamptz,
	p_house_code text, p_currency text, p_kind text, p_actor text, p_idempotency_key text,
	p_params_hash text, p_reason text, p_metadata jsonb, p_meta jsonb, p_body_hash text,
	p_events jsonb, OUT answer jsonb)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
	is_bet boolean := p_action = 'transaction/bet';
	claimed boolean;
	stored record;
	game_session record;
	game record;
	player_frozen boolean;
	protection_refusal text;
	reference record;
	moved_coins bigint;
	transaction_id bigint;
	existing_kind text;
	ledger_result record;
	available bigint;
	reply jsonb;
BEGIN
	INSERT INTO wallet_requests (provider_id, request_uuid, action, answer, body_hash, created_at)
		VALUES (p_provider_id, p_request_uuid, p_action, '{}', p_body_hash, p_now)
		ON CONFLICT DO NOTHING
		RETURNING true INTO claimed;
	IF claimed IS NULL THEN
		SELECT r.answer, r.body_hash INTO stored FROM wallet_requests r
			WHERE r.provider_id = p_provider_id AND r.request_uuid = p_request_uuid;
		-- Requests stored before their hash was kept (null) are answered as before.
		IF stored.body_hash IS NOT NULL AND stored.body_hash <> p_body_hash THEN
			answer := jsonb_build_object('status', 'RS_ERROR_WRONG_SYNTAX', 'request_uuid', p_request_uuid);
		ELSE
			answer := stored.answer;
		END IF;
		RETURN;
	END IF;

	SELECT s.id, s.user_id, s.game_id, s.machine_id, m.number AS machine_number, s.expires_at, s.closed_at INTO game_session
		FROM game_sessions s JOIN game_machines m ON m.id = s.machine_id
		WHERE s.token_hash = p_token_hash AND s.provider_id = p_provider_id;
	IF game_session.id IS NULL OR p_user_id IS DISTINCT FROM game_session.user_id THEN
		RAISE EXCEPTION 'RS_ERROR_INVALID_TOKEN' USING ERRCODE = 'WL001';
	END IF;
	-- A win is paid whatever the session's age: it may settle a bet made before it expired.
	IF is_bet AND (game_session.closed_at IS NOT NULL OR game_session.expires_at <= p_now) THEN
		RAISE EXCEPTION 'RS_ERROR_TOKEN_EXPIRED' USING ERRCODE = 'WL001';
	END IF;
	SELECT g.id, g.name, g.enabled INTO game FROM provider_games g
		WHERE g.provider_id = p_provider_id AND g.game_code = p_game_code;
	IF game.id IS NULL OR game.id <> game_session.game_id THEN
		RAISE EXCEPTION 'RS_ERROR_INVALID_GAME' USING ERRCODE = 'WL001';
	END IF;
	IF NOT p_currency_matches THEN
		RAISE EXCEPTION 'RS_ERROR_WRONG_CURRENCY' USING ERRCODE = 'WL001';
	END IF;
	IF is_bet AND NOT game.enabled THEN
		RAISE EXCEPTION 'RS_ERROR_INVALID_GAME' USING ERRCODE = 'WL001';
	END IF;
	IF p_coins IS NULL THEN
		RAISE EXCEPTION 'RS_ERROR_WRONG_TYPES' USING ERRCODE = 'WL001';
	END IF;
	IF is_bet THEN
		SELECT u.frozen INTO player_frozen FROM users u WHERE u.id = game_session.user_id;
		IF player_frozen IS DISTINCT FROM false THEN
			RAISE EXCEPTION 'RS_ERROR_USER_DISABLED' USING ERRCODE = 'WL001';
		END IF;
	ELSE
		-- The bet stays locked until the win commits: a rollback of it waits, then finds the win
		-- and refuses (a bet a win has settled is not rolled back), or comes first and this win is refused.
		SELECT t.kind, t.user_id, t.rolled_back_at INTO reference FROM wallet_transactions t
			WHERE t.provider_id = p_provider_id AND t.transaction_uuid = p_reference_transaction_uuid
			FOR KEY SHARE;
		IF reference.kind IS NULL OR reference.kind = 'rollback' OR reference.user_id <> game_session.user_id THEN
			RAISE EXCEPTION 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST' USING ERRCODE = 'WL001';
		END IF;
		IF reference.kind = 'tombstone' OR reference.rolled_back_at IS NOT NULL THEN
			RAISE EXCEPTION 'RS_ERROR_TRANSACTION_ROLLED_BACK' USING ERRCODE = 'WL001';
		END IF;
	END IF;
	moved_coins := CASE WHEN is_bet AND p_is_free THEN 0 ELSE p_coins END;

	-- The transaction_uuid, once: one already used, or tombstoned by an early rollback, is refused.
	INSERT INTO wallet_transactions (provider_id, transaction_uuid, kind, user_id, game_id, machine_id, round, amount,
		reference_transaction_uuid, request_uuid, meta, created_at)
		VALUES (p_provider_id, p_transaction_uuid, CASE WHEN is_bet THEN 'bet' ELSE 'win' END, game_session.user_id,
			game_session.game_id, game_session.machine_id, p_round, moved_coins,
			CASE WHEN is_bet THEN NULL ELSE p_reference_transaction_uuid END, p_request_uuid, p_meta, p_now)
		ON CONFLICT (provider_id, transaction_uuid) DO NOTHING
		RETURNING id INTO transaction_id;
	IF transaction_id IS NULL THEN
		SELECT t.kind INTO existing_kind FROM wallet_transactions t
			WHERE t.provider_id = p_provider_id AND t.transaction_uuid = p_transaction_uuid;
		RAISE EXCEPTION '%', CASE WHEN existing_kind = 'tombstone' THEN 'RS_ERROR_TRANSACTION_ROLLED_BACK' ELSE 'RS_ERROR_DUPLICATE_TRANSACTION' END
			USING ERRCODE = 'WL001', DETAIL = game_session.user_id::text;
	END IF;

	IF moved_coins > 0 THEN
		IF p_params_hash IS NULL THEN
			RAISE EXCEPTION 'wallet % of % coins without its ledger arguments', p_action, moved_coins;
		END IF;
		SELECT * INTO ledger_result
			FROM ledger_create_transfer(false,
				CASE WHEN is_bet THEN 'player' ELSE 'house' END, CASE WHEN is_bet THEN game_session.user_id END, CASE WHEN is_bet THEN NULL ELSE p_house_code END,
				CASE WHEN is_bet THEN 'house' ELSE 'player' END, CASE WHEN is_bet THEN NULL ELSE game_session.user_id END, CASE WHEN is_bet THEN p_house_code END,
				moved_coins, p_currency, p_kind, p_actor, p_idempotency_key, p_params_hash,
				p_reason, p_metadata, p_now, NULL, NULL);
		IF ledger_result.outcome = 'insufficient' THEN
			RAISE EXCEPTION 'RS_ERROR_NOT_ENOUGH_MONEY' USING ERRCODE = 'WL001', DETAIL = game_session.user_id::text;
		END IF;
		IF ledger_result.outcome NOT IN ('moved', 'replayed') THEN
			RAISE EXCEPTION 'wallet % answered % by the ledger', p_action, ledger_result.outcome;
		END IF;
		UPDATE wallet_transactions SET ledger_transfer_id = (ledger_result.transfer).id WHERE id = transaction_id;
	END IF;

	IF is_bet THEN
		-- Player protection: a time-out, an exclusion or a limit this bet would pass refuses it, undoing
		-- the debit above with the rest of the statement; the reason goes back beside the status (the
		-- hint) so the game can say why. Checked after the debit, so the player's ledger account is
		-- locked before their protection row, as a win (whose round's trigger updates that row) locks them.
		protection_refusal := protection_check_bet(game_session.user_id, moved_coins, p_now);
		IF protection_refusal IS NOT NULL THEN
			RAISE EXCEPTION 'RS_ERROR_USER_DISABLED' USING ERRCODE = 'WL001', DETAIL = game_session.user_id::text,
				HINT = protection_refusal;
		END IF;
	END IF;

	-- The player's row of the round, with the game's name as the records show it by default.
	INSERT INTO game_records (user_id, game_name, machine_id, bet_amount, win_amount, played_at, provider_id, round,
		game_id, game_machine_id, updated_at, games, big_bonuses, reg_bonuses, jackpots, rushes)
		VALUES (game_session.user_id,
			coalesce(game.name ->> 'ja-JP', (SELECT n.value FROM jsonb_each_text(game.name) AS n WHERE n.value <> '' LIMIT 1), ''),
			game_session.machine_number::text, CASE WHEN is_bet THEN moved_coins ELSE 0 END, CASE WHEN is_bet THEN 0 ELSE moved_coins END,
			p_now, p_provider_id, p_round, game_session.game_id, game_session.machine_id, p_now,
			coalesce((p_events ->> 'games')::integer, 0), coalesce((p_events ->> 'big')::integer, 0),
			coalesce((p_events ->> 'reg')::integer, 0), coalesce((p_events ->> 'jackpots')::integer, 0),
			coalesce((p_events ->> 'rushes')::integer, 0))
		ON CONFLICT (provider_id, user_id, round) DO UPDATE SET
			bet_amount = game_records.bet_amount + excluded.bet_amount,
			win_amount = game_records.win_amount + excluded.win_amount,
			games = game_records.games + excluded.games,
			big_bonuses = game_records.big_bonuses + excluded.big_bonuses,
			reg_bonuses = game_records.reg_bonuses + excluded.reg_bonuses,
			jackpots = game_records.jackpots + excluded.jackpots,
			rushes = game_records.rushes + excluded.rushes,
			updated_at = excluded.updated_at;
	IF is_bet THEN
		-- Playing keeps the seat and the session.
		UPDATE game_seats SET last_active_at = p_now WHERE user_id = game_session.user_id AND machine_id = game_session.machine_id;
		UPDATE game_sessions SET expires_at = p_session_expires_at WHERE id = game_session.id AND closed_at IS NULL;
	END IF;

	SELECT a.balance - a.held INTO available FROM ledger_accounts a WHERE a.user_id = game_session.user_id AND a.currency = p_currency;
	reply := jsonb_build_object('user', p_user, 'status', 'RS_OK', 'request_uuid', p_request_uuid,
		'currency', p_answer_currency, 'balance', coalesce(available, 0) * p_amount_unit);
	UPDATE wallet_requests SET answer = reply WHERE provider_id = p_provider_id AND request_uuid = p_request_uuid;
	answer := reply;
END
$$;
