-- Settles a pending hold once: posts it (p_outcome 'posted': its entries written) or voids it
-- ('voided'); of two callers only one finds it still pending.
-- outcome: 'settled', 'replayed' (already settled the same way), 'conflict' (settled the other
-- way) or 'notFound' (no such hold; a plain transfer is not a hold).
CREATE OR REPLACE FUNCTION "ledger_settle_hold"(
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
