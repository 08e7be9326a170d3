-- The ledger's transfer, lighter on its common path, with every rule the database keeps unchanged.
-- Four changes, each measured on the agent move's path:
--
-- 1. ledger_create_transfer without a subtransaction when both accounts exist and the payer can
-- afford the amount. The call locks the two accounts, by id as every ledger write does, and
-- checks the payer under that lock, so nothing changes its balance before the entries: the
-- writes that follow cannot be refused, and no EXCEPTION block (a subtransaction on every call)
-- is needed to keep a caller's transaction usable. A key already taken is answered from the
-- row ON CONFLICT found, as before. Every other call (a hold, an account to create, or a payer
-- short of money, to be refused or answered as the retry it may be) takes the guarded path, the
-- earlier body, which now also locks the accounts it changes before it claims the key. The check
-- only chooses the path: the CHECKs and triggers still hold every write.
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
--> statement-breakpoint
-- 2. Double entry with one check at commit per transfer instead of one per transfer and per entry.
-- An entry is refused at once unless it is one leg of a posted transfer: the payer's debit or the
-- payee's credit of the transfer's amount. With one entry per account and transfer (the unique
-- constraint) and two different accounts, a transfer can never have more than its two legs, and
-- an unposted one has none, so what is left for commit is that a posted transfer has both.
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
--> statement-breakpoint
DROP TRIGGER "ledger_entries_double_entry" ON "ledger_entries";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "ledger_check_double_entry"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF (SELECT count(*) FROM ledger_entries WHERE transfer_id = NEW.id) <> 2 THEN
		RAISE EXCEPTION 'transfer % is not one debit and one equal credit', NEW.id USING ERRCODE = 'integrity_constraint_violation';
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER "ledger_transfers_double_entry" ON "ledger_transfers";
--> statement-breakpoint
-- Checked at commit, when all of a transfer's entries are written; a hold is posted by an update.
CREATE CONSTRAINT TRIGGER "ledger_transfers_double_entry" AFTER INSERT OR UPDATE ON "ledger_transfers"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.state = 'posted') EXECUTE FUNCTION "ledger_check_double_entry"();
--> statement-breakpoint
-- 3. The accounts' guard runs only when an update would break a rule, so the balance updates of
-- the ledger's own triggers (at trigger depth 1 here, 2 inside the guard) no longer call it.
DROP TRIGGER "ledger_accounts_guard" ON "ledger_accounts";
--> statement-breakpoint
CREATE TRIGGER "ledger_accounts_guard" BEFORE UPDATE ON "ledger_accounts"
	FOR EACH ROW WHEN (
		(NEW.id, NEW.kind, NEW.user_id, NEW.code, NEW.currency, NEW.created_at)
			IS DISTINCT FROM (OLD.id, OLD.kind, OLD.user_id, OLD.code, OLD.currency, OLD.created_at)
		OR ((NEW.balance <> OLD.balance OR NEW.held <> OLD.held) AND pg_trigger_depth() < 1))
	EXECUTE FUNCTION "ledger_accounts_guard"();
--> statement-breakpoint
CREATE TRIGGER "ledger_accounts_guard_insert_delete" BEFORE INSERT OR DELETE ON "ledger_accounts"
	FOR EACH ROW EXECUTE FUNCTION "ledger_accounts_guard"();
--> statement-breakpoint
-- 4. The references of transfers and entries are kept by the ledger's triggers instead of foreign
-- keys, whose checks (a row lock on an account or a transfer for every reference) were about a
-- sixth of a transfer's cost. A transfer's two accounts must exist in its currency
-- (ledger_transfers_apply_hold, on every insert), an entry must be a leg of an existing posted
-- transfer and so names one of its accounts (ledger_entries_apply above), accounts and transfers
-- are never deleted nor truncated (their guards), and a transfer never changes its accounts.
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_transfer_id_ledger_transfers_id_fk";
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_account_id_ledger_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "ledger_transfers" DROP CONSTRAINT "ledger_transfers_from_account_id_ledger_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "ledger_transfers" DROP CONSTRAINT "ledger_transfers_to_account_id_ledger_accounts_id_fk";
