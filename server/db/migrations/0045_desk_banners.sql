-- Banners on a schedule: the desk sets when a published banner starts and stops showing; either end
-- may be left open.
ALTER TABLE "banners" ADD COLUMN "shows_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "shows_until" timestamp with time zone;