-- Ledger rule: an entry is one leg of a posted transfer, the payer's debit or the payee's credit of
-- the transfer's amount, refused at once otherwise; it moves its account's balance and records the
-- balance it left. With one entry per account and transfer (the unique constraint) and two
-- different accounts, a transfer never has more than its two legs, and an unposted one has none.
CREATE OR REPLACE FUNCTION "ledger_entries_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	leg_of record;
BEGIN
	SELECT state, from_account_id, to_account_id, amount INTO leg_of FROM ledger_transfers WHERE id = NEW.transfer_id;
	IF leg_of.state IS DISTINCT FROM 'posted'
		OR NOT ((NEW.account_id = leg_of.from_account_id AND NEW.amount = -leg_of.amount)
			OR (NEW.account_id = leg_of.to_account_id AND NEW.amount = leg_of.amount)) THEN
		RAISE EXCEPTION 'transfer % is not one debit and one equal credit', NEW.transfer_id USING ERRCODE = 'integrity_constraint_violation';
	END IF;
	UPDATE ledger_accounts SET balance = balance + NEW.amount WHERE id = NEW.account_id
		RETURNING balance INTO NEW.balance_after;
	-- Numbered only now, under the account's row lock, so an account's entries are in id order
	-- exactly as they were applied and each balance_after follows from the one before.
	NEW.id := nextval('ledger_entries_id_seq');
	RETURN NEW;
END
$$;
