import type { FirstSteps } from '@contract/user';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaptchaTexts } from '../support/accounts';
import {
  bindCard,
  completeProfile,
  fundPlayer,
  manyPlayersLimits,
  newOperator,
  newPlayer,
  type TestPlayer,
  verifiedIdentity,
  withKey,
} from '../support/players';
import { type SmtpTestServer, startSmtpTestServer } from '../support/smtp-test-server';
import { createTestServer, type TestServer } from './harness';

/** A new player's first steps, each from the account's state (docs/requirements.md §2.11). */

let smtp: SmtpTestServer;
let server: TestServer;
let operator: TestPlayer;

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  server = await createTestServer({
    smtpUrl: smtp.url,
    captchaText: createCaptchaTexts().next,
    authLimits: manyPlayersLimits,
  });
  operator = await newOperator(server);
}, 60_000);
afterAll(async () => {
  await server.close();
  await smtp.close();
});

const stepsOf = async (player: TestPlayer) => {
  const response = await server.call<FirstSteps>('/v2/app/user/first-steps', {}, { token: player.token });
  expect(response.body, JSON.stringify(response.body)).toMatchObject({ code: 200 });
  return response.body.data as FirstSteps;
};

/** An online deposit paid on the sandbox's checkout page. */
async function paidDeposit(player: TestPlayer, bankCardId: number): Promise<void> {
  const order = await server.call<{ instructions: { kind: string; url?: string } }>(
    '/v2/app/pay/order',
    { channelId: 'online-bank', amount: 1_000, bankCardId },
    withKey(player.token),
  );
  const url = order.body.data?.instructions.url;
  if (!url) throw new Error(`no checkout page: ${JSON.stringify(order.body)}`);
  const paid = await fetch(`${url}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
    redirect: 'manual',
  });
  expect(paid.status).toBe(303);
}

describe('/v2/app/user/first-steps', () => {
  it('marks each step done only once the account holds it', async () => {
    const player = await newPlayer(server, smtp);
    expect(await stepsOf(player)).toEqual({
      identity: false,
      bankCard: false,
      payPassword: false,
      firstDeposit: false,
    });

    await completeProfile(server, player);
    const card = await bindCard(server, player);
    // Coins that did not come from a deposit (an agent's gift, a moved account) are no first deposit.
    await fundPlayer(server, player, 500);
    expect(await stepsOf(player)).toEqual({ identity: false, bankCard: true, payPassword: false, firstDeposit: false });

    const set = await server.call(
      '/v2/app/auth/password/update/payment',
      { newPayPassword: '246810', password: 'Maple leaf 2026!' },
      { token: player.token },
    );
    expect(set.body).toMatchObject({ code: 200 });
    await verifiedIdentity(server, player, operator);
    expect(await stepsOf(player)).toEqual({ identity: true, bankCard: true, payPassword: true, firstDeposit: false });

    await paidDeposit(player, card.id);
    await expect.poll(async () => (await stepsOf(player)).firstDeposit, { timeout: 20_000 }).toBe(true);
    expect(await stepsOf(player)).toEqual({ identity: true, bankCard: true, payPassword: true, firstDeposit: true });
  });

  it('is the signed-in player’s own: a visitor is refused', async () => {
    const response = await server.call('/v2/app/user/first-steps', {});
    expect(response.status).toBe(401);
  });
});
