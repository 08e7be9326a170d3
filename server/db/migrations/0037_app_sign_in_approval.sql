-- The app sign-in asks the player first: a scan records the asking device and the hash of the token
-- only that app holds; the player approves or refuses on the device that shows the code.
ALTER TABLE "app_login_codes" ADD COLUMN "requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "app_login_codes" ADD COLUMN "request_device" text;--> statement-breakpoint
ALTER TABLE "app_login_codes" ADD COLUMN "request_token_hash" text;--> statement-breakpoint
ALTER TABLE "app_login_codes" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "app_login_codes" ADD COLUMN "refused_at" timestamp with time zone;