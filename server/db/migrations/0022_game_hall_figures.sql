DROP TABLE "games" CASCADE;--> statement-breakpoint
ALTER TABLE "provider_games" ADD COLUMN "image_url" text;--> statement-breakpoint
ALTER TABLE "provider_games" ADD COLUMN "added_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "game_records_machine_paid_idx" ON "game_records" USING btree ("game_machine_id","played_at","id") WHERE "game_records"."bet_amount" > 0;--> statement-breakpoint
CREATE INDEX "game_records_machine_big_win_idx" ON "game_records" USING btree ("game_machine_id","played_at","id") WHERE "game_records"."bet_amount" > 0 AND "game_records"."win_amount" >= 20 * "game_records"."bet_amount";--> statement-breakpoint
CREATE INDEX "game_records_machine_jackpot_idx" ON "game_records" USING btree ("game_machine_id","played_at","id") WHERE "game_records"."bet_amount" > 0 AND "game_records"."win_amount" >= 100 * "game_records"."bet_amount";