import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema/auth';
import { createCaptchaTexts, registerThroughMail } from '../support/accounts';
import { type SmtpTestServer, startSmtpTestServer } from '../support/smtp-test-server';
import { createTestServer, type TestServer } from './harness';

let smtp: SmtpTestServer;
let server: TestServer;

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  server = await createTestServer({ smtpUrl: smtp.url, captchaText: createCaptchaTexts().next });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

describe('/v2/app/agent/is/agent', () => {
  it('answers whether the signed-in player is an agent, as the database says now', async () => {
    const token = await registerThroughMail(server, smtp, {
      account: 'agentcheck1',
      email: 'agentcheck1@example.test',
      password: 'Plum blossom 2026!',
    });
    const before = await server.call<boolean>('/v2/app/agent/is/agent', {}, { token });
    expect(before.body).toMatchObject({ code: 200, data: false });
    await server.db.update(users).set({ isAgent: true }).where(eq(users.username, 'agentcheck1'));
    const after = await server.call<boolean>('/v2/app/agent/is/agent', {}, { token });
    expect(after.body).toMatchObject({ code: 200, data: true });
  });

  it('asks visitors to sign in', async () => {
    const response = await server.call('/v2/app/agent/is/agent', {});
    expect(response.status).toBe(401);
  });
});
