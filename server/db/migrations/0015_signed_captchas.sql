-- This migration also defined auth_check_sign_in. A function's only source is now its file in
-- server/db/functions, applied after the migrations.
-- Captchas are signed by the server instead of stored (modules/auth/captcha.ts): drawing one costs
-- no statement, and only the first try of each is recorded, right or wrong, until it expires.
CREATE TABLE "captcha_spends" (
	"id" uuid PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "captcha_spends_expires_idx" ON "captcha_spends" USING btree ("expires_at");
--> statement-breakpoint
DROP TABLE "captchas" CASCADE;
--> statement-breakpoint
DROP FUNCTION IF EXISTS "auth_issue_captcha"(uuid, text, timestamptz, timestamptz, text, bigint, integer);
--> statement-breakpoint
DROP FUNCTION IF EXISTS "auth_check_sign_in"(uuid, text, timestamptz, text, bigint, integer, text, boolean, text, text, bigint);
