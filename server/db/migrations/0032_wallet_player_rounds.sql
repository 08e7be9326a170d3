-- A round is the player's own: a provider's round id may be shared by several players (a live
-- table's round), and one player's bets never land in another player's round.
ALTER TABLE "game_records" DROP CONSTRAINT "game_records_round_unique";--> statement-breakpoint
ALTER TABLE "game_records" ADD CONSTRAINT "game_records_player_round_unique" UNIQUE("provider_id","user_id","round");
