-- Each ledger write is one statement: one round trip, atomic on its own, and safe inside a
-- caller's transaction, where a refusal undoes only its own work (the EXCEPTION block is a
-- subtransaction) instead of aborting the caller's. Locks follow one order everywhere: accounts by
-- id (new accounts created in name order first), then the transfer row.
CREATE FUNCTION "ledger_account_id"(p_kind text, p_user_id integer, p_code text, p_currency text, p_at timestamptz)
RETURNS integer LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
	found_id integer;
BEGIN
	FOR attempt IN 1..2 LOOP
		IF p_kind = 'player' THEN
			SELECT id INTO found_id FROM ledger_accounts WHERE user_id = p_user_id AND currency = p_currency;
		ELSE
			SELECT id INTO found_id FROM ledger_accounts WHERE code = p_code AND currency = p_currency;
		END IF;
		IF found_id IS NOT NULL THEN
			RETURN found_id;
		END IF;
		INSERT INTO ledger_accounts (kind, user_id, code, currency, created_at)
			VALUES (p_kind, CASE WHEN p_kind = 'player' THEN p_user_id END, CASE WHEN p_kind = 'house' THEN p_code END, p_currency, p_at)
			ON CONFLICT DO NOTHING
			RETURNING id INTO found_id;
		IF found_id IS NOT NULL THEN
			RETURN found_id;
		END IF;
		-- Another transaction created it meanwhile and has committed: the next look finds it.
	END LOOP;
	RAISE EXCEPTION 'ledger account % % % % could not be created', p_kind, p_user_id, p_code, p_currency;
END
$$;
--> statement-breakpoint
-- A plain transfer (posted at once, with its two entries) or a hold (pending, no entries).
-- outcome: 'moved', 'replayed' (same actor, key and parameters: the first transfer, nothing moved),
-- 'conflict' (same actor and key, other parameters) or 'insufficient' (a player would be overdrawn).
CREATE FUNCTION "ledger_create_transfer"(
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
	first_transfer ledger_transfers;
	failed_constraint text;
BEGIN
	BEGIN
		IF concat_ws(':', p_from_kind, p_from_user_id, p_from_code) <= concat_ws(':', p_to_kind, p_to_user_id, p_to_code) THEN
			from_id := ledger_account_id(p_from_kind, p_from_user_id, p_from_code, p_currency, p_at);
			to_id := ledger_account_id(p_to_kind, p_to_user_id, p_to_code, p_currency, p_at);
		ELSE
			to_id := ledger_account_id(p_to_kind, p_to_user_id, p_to_code, p_currency, p_at);
			from_id := ledger_account_id(p_from_kind, p_from_user_id, p_from_code, p_currency, p_at);
		END IF;
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
--> statement-breakpoint
-- Posts (p_outcome 'posted': entries written) or voids ('voided') a pending hold.
-- outcome: 'settled', 'replayed' (already settled the same way), 'conflict' (settled the other
-- way) or 'notFound' (no such hold; a plain transfer is not a hold).
CREATE FUNCTION "ledger_settle_hold"(
	p_hold_id bigint, p_outcome text, p_actor text, p_reason text, p_at timestamptz,
	p_client_address text, p_request_id text,
	OUT outcome text, OUT transfer ledger_transfers)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
BEGIN
	IF p_outcome NOT IN ('posted', 'voided') THEN
		RAISE EXCEPTION 'a hold is settled as posted or voided, not %', p_outcome;
	END IF;
	SELECT * INTO transfer FROM ledger_transfers WHERE id = p_hold_id;
	IF transfer.id IS NULL OR NOT transfer.two_phase THEN
		outcome := 'notFound';
		transfer := NULL;
		RETURN;
	END IF;
	IF transfer.state = 'pending' THEN
		PERFORM 1 FROM ledger_accounts
			WHERE id = transfer.from_account_id OR (p_outcome = 'posted' AND id = transfer.to_account_id)
			ORDER BY id
			FOR NO KEY UPDATE;
		-- The claim: of two callers, only one finds the hold still pending.
		UPDATE ledger_transfers SET state = p_outcome, settled_at = p_at, settled_by = p_actor, settle_reason = p_reason
			WHERE id = p_hold_id AND state = 'pending'
			RETURNING * INTO transfer;
		IF FOUND THEN
			IF p_outcome = 'posted' THEN
				INSERT INTO ledger_entries (transfer_id, account_id, amount, balance_after, created_at)
					SELECT transfer.id, leg.account_id, leg.amount, NULL, p_at
					FROM (VALUES (transfer.from_account_id, -transfer.amount), (transfer.to_account_id, transfer.amount)) AS leg (account_id, amount)
					ORDER BY leg.account_id;
			END IF;
			INSERT INTO audit_log (at, actor, action, subject, reason, client_address, request_id)
				VALUES (p_at, p_actor, CASE WHEN p_outcome = 'posted' THEN 'ledger.post' ELSE 'ledger.void' END,
					'ledgerTransfer:' || transfer.id, p_reason, p_client_address, p_request_id);
			outcome := 'settled';
			RETURN;
		END IF;
		SELECT * INTO transfer FROM ledger_transfers WHERE id = p_hold_id;
	END IF;
	outcome := CASE WHEN transfer.state = p_outcome THEN 'replayed' ELSE 'conflict' END;
END
$$;
