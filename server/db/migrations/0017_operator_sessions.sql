-- Operator rights come from how a session was opened, not from the account's role: the desk's
-- sign-in (password, captcha, authenticator code) opens an operator session, every other way in
-- a player session, and operator accounts are accounts of their own that no player sign-in opens.
ALTER TABLE "sessions" ADD COLUMN "kind" text DEFAULT 'player' NOT NULL;
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_kind_check" CHECK ("kind" IN ('player', 'operator'));
--> statement-breakpoint
-- Sessions opened before sessions had a kind cannot tell how they were opened: operators sign in again.
UPDATE "sessions" SET "revoked_at" = now(), "revoked_reason" = 'logout'
	WHERE "revoked_at" IS NULL AND "user_id" IN (SELECT "id" FROM "users" WHERE "role" = 'operator');
--> statement-breakpoint
-- Three functions change their arguments or columns: the old signatures go here, and the new ones
-- are created from their files in server/db/functions right after the migrations.
DROP FUNCTION IF EXISTS "auth_open_session"(integer, text, boolean, timestamptz, timestamptz, text, text, text, text, text, text, text);
--> statement-breakpoint
DROP FUNCTION IF EXISTS "auth_resolve_session"(text, timestamptz, bigint);
--> statement-breakpoint
DROP FUNCTION IF EXISTS "auth_check_sign_in"(uuid, timestamptz, boolean, timestamptz, text, bigint, integer, text, boolean, text, text, bigint);
