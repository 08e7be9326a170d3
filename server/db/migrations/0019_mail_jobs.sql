-- Mail is delivered by a job per message (the job queue keeps when each is tried next), so the
-- outbox no longer schedules its own retries.
DROP INDEX "mail_outbox_due_idx";--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP COLUMN "next_attempt_at";