import { composeApp } from '@server/compose';
import { mailOutbox } from '@server/db/schema/auth';
import { createServerI18n } from '@server/i18n';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeIn, type SmtpTestServer, startSmtpTestServer } from '../support/smtp-test-server';
import { createTestClock, createTestServer, type TestServer } from './harness';

describe('without an SMTP server', () => {
  const clock = createTestClock(new Date('2026-03-05T09:00:00Z'));
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({ clock });
  });
  afterAll(() => server.close());

  it('holds the mail in the outbox and shows it, escaped and without script, on /dev/mailbox', async () => {
    const sent = await server.call('/v2/app/register/send/email/code', { email: 'newcomer@example.test' });
    expect(sent.status).toBe(200);
    const [row] = await server.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, 'newcomer@example.test'));
    expect(row?.status).toBe('held');
    const code = /\b(\d{6})\b/.exec(row?.textBody ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);

    await server.db.insert(mailOutbox).values({
      recipient: '"><img src=x onerror=alert(1)>@example.test',
      locale: 'en-US',
      kind: 'registerCode',
      subject: '<script>alert("subject")</script>',
      textBody: 'Body with <b>markup</b> & "quotes"',
      htmlBody: '<p>x</p>',
      status: 'held',
      createdAt: clock.now(),
    });
    const page = await fetch(`${server.url}/dev/mailbox`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await page.text();
    expect(html).toContain('newcomer@example.test');
    expect(html).toContain(code);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;alert(&quot;subject&quot;)&lt;/script&gt;');
    expect(html).toContain('Body with &lt;b&gt;markup&lt;/b&gt; &amp; &quot;quotes&quot;');

    // A newcomer can finish registration with the code from the page.
    const valid = await server.call('/v2/app/register/valid', {
      email: 'newcomer@example.test',
      code,
      acceptTerms: true,
    });
    expect(valid.status).toBe(200);
  });

  it('has no mailbox page in production', async () => {
    const production = await createTestServer({ production: true });
    try {
      expect((await fetch(`${production.url}/dev/mailbox`)).status).toBe(404);
    } finally {
      await production.close();
    }
  });
});

/** The job that delivers a message, as the job queue keeps it; `wait` is seconds until it may run. */
async function mailJobOf(server: TestServer, mailId: number) {
  const result = await server.db.execute(
    sql`select state, extract(epoch from start_after - now())::float8 as wait from pgboss.job
        where name = 'mail' and (data->>'mailId')::int = ${mailId}`,
  );
  return (result as unknown as { rows: { state: string; wait: number }[] }).rows;
}

async function outboxRowTo(server: TestServer, recipient: string, until: (row: MailRow) => boolean) {
  let row: MailRow | undefined;
  await expect
    .poll(
      async () => {
        [row] = await server.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, recipient));
        return row && until(row);
      },
      { interval: 20 },
    )
    .toBe(true);
  return row!;
}

type MailRow = typeof mailOutbox.$inferSelect;

async function countOf(server: TestServer, query: SQL): Promise<number> {
  const result = (await server.db.execute(query)) as unknown as { rows: { n: number }[] };
  return result.rows[0]?.n ?? 0;
}

describe('delivery over SMTP', () => {
  const clock = createTestClock(new Date('2026-03-05T10:00:00Z'));
  let smtp: SmtpTestServer;
  let server: TestServer;
  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    server = await createTestServer({ clock, smtpUrl: smtp.url });
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  it('keeps a message the SMTP server refused as failed, and its job delivers it on a later try', async () => {
    smtp.refuseNext(1);
    const sent = await server.call('/v2/app/register/send/email/code', { email: 'retry@example.test' });
    expect(sent.status, 'the request does not wait for delivery').toBe(200);
    const row = await outboxRowTo(server, 'retry@example.test', (r) => r.status === 'failed');
    expect(row.attempts).toBe(1);
    expect(row.lastError).toContain('Mailbox temporarily unavailable');
    // The job waits out the first step of its backoff: 30 s, plus up to as much again at random.
    await expect.poll(async () => (await mailJobOf(server, row.id))[0]?.state).toBe('retry');
    const [job] = await mailJobOf(server, row.id);
    expect(job!.wait).toBeGreaterThan(25);
    expect(job!.wait).toBeLessThanOrEqual(60);

    // The wait is over (as if the clock had moved on): the job runs again.
    await server.db.execute(sql`update pgboss.job set start_after = now() where name = 'mail'`);
    server.deps.auth.mail.kick();
    const after = await outboxRowTo(server, 'retry@example.test', (r) => r.status === 'sent');
    expect(after.attempts).toBe(2);
    const delivered = await smtp.latestTo('retry@example.test');
    const valid = await server.call('/v2/app/register/valid', {
      email: 'retry@example.test',
      code: codeIn(delivered),
      acceptTerms: true,
    });
    expect(valid.status).toBe(200);
    await expect.poll(async () => (await mailJobOf(server, row.id))[0]?.state).toBe('completed');
  });

  it('delivers each message once when several processes deliver at the same time', async () => {
    const i18n = createServerI18n();
    const t = i18n.translator('en-US');
    const recipients = Array.from({ length: 25 }, (_, i) => `bulk${i}@example.test`);
    const before = smtp.received.length;
    // Two more apps over the same database, as other processes would be, each with its mail worker.
    const others = await Promise.all(
      [0, 1].map(() =>
        composeApp(
          {
            db: server.db,
            kind: server.databaseKind,
            listen: server.listen,
            migrate: async () => undefined,
            close: async () => undefined,
          },
          {
            logger: pino({ level: 'silent' }),
            production: false,
            publicUrl: 'http://127.0.0.1',
            staticDir: null,
            clock,
            smtpUrl: smtp.url,
          },
        ),
      ),
    );
    try {
      await server.db.transaction(async (tx) => {
        for (const recipient of recipients) {
          await server.deps.auth.mail.enqueue(
            tx,
            t,
            { kind: 'passwordChanged', recipient, locale: 'en-US', params: { username: 'bulk' } },
            clock.now(),
          );
        }
      });
      for (const app of [server, ...others]) app.deps.auth.mail.kick();
      await expect
        .poll(async () => (await server.db.select().from(mailOutbox)).every((r) => r.status === 'sent'), {
          timeout: 20_000,
          interval: 50,
        })
        .toBe(true);
    } finally {
      await Promise.all(others.map((other) => other.stopBackgroundWork()));
    }
    const arrived = smtp.received.slice(before).flatMap((m) => m.to);
    expect(arrived.sort()).toEqual([...recipients].sort());
    const rows = await server.db.select().from(mailOutbox).where(inArray(mailOutbox.recipient, recipients));
    expect(rows.map((r) => r.attempts)).toEqual(recipients.map(() => 1));
  });

  it('writes no message and no job when the transaction that enqueued it rolls back', async () => {
    const t = createServerI18n().translator('en-US');
    await expect(
      server.db.transaction(async (tx) => {
        await server.deps.auth.mail.enqueue(
          tx,
          t,
          { kind: 'passwordChanged', recipient: 'never@example.test', locale: 'en-US', params: { username: 'x' } },
          clock.now(),
        );
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await server.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, 'never@example.test'))).toEqual([]);
    // Every message of this server was deliverable: one job each, and none for the rolled-back one.
    const jobs = await countOf(server, sql`select count(*)::int as n from pgboss.job where name = 'mail'`);
    expect(jobs).toBe(await countOf(server, sql`select count(*)::int as n from mail_outbox`));
  });

  it('keeps the request working when the SMTP server cannot be reached', async () => {
    const closedPort = await startSmtpTestServer();
    const url = closedPort.url;
    await closedPort.close();
    const unreachable = await createTestServer({ clock, smtpUrl: url });
    try {
      const sent = await unreachable.call('/v2/app/register/send/email/code', { email: 'offline@example.test' });
      expect(sent.status).toBe(200);
      const row = await outboxRowTo(unreachable, 'offline@example.test', (r) => r.status === 'failed');
      expect(row.lastError).toBeTruthy();
    } finally {
      await unreachable.close();
    }
  });
});
