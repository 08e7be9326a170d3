CREATE TABLE "agent_given_coins" (
	"agent_id" integer NOT NULL,
	"member_user_id" integer NOT NULL,
	"unspent" bigint NOT NULL,
	"counted_through_entry_id" bigint NOT NULL,
	CONSTRAINT "agent_given_coins_agent_id_member_user_id_pk" PRIMARY KEY("agent_id","member_user_id"),
	CONSTRAINT "agent_given_coins_unspent_not_negative" CHECK ("agent_given_coins"."unspent" >= 0)
);
--> statement-breakpoint
-- agent_member_move answers the most an agent may take back (OUT takeable): its new signature is
-- created from server/db/functions/agent_member_move.sql after the migrations.
DROP FUNCTION IF EXISTS "agent_member_move"(integer, integer, boolean, bigint, text, text, text, text, text, text, jsonb, timestamptz, text, text);
--> statement-breakpoint
-- What is left of each agent's earlier gifts to each member, counted over the member's coin entries
-- in the order they were applied as agent_member_move and agent_given_unspent count it: the agent's
-- gifts add, every debit of the member's (bets, withdrawals, take-backs) takes away, never below zero.
-- With S the running sum of those steps, what is left after the last is S less its lowest value (or 0).
INSERT INTO "agent_given_coins" ("agent_id", "member_user_id", "unspent", "counted_through_entry_id")
SELECT agent_id, member_user_id, (array_agg(running ORDER BY entry_id DESC))[1] - least(0, min(running)), max(entry_id)
FROM (
	SELECT p.agent_id, p.member_user_id, e.id AS entry_id,
		sum(CASE WHEN e.amount < 0 OR (t.kind = 'agentTransferIn' AND t.actor = 'user:' || p.agent_id) THEN e.amount ELSE 0 END)
			OVER (PARTITION BY p.agent_id, p.member_user_id ORDER BY e.id) AS running
	FROM (
		SELECT DISTINCT substring(t.actor FROM 6)::integer AS agent_id, a.user_id AS member_user_id, a.id AS account_id
		FROM ledger_transfers t
			JOIN ledger_accounts a ON a.id = CASE WHEN t.kind = 'agentTransferIn' THEN t.to_account_id ELSE t.from_account_id END
		WHERE t.kind IN ('agentTransferIn', 'agentTransferOut') AND t.state = 'posted' AND t.actor LIKE 'user:%'
	) p
		JOIN ledger_entries e ON e.account_id = p.account_id
		JOIN ledger_transfers t ON t.id = e.transfer_id
) steps
GROUP BY agent_id, member_user_id;
