-- Server seeds are committed before any client seed they are used with (docs/games.md §1): a seed
-- is `next` (its hash shown, no client seed yet), `active` or `retired`. A new client seed keeps the
-- active server seed, so each round keeps the client seed it was drawn with; rounds drawn before
-- take their seed's, and recompute as they did.
ALTER TABLE "studio"."rounds" ADD COLUMN "client_seed" text;--> statement-breakpoint
UPDATE "studio"."rounds" SET "client_seed" = "seeds"."client_seed" FROM "studio"."seeds" WHERE "seeds"."id" = "rounds"."seed_id";--> statement-breakpoint
ALTER TABLE "studio"."rounds" ALTER COLUMN "client_seed" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "studio"."seeds" ADD COLUMN "status" text;--> statement-breakpoint
UPDATE "studio"."seeds" SET "status" = CASE WHEN "active" THEN 'active' ELSE 'retired' END;--> statement-breakpoint
ALTER TABLE "studio"."seeds" ALTER COLUMN "status" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "studio"."seeds" DROP CONSTRAINT "seeds_revealed_when_retired";--> statement-breakpoint
DROP INDEX "studio"."seeds_one_active";--> statement-breakpoint
ALTER TABLE "studio"."seeds" DROP COLUMN "active";--> statement-breakpoint
ALTER TABLE "studio"."seeds" ALTER COLUMN "client_seed" DROP NOT NULL;--> statement-breakpoint
-- An active seed's client seed was made by the server with it: the page sets one of its own before
-- the next round.
UPDATE "studio"."seeds" SET "client_seed" = NULL WHERE "status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "seeds_one_next" ON "studio"."seeds" USING btree ("player","game_code") WHERE "studio"."seeds"."status" = 'next';--> statement-breakpoint
CREATE UNIQUE INDEX "seeds_one_active" ON "studio"."seeds" USING btree ("player","game_code") WHERE "studio"."seeds"."status" = 'active';--> statement-breakpoint
ALTER TABLE "studio"."seeds" ADD CONSTRAINT "seeds_status" CHECK ("studio"."seeds"."status" IN ('next', 'active', 'retired'));--> statement-breakpoint
ALTER TABLE "studio"."seeds" ADD CONSTRAINT "seeds_next_unused" CHECK ("studio"."seeds"."status" <> 'next' OR ("studio"."seeds"."client_seed" IS NULL AND "studio"."seeds"."next_nonce" = 0));--> statement-breakpoint
ALTER TABLE "studio"."seeds" ADD CONSTRAINT "seeds_revealed_when_retired" CHECK (("studio"."seeds"."status" = 'retired') = ("studio"."seeds"."revealed_at" IS NOT NULL));
