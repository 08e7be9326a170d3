CREATE TABLE "account_transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"old_account" text NOT NULL,
	"step" text DEFAULT 'started' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"wrong_cards" integer DEFAULT 0 NOT NULL,
	"code_hash" text,
	"code_sent_at" timestamp with time zone,
	"code_expires_at" timestamp with time zone,
	"wrong_codes" integer DEFAULT 0 NOT NULL,
	"wrong_passwords" integer DEFAULT 0 NOT NULL,
	"balance" bigint,
	"amount" bigint,
	"ledger_transfer_id" bigint,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "legacy_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"account" text NOT NULL,
	"password_hash" text NOT NULL,
	"email" text NOT NULL,
	"card_numbers" text[] NOT NULL,
	"balance" bigint NOT NULL,
	"imported_at" timestamp with time zone NOT NULL,
	"imported_by" integer,
	CONSTRAINT "legacy_accounts_balance" CHECK ("legacy_accounts"."balance" >= 0)
);
--> statement-breakpoint
ALTER TABLE "account_transfers" ADD CONSTRAINT "account_transfers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_transfers" ADD CONSTRAINT "account_transfers_ledger_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("ledger_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_accounts" ADD CONSTRAINT "legacy_accounts_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_transfers_completed_once" ON "account_transfers" USING btree (lower("old_account")) WHERE "account_transfers"."step" = 'completed';--> statement-breakpoint
CREATE INDEX "account_transfers_created_idx" ON "account_transfers" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "account_transfers_user_idx" ON "account_transfers" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "legacy_accounts_account_key" ON "legacy_accounts" USING btree (lower("account"));