import { users } from '@server/db/schema/auth';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaptchaTexts } from '../support/accounts';
import { fundPlayer, manyPlayersLimits, newPlayer } from '../support/players';
import { profileOf } from '../support/profile-reference';
import { type SmtpTestServer, startSmtpTestServer } from '../support/smtp-test-server';
import { createTestServer, type TestServer } from './harness';

let smtp: SmtpTestServer;
let server: TestServer;

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  server = await createTestServer({
    smtpUrl: smtp.url,
    captchaText: createCaptchaTexts().next,
    authLimits: manyPlayersLimits,
  });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

async function infoText(token: string): Promise<string> {
  const response = await fetch(`${server.url}/v2/app/user/info`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: server.xsrf.cookie,
      'x-xsrf-token': server.xsrf.token,
      token,
    },
    body: '{}',
  });
  expect(response.status).toBe(200);
  return response.text();
}

describe('/v2/app/user/info', () => {
  // The profile is read and written as JSON by the database (see auth_watch_profile): it must be
  // the JSON the server itself would write, value for value.
  it('answers the profile the server reads from the tables, written exactly as JSON.stringify writes it', async () => {
    const player = await newPlayer(server, smtp);
    await fundPlayer(server, player, 12_345);
    const awkward = 'Ta"ro\\ \n\t\u0001 é 山田 😀 \u2028';
    await server.db
      .update(users)
      .set({ nickname: awkward, phone: null, lastName: '山田' })
      .where(eq(users.id, player.userId));

    const text = await infoText(player.token);
    const envelope = JSON.parse(text) as { data: Record<string, unknown> };
    expect(text).toBe(JSON.stringify(envelope));
    expect(envelope.data).toEqual(await profileOf(server.db, player.userId));
    expect(envelope.data).toMatchObject({
      nickname: awkward,
      phone: null,
      lastName: '山田',
      balance: 12_345,
      kycStatus: 'notSubmitted',
    });
  });
});
