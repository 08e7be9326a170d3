-- The wallet keeps the hash of each request's body beside its answer, so a request_uuid sent again
-- with another body is refused instead of answered with what was stored for the first.
ALTER TABLE "wallet_requests" ADD COLUMN "body_hash" text;--> statement-breakpoint
-- wallet_bet_or_win takes the body's hash now: its earlier signature goes.
DROP FUNCTION IF EXISTS "wallet_bet_or_win"(text, text, text, text, text, text, integer, text, text, boolean, text,
	bigint, boolean, text, integer, timestamptz, timestamptz, text, text, text, text, text, text, text, jsonb, jsonb);
