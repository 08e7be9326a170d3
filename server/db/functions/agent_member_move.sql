-- An agent moves coins only to or from a direct member who is not frozen, in one statement: the
-- member check, the ledger's own transfer (ledger_create_transfer, with all its rules, its
-- idempotency and its audit row), and the balances the move left on both accounts, read from the
-- move's own entries so that a retry answers exactly as the first call did.
-- A take-back may not exceed what the agent gave and the member has neither spent nor had taken
-- back, nor what the member can spend (docs/requirements.md §12.11): it is checked with both
-- accounts locked (by id, as the ledger locks them), so no other move of the member's coins can
-- come between the count and the transfer, and two take-backs at once cannot both pass. A retry of
-- an earlier move is not checked again: the ledger answers it.
-- A move writes what is left of the agent's gifts (agent_given_coins) and the member's letter
-- (station_letters, keyed by the transfer), so the move, the count and the letter commit together.
-- outcome: 'notMember' (not a direct member of the agent), 'frozen' (a frozen member, and the key
-- names no earlier move), 'protected' (a gift to a member on a break or excluded, likewise), 'overTakeable' (a take-back over `takeable`, the most it may be now), or
-- the ledger's 'moved', 'replayed', 'conflict' or 'insufficient'.
-- A frozen member's money stays put, but a retry of a move made before the freeze is answered as
-- the ledger answers any retry: the first move when the parameters match, 'conflict' otherwise.
CREATE OR REPLACE FUNCTION "agent_member_move"(
	p_agent_id integer, p_member_user_id integer, p_to_member boolean,
	p_amount bigint, p_currency text, p_kind text,
	p_actor text, p_idempotency_key text, p_params_hash text,
	p_reason text, p_metadata jsonb, p_at timestamptz,
	p_client_address text, p_request_id text,
	OUT outcome text, OUT transfer_id bigint, OUT moved_amount bigint, OUT moved_at timestamptz,
	OUT agent_balance bigint, OUT member_balance bigint, OUT takeable bigint)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
	member_frozen boolean;
	member_account ledger_accounts;
	moved ledger_transfers;
	ledger_result record;
	from_balance bigint;
	to_balance bigint;
	member_entry_id bigint;
BEGIN
	SELECT m.frozen INTO member_frozen FROM users m
		WHERE m.id = p_member_user_id AND m.id <> p_agent_id
			AND m.agent_code = (SELECT a.referral_code FROM users a WHERE a.id = p_agent_id);
	IF NOT FOUND THEN
		outcome := 'notMember';
		RETURN;
	END IF;
	-- A member on a break or excluded is given nothing (player protection); a take-back still works.
	IF p_to_member AND NOT member_frozen AND EXISTS (SELECT 1 FROM player_protection pp WHERE pp.user_id = p_member_user_id
			AND protection_block_active(pp.block_kind, pp.block_ends_at, pp.reopen_requested_at, p_at))
		AND NOT EXISTS (SELECT 1 FROM ledger_transfers t WHERE t.actor = p_actor AND t.idempotency_key = p_idempotency_key) THEN
		outcome := 'protected';
		RETURN;
	END IF;
	IF member_frozen THEN
		SELECT * INTO moved FROM ledger_transfers WHERE actor = p_actor AND idempotency_key = p_idempotency_key;
		IF moved.id IS NULL THEN
			outcome := 'frozen';
			RETURN;
		END IF;
		outcome := CASE WHEN moved.params_hash = p_params_hash THEN 'replayed' ELSE 'conflict' END;
	ELSE
		IF NOT p_to_member THEN
			-- Only accounts that exist: a take-back from an account that does not is refused below
			-- (nothing was given), so the ledger creates none while these locks are held.
			PERFORM 1 FROM ledger_accounts a
				WHERE a.user_id IN (p_agent_id, p_member_user_id) AND a.currency = p_currency
				ORDER BY a.id FOR NO KEY UPDATE;
			IF NOT EXISTS (SELECT 1 FROM ledger_transfers t WHERE t.actor = p_actor AND t.idempotency_key = p_idempotency_key) THEN
				SELECT * INTO member_account FROM ledger_accounts a WHERE a.user_id = p_member_user_id AND a.currency = p_currency;
				takeable := coalesce(least(agent_given_unspent(p_agent_id, p_member_user_id, member_account.id),
					member_account.balance - member_account.held), 0);
				IF p_amount > takeable THEN
					outcome := 'overTakeable';
					RETURN;
				END IF;
			END IF;
		END IF;
		SELECT * INTO ledger_result
			FROM ledger_create_transfer(false,
				'player', CASE WHEN p_to_member THEN p_agent_id ELSE p_member_user_id END, NULL,
				'player', CASE WHEN p_to_member THEN p_member_user_id ELSE p_agent_id END, NULL,
				p_amount, p_currency, p_kind, p_actor, p_idempotency_key, p_params_hash,
				p_reason, p_metadata, p_at, p_client_address, p_request_id);
		outcome := ledger_result.outcome;
		moved := ledger_result.transfer;
	END IF;
	IF outcome NOT IN ('moved', 'replayed') THEN
		RETURN;
	END IF;
	SELECT max(e.balance_after) FILTER (WHERE e.account_id = moved.from_account_id),
			max(e.balance_after) FILTER (WHERE e.account_id = moved.to_account_id),
			max(e.id) FILTER (WHERE e.account_id = CASE WHEN p_to_member THEN moved.to_account_id ELSE moved.from_account_id END)
		INTO from_balance, to_balance, member_entry_id
		FROM ledger_entries e WHERE e.transfer_id = moved.id;
	IF from_balance IS NULL OR to_balance IS NULL THEN
		RAISE EXCEPTION 'agent move % does not have its two entries', moved.id;
	END IF;
	transfer_id := moved.id;
	moved_amount := moved.amount;
	moved_at := moved.created_at;
	agent_balance := CASE WHEN p_to_member THEN from_balance ELSE to_balance END;
	member_balance := CASE WHEN p_to_member THEN to_balance ELSE from_balance END;
	IF outcome = 'moved' THEN
		-- Both accounts are locked by now (the ledger locked them). A take-back's own entry is one of
		-- the debits counted after the row's entry; a gift's is not a debit, so it is added.
		INSERT INTO agent_given_coins AS g (agent_id, member_user_id, unspent, counted_through_entry_id)
			VALUES (p_agent_id, p_member_user_id,
				agent_given_unspent(p_agent_id, p_member_user_id,
					CASE WHEN p_to_member THEN moved.to_account_id ELSE moved.from_account_id END)
					+ CASE WHEN p_to_member THEN moved.amount ELSE 0 END,
				member_entry_id)
			ON CONFLICT (agent_id, member_user_id) DO UPDATE
				SET unspent = excluded.unspent, counted_through_entry_id = excluded.counted_through_entry_id;
		INSERT INTO station_letters (audience, user_id, kind, params, event_key, sent_at)
			VALUES ('player', p_member_user_id, CASE WHEN p_to_member THEN 'agentGaveCoins' ELSE 'agentTookCoins' END,
				jsonb_build_object('amount', moved.amount, 'transferSn', moved.id::text),
				CASE WHEN p_to_member THEN 'agentGaveCoins' ELSE 'agentTookCoins' END || ':' || moved.id, p_at)
			ON CONFLICT (event_key) DO NOTHING;
	END IF;
END
$$;
