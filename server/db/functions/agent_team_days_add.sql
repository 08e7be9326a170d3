-- Agent team totals: adds one movement (or takes one back, with negative count and amount) to the
-- day totals of the member's team, on the Japanese calendar day of `p_at` as record searches count
-- it, in the member's shard. Called by the triggers that keep agent_team_days in the same
-- transaction as the rows it counts; nothing to add, or no team, adds nothing.
CREATE OR REPLACE FUNCTION "agent_team_days_add"(
	p_agent_code text, p_user_id integer, p_at timestamptz, p_item text, p_count bigint, p_amount bigint
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	IF p_agent_code IS NULL OR (p_count = 0 AND p_amount = 0) THEN
		RETURN;
	END IF;
	INSERT INTO agent_team_days AS d (agent_code, day, item, shard, count, amount)
	VALUES (p_agent_code, ((p_at AT TIME ZONE 'UTC') + interval '9 hours')::date, p_item, p_user_id % 16, p_count, p_amount)
	ON CONFLICT (agent_code, day, item, shard) DO UPDATE SET count = d.count + excluded.count, amount = d.amount + excluded.amount;
END
$$;
