import type { Clock } from '@server/clock';
import type { Database } from '@server/db/client';
import { mailOutbox } from '@server/db/schema/auth';
import type { Translate } from '@server/i18n';
import type { JobQueue } from '@server/job-queue';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { createTransport, type Transporter } from 'nodemailer';
import { enqueueMail, type MailRequest } from './outbox';

export interface MailDelivery {
  /** True when an SMTP server is configured; otherwise messages stay held in the outbox. */
  readonly deliverable: boolean;
  /**
   * Writes the message to the outbox through `db` (the caller's transaction) and, when it can be
   * delivered, a job that delivers it; the job queue retries a refused message with backoff.
   */
  enqueue(db: Database, t: Translate, mail: MailRequest, now: Date): Promise<void>;
  /** Delivers what was just enqueued at once (call after the transaction commits). */
  kick(): void;
  /** The mail job: sends one message, and throws when the server refused it or could not be reached. */
  deliver(mailId: number): Promise<void>;
  close(): void;
}

export function createMailDelivery(deps: {
  db: Database;
  clock: Clock;
  jobs: JobQueue;
  smtpUrl: string | null;
  from: string;
}): MailDelivery {
  const { db, clock, jobs, from } = deps;
  const transport: Transporter | null = deps.smtpUrl ? createTransport(deps.smtpUrl) : null;

  return {
    deliverable: transport !== null,
    async enqueue(target, t, mail, now) {
      const mailId = await enqueueMail(target, t, mail, { now, deliverable: transport !== null });
      if (transport) await jobs.send(target, 'mail', { mailId });
    },
    kick: () => jobs.kick('mail'),
    async deliver(mailId) {
      if (!transport) return;
      // 'sending' too: the job of a process that died while sending is run again.
      const [message] = await db
        .update(mailOutbox)
        .set({ status: 'sending', attempts: sql`${mailOutbox.attempts} + 1` })
        .where(and(eq(mailOutbox.id, mailId), inArray(mailOutbox.status, ['pending', 'failed', 'sending'])))
        .returning();
      if (!message) return;
      try {
        await transport.sendMail({
          from,
          to: message.recipient,
          subject: message.subject,
          text: message.textBody,
          html: message.htmlBody,
        });
      } catch (error) {
        await db
          .update(mailOutbox)
          .set({
            status: 'failed',
            lastError: error instanceof Error ? error.message.slice(0, 500) : String(error),
          })
          .where(eq(mailOutbox.id, mailId));
        throw error;
      }
      await db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: clock.now(), lastError: null })
        .where(eq(mailOutbox.id, mailId));
    },
    close: () => transport?.close(),
  };
}
