-- A session keeps the 設定 of its pachislot machine as the wallet gave it when the session opened;
-- sessions of other kinds, and those opened before, have none.
ALTER TABLE "studio"."sessions" ADD COLUMN "machine_setting" integer;--> statement-breakpoint
ALTER TABLE "studio"."sessions" ADD CONSTRAINT "sessions_machine_setting" CHECK ("studio"."sessions"."machine_setting" IS NULL OR "studio"."sessions"."machine_setting" BETWEEN 1 AND 6);