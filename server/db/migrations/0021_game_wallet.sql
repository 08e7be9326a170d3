CREATE TABLE "game_launch_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"machine_id" integer NOT NULL,
	"game_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"redeemed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "game_machines" (
	"id" serial PRIMARY KEY NOT NULL,
	"game_id" integer NOT NULL,
	"number" integer NOT NULL,
	"enabled" boolean NOT NULL,
	CONSTRAINT "game_machines_number_unique" UNIQUE("game_id","number"),
	CONSTRAINT "game_machines_number_positive" CHECK ("game_machines"."number" >= 1)
);
--> statement-breakpoint
CREATE TABLE "game_providers" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"base_url" text NOT NULL,
	"public_key_pem" text NOT NULL,
	"currency" text NOT NULL,
	"amount_unit" integer NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "game_providers_id_format" CHECK ("game_providers"."id" ~ '^[a-z][a-z0-9]{1,30}$'),
	CONSTRAINT "game_providers_amount_unit" CHECK ("game_providers"."amount_unit" >= 1)
);
--> statement-breakpoint
CREATE TABLE "game_seats" (
	"id" serial PRIMARY KEY NOT NULL,
	"machine_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"last_active_at" timestamp with time zone NOT NULL,
	CONSTRAINT "game_seats_machine_unique" UNIQUE("machine_id"),
	CONSTRAINT "game_seats_user_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "game_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"launch_token_hash" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"game_id" integer NOT NULL,
	"machine_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "game_sessions_token_unique" UNIQUE("token_hash"),
	CONSTRAINT "game_sessions_launch_unique" UNIQUE("launch_token_hash")
);
--> statement-breakpoint
CREATE TABLE "provider_games" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider_id" text NOT NULL,
	"game_code" text NOT NULL,
	"kind" text NOT NULL,
	"name" jsonb NOT NULL,
	"rtp_basis_points" integer,
	"enabled" boolean NOT NULL,
	CONSTRAINT "provider_games_code_unique" UNIQUE("provider_id","game_code")
);
--> statement-breakpoint
CREATE TABLE "wallet_requests" (
	"provider_id" text NOT NULL,
	"request_uuid" text NOT NULL,
	"action" text NOT NULL,
	"answer" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wallet_requests_pk" PRIMARY KEY("provider_id","request_uuid")
);
--> statement-breakpoint
CREATE TABLE "wallet_transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider_id" text NOT NULL,
	"transaction_uuid" text NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer NOT NULL,
	"game_id" integer,
	"machine_id" integer,
	"round" text,
	"amount" bigint NOT NULL,
	"reference_transaction_uuid" text,
	"ledger_transfer_id" bigint,
	"rolled_back_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wallet_transactions_uuid_unique" UNIQUE("provider_id","transaction_uuid"),
	CONSTRAINT "wallet_transactions_amount" CHECK ("wallet_transactions"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "game_records" ADD COLUMN "provider_id" text;--> statement-breakpoint
ALTER TABLE "game_records" ADD COLUMN "round" text;--> statement-breakpoint
ALTER TABLE "game_records" ADD COLUMN "game_id" integer;--> statement-breakpoint
ALTER TABLE "game_records" ADD COLUMN "game_machine_id" integer;--> statement-breakpoint
ALTER TABLE "game_records" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "game_launch_tokens" ADD CONSTRAINT "game_launch_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_launch_tokens" ADD CONSTRAINT "game_launch_tokens_machine_id_game_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."game_machines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_launch_tokens" ADD CONSTRAINT "game_launch_tokens_game_id_provider_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."provider_games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_machines" ADD CONSTRAINT "game_machines_game_id_provider_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."provider_games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_seats" ADD CONSTRAINT "game_seats_machine_id_game_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."game_machines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_seats" ADD CONSTRAINT "game_seats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_sessions" ADD CONSTRAINT "game_sessions_provider_id_game_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."game_providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_sessions" ADD CONSTRAINT "game_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_sessions" ADD CONSTRAINT "game_sessions_game_id_provider_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."provider_games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_sessions" ADD CONSTRAINT "game_sessions_machine_id_game_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."game_machines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_games" ADD CONSTRAINT "provider_games_provider_id_game_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."game_providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_requests" ADD CONSTRAINT "wallet_requests_provider_id_game_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."game_providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_provider_id_game_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."game_providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_game_id_provider_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."provider_games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_machine_id_game_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."game_machines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_seats_idle_idx" ON "game_seats" USING btree ("last_active_at");--> statement-breakpoint
CREATE INDEX "game_sessions_machine_idx" ON "game_sessions" USING btree ("user_id","machine_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_transactions_one_rollback" ON "wallet_transactions" USING btree ("provider_id","reference_transaction_uuid") WHERE "wallet_transactions"."kind" = 'rollback';--> statement-breakpoint
ALTER TABLE "game_records" ADD CONSTRAINT "game_records_provider_id_game_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."game_providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_records" ADD CONSTRAINT "game_records_game_id_provider_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."provider_games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_records" ADD CONSTRAINT "game_records_game_machine_id_game_machines_id_fk" FOREIGN KEY ("game_machine_id") REFERENCES "public"."game_machines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_records" ADD CONSTRAINT "game_records_round_unique" UNIQUE("provider_id","round");