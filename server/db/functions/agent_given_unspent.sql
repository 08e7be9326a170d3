-- What is left of an agent's gifts to a member (docs/requirements.md §12.11): agent_given_coins as
-- of its counted entry, less every debit of the member's account after it, never below zero. The
-- member's spending uses the agent's coins first, and after the counted entry nothing but debits
-- can have happened to them (the agent's own moves write the row), so their sum is all there is to
-- take away. 0 without a row: the agent never gave this member anything. The caller caps it by what
-- the member can spend, and locks the member's account first when it acts on the answer.
CREATE OR REPLACE FUNCTION "agent_given_unspent"(p_agent_id integer, p_member_user_id integer, p_member_account_id integer)
RETURNS bigint LANGUAGE sql STABLE AS $$
	SELECT coalesce((
		SELECT greatest(0, g.unspent + coalesce((
			SELECT sum(e.amount) FROM ledger_entries e
				WHERE e.account_id = p_member_account_id AND e.id > g.counted_through_entry_id AND e.amount < 0), 0))
		FROM agent_given_coins g
		WHERE g.agent_id = p_agent_id AND g.member_user_id = p_member_user_id), 0)::bigint
$$;
