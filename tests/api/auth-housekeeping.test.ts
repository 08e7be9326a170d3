import { captchaSpends, emailCodes, mailOutbox, rateLimits, sessions, users } from '@server/db/schema/auth';
import { runAuthHousekeeping } from '@server/modules/auth/housekeeping';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock, createTestServer, type TestServer } from './harness';

const clock = createTestClock(new Date('2026-03-08T09:00:00Z'));
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ clock });
});
afterAll(() => server.close());

const at = (msAgo: number) => new Date(clock.now().getTime() - msAgo);
const hour = 3600_000;
const day = 24 * hour;

describe('accounts housekeeping', () => {
  it('deletes only rows that can no longer matter', async () => {
    const { db } = server;
    const [user] = await db
      .insert(users)
      .values({ username: 'tidy2026', email: 'tidy@example.test', registeredAt: at(40 * day) })
      .returning();
    const userId = user!.id;
    await db.insert(captchaSpends).values([
      { id: '00000000-0000-4000-8000-000000000001', expiresAt: at(60_000) },
      { id: '00000000-0000-4000-8000-000000000002', expiresAt: at(-120_000) },
    ]);
    const session = (tokenHash: string, expiresAt: Date, revoked: boolean) => ({
      userId,
      tokenHash,
      createdAt: at(40 * day),
      expiresAt,
      lastSeenAt: at(40 * day),
      clientAddress: '127.0.0.1',
      ...(revoked ? { revokedAt: at(hour), revokedReason: 'passwordChanged' as const } : {}),
    });
    await db
      .insert(sessions)
      .values([
        session('expired', at(1), false),
        session('live', at(-hour), false),
        session('ended-but-live', at(-hour), true),
      ]);
    const code = (codeHash: string, expiresAt: Date) => ({
      purpose: 'register' as const,
      email: 'tidy@example.test',
      codeHash,
      createdAt: at(2 * day),
      expiresAt,
    });
    await db.insert(emailCodes).values([code('old', at(day + 1)), code('recent', at(hour))]);
    await db.insert(rateLimits).values([
      { key: 'old-window', windowStartedAt: at(day + 1), hits: 3 },
      { key: 'current-window', windowStartedAt: at(hour), hits: 3 },
    ]);
    const mail = (recipient: string, status: 'sent' | 'failed', createdAt: Date) => ({
      recipient,
      locale: 'en-US',
      kind: 'registerCode',
      subject: 's',
      textBody: 't',
      htmlBody: 'h',
      status,
      createdAt,
    });
    await db
      .insert(mailOutbox)
      .values([
        mail('old-sent@example.test', 'sent', at(31 * day)),
        mail('old-failed@example.test', 'failed', at(31 * day)),
        mail('recent-sent@example.test', 'sent', at(day)),
      ]);

    await runAuthHousekeeping({ db, clock });

    expect((await db.select({ id: captchaSpends.id }).from(captchaSpends)).map((r) => r.id)).toEqual([
      '00000000-0000-4000-8000-000000000002',
    ]);
    expect((await db.select({ t: sessions.tokenHash }).from(sessions)).map((r) => r.t).sort()).toEqual([
      'ended-but-live',
      'live',
    ]);
    expect((await db.select({ h: emailCodes.codeHash }).from(emailCodes)).map((r) => r.h)).toEqual(['recent']);
    expect((await db.select({ k: rateLimits.key }).from(rateLimits)).map((r) => r.k)).toEqual(['current-window']);
    expect((await db.select({ r: mailOutbox.recipient }).from(mailOutbox)).map((r) => r.r).sort()).toEqual([
      'old-failed@example.test',
      'recent-sent@example.test',
    ]);
  });
});
