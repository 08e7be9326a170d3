-- Ledger rule: an entry is one leg of a posted transfer, the payer's debit or the payee's credit of
-- the transfer's amount, refused at once otherwise; it moves its account's balance and records the
-- balance it left. With one entry per account and transfer (the unique constraint) and two
-- different accounts, a transfer never has more than its two legs, and an unposted one has none.
-- A player's coin entry of a kind the agent team reports count is added to their team's day totals
-- here, where the transfer and the account are already read (docs/architecture.md §9).
CREATE OR REPLACE FUNCTION "ledger_entries_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	leg_of record;
	account record;
BEGIN
	SELECT state, from_account_id, to_account_id, amount, kind INTO leg_of FROM ledger_transfers WHERE id = NEW.transfer_id;
	IF leg_of.state IS DISTINCT FROM 'posted'
		OR NOT ((NEW.account_id = leg_of.from_account_id AND NEW.amount = -leg_of.amount)
			OR (NEW.account_id = leg_of.to_account_id AND NEW.amount = leg_of.amount)) THEN
		RAISE EXCEPTION 'transfer % is not one debit and one equal credit', NEW.transfer_id USING ERRCODE = 'integrity_constraint_violation';
	END IF;
	UPDATE ledger_accounts SET balance = balance + NEW.amount WHERE id = NEW.account_id
		RETURNING balance, kind, user_id, currency INTO account;
	NEW.balance_after := account.balance;
	-- Numbered only now, under the account's row lock, so an account's entries are in id order
	-- exactly as they were applied and each balance_after follows from the one before.
	NEW.id := nextval('ledger_entries_id_seq');
	-- The kinds server/modules/agent/movements.ts counts (countedKinds).
	IF account.kind = 'player' AND account.currency = 'COIN' AND leg_of.kind IN ('deposit', 'depositRefund',
			'withdrawal', 'withdrawalRefund', 'rebate', 'promotion', 'agentTransferIn', 'agentTransferOut') THEN
		PERFORM agent_team_days_add((SELECT agent_code FROM users WHERE id = account.user_id), account.user_id, NEW.created_at,
			leg_of.kind || CASE WHEN NEW.amount > 0 THEN '+' ELSE '-' END, 1, abs(NEW.amount));
	END IF;
	RETURN NEW;
END
$$;
