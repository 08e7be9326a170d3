-- What a player has used of a deposit limit (yen) in the period that holds an instant: yen deposits
-- paid or confirmed in the period, with the orders still open when a new order is weighed (so two
-- orders opened side by side cannot pass the limit together), and crypto deposits credited in the
-- period at the game coins they brought. A deposit refused by protection counts for nothing.
CREATE OR REPLACE FUNCTION "protection_deposit_used"(
	p_user_id integer, p_period text, p_now timestamptz, p_coins_per_yen integer, p_open_orders boolean,
	p_except_order_sn text)
RETURNS bigint LANGUAGE plpgsql STABLE AS $$
DECLARE
	starts record;
	from_at timestamptz;
	yen bigint;
	crypto_coins bigint;
BEGIN
	SELECT * INTO starts FROM protection_period_starts(p_now);
	from_at := (CASE p_period WHEN 'day' THEN starts.day WHEN 'week' THEN starts.week ELSE starts.month END)::timestamp
		AT TIME ZONE 'Asia/Tokyo';
	SELECT coalesce(sum(o.yen_amount), 0) INTO yen FROM deposit_orders o
		WHERE o.user_id = p_user_id AND o.created_at >= from_at AND o.protection_flag IS NULL
			AND o.order_sn IS DISTINCT FROM p_except_order_sn
			AND (o.status IN ('paymentSuccessful', 'successful')
				OR (p_open_orders AND (o.status = 'inProgress' OR (o.status = 'pendingPayment' AND o.expires_at > p_now))));
	SELECT coalesce(sum(d.coins), 0) INTO crypto_coins FROM crypto_deposits d
		WHERE d.user_id = p_user_id AND d.status = 'credited' AND d.credited_at >= from_at;
	RETURN yen + crypto_coins / p_coins_per_yen;
END
$$;
