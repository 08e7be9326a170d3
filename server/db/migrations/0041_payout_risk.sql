-- Risk beside every payout: every sign-in kept with its address and device, the desk's payout rules
-- (seeded on, with their thresholds), and the first of two approvals on a withdrawal. The sign-in
-- function gains the device, so its old signature goes.
CREATE TABLE "sign_ins" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"client_address" text NOT NULL,
	"device_id" text NOT NULL,
	"user_agent" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_rules" (
	"rule" text PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"threshold" bigint NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "first_approved_by" integer;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "first_approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sign_ins" ADD CONSTRAINT "sign_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_rules" ADD CONSTRAINT "payout_rules_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_ins_user_idx" ON "sign_ins" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "sign_ins_address_idx" ON "sign_ins" USING btree ("client_address","user_id");--> statement-breakpoint
CREATE INDEX "sign_ins_device_idx" ON "sign_ins" USING btree ("device_id","user_id");--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_first_approved_by_users_id_fk" FOREIGN KEY ("first_approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
INSERT INTO "payout_rules" ("rule", "enabled", "threshold", "updated_at") VALUES
	('sharedBankAccount', true, 1, now()),
	('sharedCryptoAddress', true, 1, now()),
	('sharedClientAddress', true, 1, now()),
	('sharedDevice', true, 1, now()),
	('littlePlay', true, 100, now()),
	('unusualAmount', true, 300, now()),
	('newBankCard', true, 72, now()),
	('fourEyes', true, 100000, now());--> statement-breakpoint
DROP FUNCTION IF EXISTS "auth_open_session"(integer, text, text, boolean, timestamptz, timestamptz, text, text, text, text, text, text, text);
