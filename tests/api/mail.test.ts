import { mailOutbox } from '@server/db/schema/auth';
import { createServerI18n } from '@server/i18n';
import { createMailDelivery } from '@server/modules/mail/delivery';
import { enqueueMail } from '@server/modules/mail/outbox';
import { asc, eq } from 'drizzle-orm';
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
      nextAttemptAt: clock.now(),
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

  it('keeps a message the SMTP server refused as failed, and delivers it on a later try', async () => {
    smtp.refuseNext(1);
    const sent = await server.call('/v2/app/register/send/email/code', { email: 'retry@example.test' });
    expect(sent.status, 'the request does not wait for delivery').toBe(200);
    let row: typeof mailOutbox.$inferSelect | undefined;
    for (let i = 0; i < 100; i += 1) {
      [row] = await server.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, 'retry@example.test'));
      if (row?.status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(row?.status).toBe('failed');
    expect(row?.attempts).toBe(1);
    expect(row?.lastError).toContain('Mailbox temporarily unavailable');
    expect(row!.nextAttemptAt.getTime() - clock.now().getTime()).toBe(30_000);

    const mail = server.deps.auth.mail;
    expect(await mail.deliverDue(), 'not due yet').toBe(0);
    clock.advance(30_000);
    expect(await mail.deliverDue()).toBe(1);
    const delivered = await smtp.latestTo('retry@example.test');
    const [after] = await server.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, 'retry@example.test'));
    expect(after?.status).toBe('sent');
    expect(after?.attempts).toBe(2);
    const valid = await server.call('/v2/app/register/valid', {
      email: 'retry@example.test',
      code: codeIn(delivered),
      acceptTerms: true,
    });
    expect(valid.status).toBe(200);
  });

  it('delivers each message once when several processes deliver at the same time', async () => {
    const i18n = createServerI18n();
    const t = i18n.translator('en-US');
    const recipients = Array.from({ length: 25 }, (_, i) => `bulk${i}@example.test`);
    await server.db.transaction(async (tx) => {
      for (const recipient of recipients) {
        await enqueueMail(
          tx,
          t,
          { kind: 'passwordChanged', recipient, locale: 'en-US', params: { username: 'bulk' } },
          { now: clock.now(), deliverable: true },
        );
      }
    });
    const before = smtp.received.length;
    const workers = [0, 1, 2].map(() =>
      createMailDelivery({
        db: server.db,
        clock,
        logger: pino({ level: 'silent' }),
        smtpUrl: smtp.url,
        from: 'Game Hall <no-reply@example.test>',
      }),
    );
    const sent = await Promise.all(workers.map((worker) => worker.deliverDue()));
    await Promise.all(workers.map((worker) => worker.stop()));
    expect(sent.reduce((a, b) => a + b, 0)).toBe(25);
    const arrived = smtp.received.slice(before).flatMap((m) => m.to);
    expect(arrived.sort()).toEqual([...recipients].sort());
    const rows = await server.db.select({ status: mailOutbox.status }).from(mailOutbox).orderBy(asc(mailOutbox.id));
    expect(rows.every((r) => r.status === 'sent')).toBe(true);
  });

  it('keeps the request working when the SMTP server cannot be reached', async () => {
    const closedPort = await startSmtpTestServer();
    const url = closedPort.url;
    await closedPort.close();
    const unreachable = await createTestServer({ clock, smtpUrl: url });
    try {
      const sent = await unreachable.call('/v2/app/register/send/email/code', { email: 'offline@example.test' });
      expect(sent.status).toBe(200);
      await unreachable.deps.auth.mail.deliverDue();
      const [row] = await unreachable.db.select().from(mailOutbox);
      expect(row?.status).toBe('failed');
      expect(row?.lastError).toBeTruthy();
    } finally {
      await unreachable.close();
    }
  });
});
