-- The hall floor: pachislot as a third kind, each game's stated volatility, each machine's 設定
-- (1 until an operator sets it), and what providers report with each round (pachislot games and
-- bonuses, pachinko jackpots and rushes), which the hall's data counter reads.
ALTER TABLE "game_machines" ADD COLUMN "setting" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_games" ADD COLUMN "volatility" text;--> statement-breakpoint
ALTER TABLE "game_records" ADD COLUMN "games" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "game_records" ADD COLUMN "big_bonuses" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "game_records" ADD COLUMN "reg_bonuses" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "game_records" ADD COLUMN "jackpots" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "game_records" ADD COLUMN "rushes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "game_records_machine_bonus_idx" ON "game_records" USING btree ("game_machine_id","played_at","id") WHERE "game_records"."bet_amount" > 0 AND ("game_records"."big_bonuses" > 0 OR "game_records"."reg_bonuses" > 0);--> statement-breakpoint
ALTER TABLE "game_machines" ADD CONSTRAINT "game_machines_setting" CHECK ("game_machines"."setting" BETWEEN 1 AND 6);--> statement-breakpoint
ALTER TABLE "provider_games" ADD CONSTRAINT "provider_games_kind" CHECK ("provider_games"."kind" IN ('slot', 'pachinko', 'pachislot'));--> statement-breakpoint
ALTER TABLE "provider_games" ADD CONSTRAINT "provider_games_volatility" CHECK ("provider_games"."volatility" IS NULL OR "provider_games"."volatility" IN ('low', 'medium', 'high', 'veryHigh'));--> statement-breakpoint
ALTER TABLE "game_records" ADD CONSTRAINT "game_records_events" CHECK ("game_records"."games" >= 0 AND "game_records"."big_bonuses" >= 0 AND "game_records"."reg_bonuses" >= 0 AND "game_records"."jackpots" >= 0 AND "game_records"."rushes" >= 0);--> statement-breakpoint
-- wallet_bet_or_win takes the round's events now: its earlier signature goes.
DROP FUNCTION IF EXISTS "wallet_bet_or_win"(text, text, text, text, text, text, integer, text, text, boolean, text,
	bigint, boolean, text, integer, timestamptz, timestamptz, text, text, text, text, text, text, text, jsonb, jsonb, text);
