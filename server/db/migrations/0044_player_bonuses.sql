-- Bonuses: the offers promotions make, each player's bonus with its wagering beside the bonus
-- account in the ledger, and on each wallet transaction the part the bonus paid or was paid. A
-- promotion's category now follows from its dates and its offer, so its hand-set column goes.
CREATE TABLE "bonus_offers" (
	"promotion_id" integer PRIMARY KEY NOT NULL,
	"terms" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player_bonuses" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"promotion_id" integer NOT NULL,
	"terms" jsonb NOT NULL,
	"status" text NOT NULL,
	"granted" bigint DEFAULT 0 NOT NULL,
	"wagering_required" bigint DEFAULT 0 NOT NULL,
	"wagered" bigint DEFAULT 0 NOT NULL,
	"released" bigint DEFAULT 0 NOT NULL,
	"forfeited" bigint DEFAULT 0 NOT NULL,
	"deposit_order_sn" text,
	"claimed_at" timestamp with time zone NOT NULL,
	"granted_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	CONSTRAINT "player_bonuses_amounts" CHECK ("player_bonuses"."granted" >= 0 and "player_bonuses"."wagered" >= 0 and "player_bonuses"."released" >= 0 and "player_bonuses"."forfeited" >= 0)
);
--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "bonus_id" integer;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "bonus_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bonus_offers" ADD CONSTRAINT "bonus_offers_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_bonuses" ADD CONSTRAINT "player_bonuses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_bonuses" ADD CONSTRAINT "player_bonuses_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "player_bonuses_one_open" ON "player_bonuses" USING btree ("user_id") WHERE "player_bonuses"."status" in ('awaitingDeposit', 'active');--> statement-breakpoint
CREATE INDEX "player_bonuses_by_player" ON "player_bonuses" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "player_bonuses_to_expire" ON "player_bonuses" USING btree ("expires_at") WHERE "player_bonuses"."status" = 'active';--> statement-breakpoint
ALTER TABLE "promotions" DROP COLUMN "category";