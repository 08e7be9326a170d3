-- The desk: an operator's choice of enabled games, the wallet requests' uuid and meta on their
-- transactions (the proof a provider sends), and rounds found by time.
ALTER TABLE "provider_games" ADD COLUMN "operator_enabled" boolean;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "request_uuid" text;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "meta" jsonb;--> statement-breakpoint
CREATE INDEX "game_records_played_idx" ON "game_records" USING btree ("played_at");--> statement-breakpoint
-- wallet_bet_or_win stores the request's uuid and meta now: its earlier signature goes.
DROP FUNCTION IF EXISTS "wallet_bet_or_win"(text, text, text, text, text, text, integer, text, text, boolean, text,
	bigint, boolean, text, integer, timestamptz, timestamptz, text, text, text, text, text, text, text, jsonb);
