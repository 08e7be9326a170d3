-- The first days of the Japan-time day, week (from Monday) and month an instant falls in: the
-- periods limits count in.
CREATE OR REPLACE FUNCTION "protection_period_starts"(
	p_at timestamptz, OUT day date, OUT week date, OUT month date)
LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
	day := (p_at AT TIME ZONE 'Asia/Tokyo')::date;
	week := day - (extract(isodow FROM day)::integer - 1);
	month := date_trunc('month', day)::date;
END
$$;
