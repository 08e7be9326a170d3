CREATE TABLE "ledger_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer,
	"code" text,
	"currency" text NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"held" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ledger_accounts_player_unique" UNIQUE("user_id","currency"),
	CONSTRAINT "ledger_accounts_house_unique" UNIQUE("code","currency"),
	CONSTRAINT "ledger_accounts_owner" CHECK (("ledger_accounts"."kind" = 'player' AND "ledger_accounts"."user_id" IS NOT NULL AND "ledger_accounts"."code" IS NULL) OR ("ledger_accounts"."kind" = 'house' AND "ledger_accounts"."code" IS NOT NULL AND "ledger_accounts"."user_id" IS NULL)),
	CONSTRAINT "ledger_accounts_currency_format" CHECK ("ledger_accounts"."currency" ~ '^[A-Z][A-Z0-9]{1,11}(-[A-Z0-9]{2,16})?$'),
	CONSTRAINT "ledger_accounts_code_format" CHECK ("ledger_accounts"."code" ~ '^[a-z][A-Za-z0-9]{0,63}$'),
	CONSTRAINT "ledger_accounts_held_not_negative" CHECK ("ledger_accounts"."held" >= 0),
	CONSTRAINT "ledger_accounts_player_balance_not_negative" CHECK ("ledger_accounts"."kind" <> 'player' OR "ledger_accounts"."balance" >= 0),
	CONSTRAINT "ledger_accounts_player_available_not_negative" CHECK ("ledger_accounts"."kind" <> 'player' OR "ledger_accounts"."balance" - "ledger_accounts"."held" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transfer_id" bigint NOT NULL,
	"account_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ledger_entries_transfer_account_unique" UNIQUE("transfer_id","account_id"),
	CONSTRAINT "ledger_entries_amount_not_zero" CHECK ("ledger_entries"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transfers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"from_account_id" integer NOT NULL,
	"to_account_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"kind" text NOT NULL,
	"two_phase" boolean NOT NULL,
	"state" text NOT NULL,
	"actor" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"params_hash" text NOT NULL,
	"reason" text NOT NULL,
	"metadata" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	"settled_by" text,
	"settle_reason" text,
	CONSTRAINT "ledger_transfers_idempotency_unique" UNIQUE("actor","idempotency_key"),
	CONSTRAINT "ledger_transfers_amount_positive" CHECK ("ledger_transfers"."amount" > 0),
	CONSTRAINT "ledger_transfers_distinct_accounts" CHECK ("ledger_transfers"."from_account_id" <> "ledger_transfers"."to_account_id"),
	CONSTRAINT "ledger_transfers_kind_format" CHECK ("ledger_transfers"."kind" ~ '^[a-z][A-Za-z0-9.]{0,63}$'),
	CONSTRAINT "ledger_transfers_key_length" CHECK (length("ledger_transfers"."idempotency_key") BETWEEN 1 AND 200),
	CONSTRAINT "ledger_transfers_only_holds_wait" CHECK ("ledger_transfers"."two_phase" OR "ledger_transfers"."state" = 'posted'),
	CONSTRAINT "ledger_transfers_settled_when_done" CHECK (("ledger_transfers"."state" = 'pending') = ("ledger_transfers"."settled_at" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_from_account_id_ledger_accounts_id_fk" FOREIGN KEY ("from_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_to_account_id_ledger_accounts_id_fk" FOREIGN KEY ("to_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "ledger_transfers_pending_idx" ON "ledger_transfers" USING btree ("from_account_id") WHERE "ledger_transfers"."state" = 'pending';--> statement-breakpoint
-- A placeholder, so that triggers can name it: the body is server/db/functions/ledger_accounts_guard.sql,
-- applied after the migrations.
CREATE FUNCTION "ledger_accounts_guard"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'placeholder'; END $$;
--> statement-breakpoint
CREATE TRIGGER "ledger_accounts_guard" BEFORE INSERT OR UPDATE OR DELETE ON "ledger_accounts"
	FOR EACH ROW EXECUTE FUNCTION "ledger_accounts_guard"();
--> statement-breakpoint
-- A placeholder, so that triggers can name it: the body is server/db/functions/ledger_refuse_truncate.sql,
-- applied after the migrations.
CREATE FUNCTION "ledger_refuse_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'placeholder'; END $$;
--> statement-breakpoint
CREATE TRIGGER "ledger_accounts_no_truncate" BEFORE TRUNCATE ON "ledger_accounts"
	FOR EACH STATEMENT EXECUTE FUNCTION "ledger_refuse_truncate"();
--> statement-breakpoint
CREATE TRIGGER "ledger_transfers_no_truncate" BEFORE TRUNCATE ON "ledger_transfers"
	FOR EACH STATEMENT EXECUTE FUNCTION "ledger_refuse_truncate"();
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_truncate" BEFORE TRUNCATE ON "ledger_entries"
	FOR EACH STATEMENT EXECUTE FUNCTION "ledger_refuse_truncate"();
--> statement-breakpoint
-- A placeholder, so that triggers can name it: the body is server/db/functions/ledger_transfers_guard.sql,
-- applied after the migrations.
CREATE FUNCTION "ledger_transfers_guard"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'placeholder'; END $$;
--> statement-breakpoint
CREATE TRIGGER "ledger_transfers_guard" BEFORE UPDATE OR DELETE ON "ledger_transfers"
	FOR EACH ROW EXECUTE FUNCTION "ledger_transfers_guard"();
--> statement-breakpoint
-- A placeholder, so that triggers can name it: the body is server/db/functions/ledger_transfers_apply_hold.sql,
-- applied after the migrations.
CREATE FUNCTION "ledger_transfers_apply_hold"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'placeholder'; END $$;
--> statement-breakpoint
CREATE TRIGGER "ledger_transfers_apply_hold" AFTER INSERT OR UPDATE ON "ledger_transfers"
	FOR EACH ROW EXECUTE FUNCTION "ledger_transfers_apply_hold"();
--> statement-breakpoint
-- A placeholder, so that triggers can name it: the body is server/db/functions/ledger_entries_apply.sql,
-- applied after the migrations.
CREATE FUNCTION "ledger_entries_apply"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'placeholder'; END $$;
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_apply" BEFORE INSERT ON "ledger_entries"
	FOR EACH ROW EXECUTE FUNCTION "ledger_entries_apply"();
--> statement-breakpoint
-- A placeholder, so that triggers can name it: the body is server/db/functions/ledger_entries_guard.sql,
-- applied after the migrations.
CREATE FUNCTION "ledger_entries_guard"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'placeholder'; END $$;
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_guard" BEFORE UPDATE OR DELETE ON "ledger_entries"
	FOR EACH ROW EXECUTE FUNCTION "ledger_entries_guard"();
--> statement-breakpoint
-- A placeholder, so that triggers can name it: the body is server/db/functions/ledger_check_double_entry.sql,
-- applied after the migrations.
CREATE FUNCTION "ledger_check_double_entry"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'placeholder'; END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_entries_double_entry" AFTER INSERT ON "ledger_entries"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ledger_check_double_entry"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_transfers_double_entry" AFTER INSERT OR UPDATE ON "ledger_transfers"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ledger_check_double_entry"();
