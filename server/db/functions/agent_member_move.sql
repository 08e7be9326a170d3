-- An agent moves coins only to or from a direct member who is not frozen, in one statement: the
-- member check, the ledger's own transfer (ledger_create_transfer, with all its rules, its
-- idempotency and its audit row), and the balances the move left on both accounts, read from the
-- move's own entries so that a retry answers exactly as the first call did.
-- outcome: 'notMember' (not a direct member of the agent), 'frozen' (a frozen member, and the key
-- names no earlier move), or the ledger's 'moved', 'replayed', 'conflict' or 'insufficient'.
-- A frozen member's money stays put, but a retry of a move made before the freeze is answered as
-- the ledger answers any retry: the first move when the parameters match, 'conflict' otherwise.
CREATE OR REPLACE FUNCTION "agent_member_move"(
	p_agent_id integer, p_member_user_id integer, p_to_member boolean,
	p_amount bigint, p_currency text, p_kind text,
	p_actor text, p_idempotency_key text, p_params_hash text,
	p_reason text, p_metadata jsonb, p_at timestamptz,
	p_client_address text, p_request_id text,
	OUT outcome text, OUT transfer_id bigint, OUT moved_amount bigint, OUT moved_at timestamptz,
	OUT agent_balance bigint, OUT member_balance bigint)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
	member_frozen boolean;
	moved ledger_transfers;
	ledger_result record;
	from_balance bigint;
	to_balance bigint;
BEGIN
	SELECT m.frozen INTO member_frozen FROM users m
		WHERE m.id = p_member_user_id AND m.id <> p_agent_id
			AND m.agent_code = (SELECT a.referral_code FROM users a WHERE a.id = p_agent_id);
	IF NOT FOUND THEN
		outcome := 'notMember';
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
			max(e.balance_after) FILTER (WHERE e.account_id = moved.to_account_id)
		INTO from_balance, to_balance
		FROM ledger_entries e WHERE e.transfer_id = moved.id;
	IF from_balance IS NULL OR to_balance IS NULL THEN
		RAISE EXCEPTION 'agent move % does not have its two entries', moved.id;
	END IF;
	transfer_id := moved.id;
	moved_amount := moved.amount;
	moved_at := moved.created_at;
	agent_balance := CASE WHEN p_to_member THEN from_balance ELSE to_balance END;
	member_balance := CASE WHEN p_to_member THEN to_balance ELSE from_balance END;
END
$$;
