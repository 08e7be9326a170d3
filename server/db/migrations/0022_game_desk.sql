ALTER TABLE "provider_games" ADD COLUMN "operator_enabled" boolean;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "request_uuid" text;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "meta" jsonb;--> statement-breakpoint
CREATE INDEX "game_records_played_idx" ON "game_records" USING btree ("played_at");