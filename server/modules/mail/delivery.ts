import type { Clock } from '@server/clock';
import { type Database, isDatabaseUnavailable } from '@server/db/client';
import { mailOutbox } from '@server/db/schema/auth';
import { and, asc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import { createTransport, type Transporter } from 'nodemailer';
import type { Logger } from 'pino';

const batchSize = 10;
const maxAttempts = 8;
/** A claimed message not finished within this time (a crashed process) is claimed again. */
const claimLeaseMs = 5 * 60 * 1000;
const firstRetryMs = 30 * 1000;
const longestRetryMs = 60 * 60 * 1000;

export interface MailDelivery {
  /** True when an SMTP server is configured; otherwise messages stay held in the outbox. */
  readonly deliverable: boolean;
  /** Starts delivering due messages in the background (after a transaction that wrote some). */
  kick(): void;
  /** Delivers every due message once; resolves with how many were sent. */
  deliverDue(): Promise<number>;
  /** Also retries failed messages on a timer, in every process; claims keep them from colliding. */
  start(intervalMs?: number): void;
  stop(): Promise<void>;
}

export function createMailDelivery(deps: {
  db: Database;
  clock: Clock;
  logger: Logger;
  smtpUrl: string | null;
  from: string;
}): MailDelivery {
  const { db, clock, logger, from } = deps;
  const transport: Transporter | null = deps.smtpUrl ? createTransport(deps.smtpUrl) : null;
  let running: Promise<number> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;

  async function claimDue() {
    const now = clock.now();
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          inArray(mailOutbox.status, ['pending', 'failed', 'sending']),
          lte(mailOutbox.nextAttemptAt, now),
          lt(mailOutbox.attempts, maxAttempts),
        ),
      )
      .orderBy(asc(mailOutbox.id))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    return db
      .update(mailOutbox)
      .set({
        status: 'sending',
        attempts: sql`${mailOutbox.attempts} + 1`,
        nextAttemptAt: new Date(now.getTime() + claimLeaseMs),
      })
      .where(inArray(mailOutbox.id, due))
      .returning();
  }

  async function deliverBatch(activeTransport: Transporter): Promise<number> {
    const claimed = await claimDue();
    let sent = 0;
    for (const message of claimed) {
      try {
        await activeTransport.sendMail({
          from,
          to: message.recipient,
          subject: message.subject,
          text: message.textBody,
          html: message.htmlBody,
        });
        await db
          .update(mailOutbox)
          .set({ status: 'sent', sentAt: clock.now(), lastError: null })
          .where(eq(mailOutbox.id, message.id));
        sent += 1;
      } catch (error) {
        const retryInMs = Math.min(firstRetryMs * 2 ** (message.attempts - 1), longestRetryMs);
        logger.warn({ err: error, mailId: message.id, attempts: message.attempts }, 'mail delivery failed');
        await db
          .update(mailOutbox)
          .set({
            status: 'failed',
            lastError: error instanceof Error ? error.message.slice(0, 500) : String(error),
            nextAttemptAt: new Date(clock.now().getTime() + retryInMs),
          })
          .where(eq(mailOutbox.id, message.id));
      }
    }
    return claimed.length === batchSize ? sent + (await deliverBatch(activeTransport)) : sent;
  }

  function deliverDue(): Promise<number> {
    if (!transport) return Promise.resolve(0);
    if (running) {
      again = true;
      return running;
    }
    running = deliverBatch(transport).finally(() => {
      running = null;
      if (again) {
        again = false;
        kick();
      }
    });
    return running;
  }

  function kick() {
    deliverDue().catch((error: unknown) =>
      logger[isDatabaseUnavailable(error) ? 'warn' : 'error']({ err: error }, 'mail delivery run failed'),
    );
  }

  return {
    deliverable: transport !== null,
    kick,
    deliverDue,
    start(intervalMs = 15_000) {
      if (!transport || timer) return;
      timer = setInterval(kick, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      again = false;
      await running?.catch(() => undefined);
      transport?.close();
    },
  };
}
