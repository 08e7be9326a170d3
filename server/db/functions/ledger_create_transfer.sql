-- The ledger's one way to move money: a plain transfer (posted at once, with its two entries) or a
-- hold (pending, no entries), with its audit row, applied once per actor and idempotency key.
-- outcome: 'moved', 'replayed' (same actor, key and parameters: the first transfer, nothing moved),
-- 'conflict' (same actor and key, other parameters) or 'insufficient' (a player would be overdrawn).
-- One statement, safe inside a caller's transaction, where a refusal undoes only its own work.
-- The common path (a plain transfer between existing accounts whose payer can afford it) locks the
-- two accounts by id and checks the payer under that lock, so its writes cannot be refused and it
-- needs no subtransaction. Every other call (a hold, an account to create, or a payer short of
-- money, to be refused or answered as the retry it may be) takes the guarded path, an EXCEPTION
-- block, which also locks the accounts it changes by id before it claims the key, so the two paths
-- never wait for each other in opposite orders. The check only chooses the path: the CHECKs and
-- triggers still hold every write.
CREATE OR REPLACE FUNCTION "ledger_create_transfer"(
	p_two_phase boolean,
	p_from_kind text, p_from_user_id integer, p_from_code text,
	p_to_kind text, p_to_user_id integer, p_to_code text,
	p_amount bigint, p_currency text, p_kind text,
	p_actor text, p_idempotency_key text, p_params_hash text,
	p_reason text, p_metadata jsonb, p_at timestamptz,
	p_client_address text, p_request_id text,
	OUT outcome text, OUT transfer ledger_transfers)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
	from_id integer;
	to_id integer;
	payer_is_player boolean;
	payer_available bigint;
	first_transfer ledger_transfers;
	failed_constraint text;
BEGIN
	IF NOT p_two_phase THEN
		SELECT max(a.id) FILTER (WHERE (p_from_kind = 'player' AND a.user_id = p_from_user_id) OR (p_from_kind = 'house' AND a.code = p_from_code)),
				max(a.id) FILTER (WHERE (p_to_kind = 'player' AND a.user_id = p_to_user_id) OR (p_to_kind = 'house' AND a.code = p_to_code))
			INTO from_id, to_id
			FROM ledger_accounts a
			WHERE a.currency = p_currency AND (a.user_id IN (p_from_user_id, p_to_user_id) OR a.code IN (p_from_code, p_to_code));
	END IF;
	-- Nothing is locked unless both accounts exist: a call that creates an account does it first,
	-- in name order, before it locks anything.
	IF from_id IS NOT NULL AND to_id IS NOT NULL THEN
		SELECT bool_or(locked.kind = 'player') FILTER (WHERE locked.id = from_id), max(locked.available) FILTER (WHERE locked.id = from_id)
			INTO payer_is_player, payer_available
			FROM (
				SELECT a.id, a.kind, a.balance - a.held AS available FROM ledger_accounts a
					WHERE a.id IN (from_id, to_id)
					ORDER BY a.id
					FOR NO KEY UPDATE
			) AS locked;
	END IF;
	IF from_id IS NOT NULL AND to_id IS NOT NULL AND (NOT payer_is_player OR payer_available >= p_amount) THEN
		-- Claims the key; a concurrent call with the same key waits here until this one ends.
		INSERT INTO ledger_transfers (from_account_id, to_account_id, amount, currency, kind, two_phase, state, actor,
			idempotency_key, params_hash, reason, metadata, created_at, settled_at, settled_by)
			VALUES (from_id, to_id, p_amount, p_currency, p_kind, p_two_phase,
				CASE WHEN p_two_phase THEN 'pending' ELSE 'posted' END, p_actor, p_idempotency_key, p_params_hash,
				p_reason, p_metadata, p_at, CASE WHEN p_two_phase THEN NULL ELSE p_at END,
				CASE WHEN p_two_phase THEN NULL ELSE p_actor END)
			ON CONFLICT (actor, idempotency_key) DO NOTHING
			RETURNING * INTO transfer;
		IF transfer.id IS NULL THEN
			SELECT * INTO transfer FROM ledger_transfers WHERE actor = p_actor AND idempotency_key = p_idempotency_key;
			outcome := CASE WHEN transfer.params_hash = p_params_hash THEN 'replayed' ELSE 'conflict' END;
			RETURN;
		END IF;
		IF NOT p_two_phase THEN
			INSERT INTO ledger_entries (transfer_id, account_id, amount, balance_after, created_at)
				SELECT transfer.id, leg.account_id, leg.amount, NULL, p_at
				FROM (VALUES (from_id, -p_amount), (to_id, p_amount)) AS leg (account_id, amount)
				ORDER BY leg.account_id;
		END IF;
		INSERT INTO audit_log (at, actor, action, subject, reason, client_address, request_id)
			VALUES (p_at, p_actor, CASE WHEN p_two_phase THEN 'ledger.hold' ELSE 'ledger.transfer' END,
				'ledgerTransfer:' || transfer.id, p_reason, p_client_address, p_request_id);
		outcome := 'moved';
		RETURN;
	END IF;
	BEGIN
		IF concat_ws(':', p_from_kind, p_from_user_id, p_from_code) <= concat_ws(':', p_to_kind, p_to_user_id, p_to_code) THEN
			from_id := ledger_account_id(p_from_kind, p_from_user_id, p_from_code, p_currency, p_at);
			to_id := ledger_account_id(p_to_kind, p_to_user_id, p_to_code, p_currency, p_at);
		ELSE
			to_id := ledger_account_id(p_to_kind, p_to_user_id, p_to_code, p_currency, p_at);
			from_id := ledger_account_id(p_from_kind, p_from_user_id, p_from_code, p_currency, p_at);
		END IF;
		-- The accounts this call will change, by id before the key, as on the path above (a hold
		-- changes only its payer's), so the two paths cannot wait for each other in opposite orders.
		PERFORM 1 FROM ledger_accounts WHERE id = from_id OR (NOT p_two_phase AND id = to_id) ORDER BY id FOR NO KEY UPDATE;
		-- Claims the key; a concurrent call with the same key waits here until this one ends.
		INSERT INTO ledger_transfers (from_account_id, to_account_id, amount, currency, kind, two_phase, state, actor,
			idempotency_key, params_hash, reason, metadata, created_at, settled_at, settled_by)
			VALUES (from_id, to_id, p_amount, p_currency, p_kind, p_two_phase,
				CASE WHEN p_two_phase THEN 'pending' ELSE 'posted' END, p_actor, p_idempotency_key, p_params_hash,
				p_reason, p_metadata, p_at, CASE WHEN p_two_phase THEN NULL ELSE p_at END,
				CASE WHEN p_two_phase THEN NULL ELSE p_actor END)
			ON CONFLICT (actor, idempotency_key) DO NOTHING
			RETURNING * INTO transfer;
		IF transfer.id IS NULL THEN
			SELECT * INTO first_transfer FROM ledger_transfers WHERE actor = p_actor AND idempotency_key = p_idempotency_key;
			-- Leaves through the handler, so accounts this call created are undone too.
			RAISE EXCEPTION 'idempotency key already used' USING ERRCODE = 'LD001';
		END IF;
		IF NOT p_two_phase THEN
			INSERT INTO ledger_entries (transfer_id, account_id, amount, balance_after, created_at)
				SELECT transfer.id, leg.account_id, leg.amount, NULL, p_at
				FROM (VALUES (from_id, -p_amount), (to_id, p_amount)) AS leg (account_id, amount)
				ORDER BY leg.account_id;
		END IF;
		INSERT INTO audit_log (at, actor, action, subject, reason, client_address, request_id)
			VALUES (p_at, p_actor, CASE WHEN p_two_phase THEN 'ledger.hold' ELSE 'ledger.transfer' END,
				'ledgerTransfer:' || transfer.id, p_reason, p_client_address, p_request_id);
	EXCEPTION
	WHEN SQLSTATE 'LD001' THEN
		outcome := CASE WHEN first_transfer.params_hash = p_params_hash THEN 'replayed' ELSE 'conflict' END;
		transfer := first_transfer;
		RETURN;
	WHEN check_violation THEN
		GET STACKED DIAGNOSTICS failed_constraint = CONSTRAINT_NAME;
		IF failed_constraint IN ('ledger_accounts_player_balance_not_negative', 'ledger_accounts_player_available_not_negative') THEN
			outcome := 'insufficient';
			transfer := NULL;
			RETURN;
		END IF;
		RAISE;
	END;
	outcome := 'moved';
END
$$;
