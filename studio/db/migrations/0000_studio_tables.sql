CREATE SCHEMA IF NOT EXISTS "studio";
--> statement-breakpoint
CREATE TABLE "studio"."rounds" (
	"id" uuid PRIMARY KEY NOT NULL,
	"round_key" uuid NOT NULL,
	"session_id" integer NOT NULL,
	"player" text NOT NULL,
	"game_code" text NOT NULL,
	"machine" integer NOT NULL,
	"seed_id" integer NOT NULL,
	"nonce" integer NOT NULL,
	"stake" integer NOT NULL,
	"win" integer NOT NULL,
	"drawn" jsonb NOT NULL,
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
	CONSTRAINT "rounds_status" CHECK ("studio"."rounds"."status" IN ('betting', 'betPlaced', 'settled', 'rollingBack', 'rolledBack', 'refused')),
	CONSTRAINT "rounds_refusal" CHECK (("studio"."rounds"."status" = 'refused') = ("studio"."rounds"."refusal" IS NOT NULL)),
	CONSTRAINT "rounds_amounts" CHECK ("studio"."rounds"."stake" > 0 AND "studio"."rounds"."win" >= 0)
);
--> statement-breakpoint
CREATE TABLE "studio"."seeds" (
	"id" serial PRIMARY KEY NOT NULL,
	"player" text NOT NULL,
	"game_code" text NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"next_nonce" integer DEFAULT 0 NOT NULL,
	"active" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"revealed_at" timestamp with time zone,
	CONSTRAINT "seeds_revealed_when_retired" CHECK ("studio"."seeds"."active" = ("studio"."seeds"."revealed_at" IS NULL)),
	CONSTRAINT "seeds_next_nonce" CHECK ("studio"."seeds"."next_nonce" >= 0)
);
--> statement-breakpoint
CREATE TABLE "studio"."sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"wallet_token" text NOT NULL,
	"player" text NOT NULL,
	"game_code" text NOT NULL,
	"machine" integer NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "studio"."rounds" ADD CONSTRAINT "rounds_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "studio"."sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio"."rounds" ADD CONSTRAINT "rounds_seed_id_seeds_id_fk" FOREIGN KEY ("seed_id") REFERENCES "studio"."seeds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rounds_round_key" ON "studio"."rounds" USING btree ("player","round_key");--> statement-breakpoint
CREATE UNIQUE INDEX "rounds_seed_nonce" ON "studio"."rounds" USING btree ("seed_id","nonce");--> statement-breakpoint
CREATE INDEX "rounds_unfinished" ON "studio"."rounds" USING btree ("updated_at") WHERE "studio"."rounds"."status" IN ('betting', 'betPlaced', 'rollingBack');--> statement-breakpoint
CREATE UNIQUE INDEX "seeds_one_active" ON "studio"."seeds" USING btree ("player","game_code") WHERE "studio"."seeds"."active";