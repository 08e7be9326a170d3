-- A launch removes the player's launch tokens not yet redeemed: it finds them by this index.
CREATE INDEX "game_launch_tokens_unredeemed_idx" ON "game_launch_tokens" USING btree ("user_id") WHERE "game_launch_tokens"."redeemed_at" IS NULL;
