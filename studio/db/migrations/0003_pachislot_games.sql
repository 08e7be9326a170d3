CREATE TABLE "studio"."pachislot_games" (
	"id" uuid PRIMARY KEY NOT NULL,
	"game_key" uuid NOT NULL,
	"session_id" integer NOT NULL,
	"player" text NOT NULL,
	"game_code" text NOT NULL,
	"machine" integer NOT NULL,
	"setting" integer NOT NULL,
	"seed_id" integer NOT NULL,
	"nonce" integer NOT NULL,
	"client_seed" text NOT NULL,
	"stake" integer NOT NULL,
	"state_before" jsonb NOT NULL,
	"lottery" jsonb NOT NULL,
	"stops" jsonb NOT NULL,
	"auto_stopped" boolean DEFAULT false NOT NULL,
	"win" integer DEFAULT 0 NOT NULL,
	"state_after" jsonb,
	"outcome" jsonb,
	"status" text NOT NULL,
	"refusal" text,
	"balance" integer,
	"bet_request_uuid" uuid NOT NULL,
	"bet_transaction_uuid" uuid NOT NULL,
	"win_request_uuid" uuid NOT NULL,
	"win_transaction_uuid" uuid NOT NULL,
	"rollback_request_uuid" uuid NOT NULL,
	"rollback_transaction_uuid" uuid NOT NULL,
	"lease_owner" uuid,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "pachislot_games_status" CHECK ("studio"."pachislot_games"."status" IN ('betting', 'playing', 'paying', 'settled', 'rollingBack', 'rolledBack', 'refused')),
	CONSTRAINT "pachislot_games_refusal" CHECK (("studio"."pachislot_games"."status" = 'refused') = ("studio"."pachislot_games"."refusal" IS NOT NULL)),
	CONSTRAINT "pachislot_games_amounts" CHECK ("studio"."pachislot_games"."stake" > 0 AND "studio"."pachislot_games"."win" >= 0),
	CONSTRAINT "pachislot_games_setting" CHECK ("studio"."pachislot_games"."setting" BETWEEN 1 AND 6)
);
--> statement-breakpoint
CREATE TABLE "studio"."pachislot_machines" (
	"game_code" text NOT NULL,
	"machine" integer NOT NULL,
	"state" jsonb NOT NULL,
	"games" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "pachislot_machines_game_code_machine_pk" PRIMARY KEY("game_code","machine")
);
--> statement-breakpoint
ALTER TABLE "studio"."pachislot_games" ADD CONSTRAINT "pachislot_games_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "studio"."sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio"."pachislot_games" ADD CONSTRAINT "pachislot_games_seed_id_seeds_id_fk" FOREIGN KEY ("seed_id") REFERENCES "studio"."seeds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pachislot_games_game_key" ON "studio"."pachislot_games" USING btree ("player","game_key");--> statement-breakpoint
CREATE UNIQUE INDEX "pachislot_games_seed_nonce" ON "studio"."pachislot_games" USING btree ("seed_id","nonce");--> statement-breakpoint
CREATE UNIQUE INDEX "pachislot_games_one_open" ON "studio"."pachislot_games" USING btree ("game_code","machine") WHERE "studio"."pachislot_games"."status" IN ('betting', 'playing', 'paying', 'rollingBack');--> statement-breakpoint
CREATE INDEX "pachislot_games_unfinished" ON "studio"."pachislot_games" USING btree ("updated_at") WHERE "studio"."pachislot_games"."status" IN ('betting', 'playing', 'paying', 'rollingBack');