import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { OperatorRole } from '@contract/admin-roles';
import { users } from '@server/db/schema/auth';
import { ledgerAccounts } from '@server/db/schema/ledger';
import { setUpOperator } from '@server/modules/admin/operator-accounts';
import { openSession } from '@server/modules/auth/sign-in';
import { houseAccount, playerAccount } from '@server/modules/ledger/accounts';
import { transfer } from '@server/modules/ledger/service';
import { actorOfUser, writeAudit } from '@server/shared/audit-rows';
import { totpCodeAt } from '@server/shared/totp';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { expect, inject } from 'vitest';
import type { CallResult, TestServer } from '../api/harness';
import './player-password';
import type { SmtpTestServer } from './smtp-test-server';

/** Registration e-mails and old passwords checked per client address are limited; every test player comes from 127.0.0.1. */
export const manyPlayersLimits = {
  emailPerAddress: { limit: 10_000, windowMs: 60 * 60 * 1000 },
  oldPasswordChecksPerAddress: { limit: 10_000, windowMs: 60 * 60 * 1000 },
};

export interface TestPlayer {
  token: string;
  userId: number;
  account: string;
  email: string;
}

let playerCount = 0;

/**
 * A signed-in player, written as registration writes one (the user row with its password hash, the
 * audit row, and the session with its sign-in row, in one transaction), without the mail, captcha
 * and password hashing registration goes through: tests of other flows only need the player.
 * Registration itself is tested through the API (register.test.ts, registerThroughMail). The
 * SMTP server, where the player's mail would arrive, is not needed for that.
 */
export async function newPlayer(server: TestServer, _smtp?: SmtpTestServer, prefix = 'player'): Promise<TestPlayer> {
  playerCount += 1;
  const account = `${prefix}${playerCount}${randomBytes(3).toString('hex')}`;
  const email = `${account}@example.test`;
  const request = {
    t: server.deps.i18n.translator('en-US'),
    locale: 'en-US' as const,
    clientAddress: '127.0.0.1',
    requestId: randomUUID(),
    browserBinding: server.xsrf.token,
    device: { id: randomUUID(), userAgent: 'vitest' },
  };
  return server.db.transaction(async (tx) => {
    const now = server.deps.clock.now();
    const [user] = await tx
      .insert(users)
      .values({
        username: account,
        email,
        passwordHash: inject('playerPasswordHash'),
        registeredAt: now,
        passwordChangedAt: now,
      })
      .returning({ id: users.id });
    if (!user) throw new Error(`player ${account} was not written`);
    await writeAudit(tx, request, {
      at: now,
      actor: actorOfUser(user.id),
      action: 'account.create',
      subject: actorOfUser(user.id),
      reason: 'register',
    });
    const { token } = await openSession(server.deps.auth, request, user, {
      remember: false,
      method: 'register',
      db: tx,
    });
    return { token, userId: user.id, account, email };
  });
}

/**
 * An operator, as the operator set-up command makes one (an account of its own with an
 * authenticator secret), signed in at the desk with password, captcha and the current code.
 */
export async function newOperator(server: TestServer, roles?: readonly OperatorRole[]): Promise<TestPlayer> {
  playerCount += 1;
  const account = `operator${playerCount}${randomBytes(3).toString('hex')}`;
  const email = `${account}@example.test`;
  const password = 'Desk lantern 2026!';
  const setup = await setUpOperator(server.db, server.deps.clock, { username: account, email, password, roles });
  const signedIn = await server.call<{ token: string }>('/v2/admin/auth/login', {
    account,
    password,
    ...(await server.solvedCaptcha()),
    totpCode: totpCodeAt(setup.totpSecret, server.deps.clock.now()),
  });
  if (!signedIn.body.data) throw new Error(`operator sign-in failed: ${JSON.stringify(signedIn.body)}`);
  return { token: signedIn.body.data.token, userId: setup.userId, account, email };
}

export const taroNames = { firstName: '太郎', lastName: '山田', pinyinName: 'ヤマダ タロウ' };

/** Names, phone and ID number through the API, as the account-setting page sends them. */
export async function completeProfile(server: TestServer, player: TestPlayer, names = taroNames): Promise<void> {
  const update = await server.call(
    '/v2/app/user/update',
    { ...names, phone: '+819012345678', nickname: 'taro' },
    { token: player.token },
  );
  expect(update.body).toMatchObject({ code: 200 });
  const id = await server.call(
    '/v2/app/user/update/idNumber',
    { idNumber: `AB${randomBytes(4).toString('hex')}` },
    { token: player.token },
  );
  expect(id.body).toMatchObject({ code: 200 });
}

/** A random 7-digit account number, never ending in 0000 (the sandbox bank refuses those). */
export function freshAccountNumber(): string {
  const number = String(randomInt(1_000_000, 10_000_000));
  return number.endsWith('0000') ? freshAccountNumber() : number;
}

export function cardFor(names = taroNames, overrides: Record<string, unknown> = {}) {
  return {
    bankCode: '0005',
    cardNumber: freshAccountNumber(),
    branchCode: '123',
    branchName: '渋谷支店',
    holderFirstName: names.firstName,
    holderLastName: names.lastName,
    holderPinyinName: names.pinyinName,
    ...overrides,
  };
}

export async function bindCard(server: TestServer, player: TestPlayer, overrides: Record<string, unknown> = {}) {
  const response = await server.call<{ id: number }>('/v2/app/user/bank/save', cardFor(taroNames, overrides), {
    token: player.token,
  });
  expect(response.body, JSON.stringify(response.body)).toMatchObject({ code: 200 });
  return response.body.data as { id: number; maskedCardNumber: string };
}

/** A small real photo as the browser sends it. */
export async function photoDataUrl(
  format: 'jpeg' | 'png' | 'webp' = 'jpeg',
  options: { exifCopyright?: string } = {},
): Promise<string> {
  let image = sharp({ create: { width: 64, height: 40, channels: 3, background: { r: 200, g: 120, b: 40 } } });
  if (options.exifCopyright) image = image.withExif({ IFD0: { Copyright: options.exifCopyright } });
  const bytes = await image.toFormat(format).toBuffer();
  return `data:image/${format};base64,${bytes.toString('base64')}`;
}

export async function kycPhotos() {
  return { front: await photoDataUrl('jpeg'), back: await photoDataUrl('png'), handheld: await photoDataUrl('webp') };
}

/** Submits KYC and has an operator approve it, through the API. */
export async function verifiedIdentity(server: TestServer, player: TestPlayer, operator: TestPlayer): Promise<void> {
  const submitted = await server.call<{ id: number }>('/v2/app/user/kyc/add', await kycPhotos(), {
    token: player.token,
  });
  expect(submitted.body, JSON.stringify(submitted.body)).toMatchObject({ code: 200 });
  const approved = await server.call(
    '/v2/admin/kyc/approve',
    { submissionId: submitted.body.data?.id },
    { token: operator.token },
  );
  expect(approved.body).toMatchObject({ code: 200 });
}

let keyCount = 0;
export function idempotencyKey(): string {
  keyCount += 1;
  return `test-key-${keyCount}-${randomBytes(6).toString('hex')}`;
}

export function withKey(token: string, key = idempotencyKey()) {
  return { token, headers: { 'idempotency-key': key } };
}

/** Coins straight into a player's account through the ledger (a stand-in for a deposit in tests of other flows). */
export async function fundPlayer(server: TestServer, player: TestPlayer, coins: number): Promise<void> {
  await transfer(server.db, server.deps.clock, {
    actor: 'system',
    reason: 'test funding',
    from: houseAccount('depositsClearing', 'COIN'),
    to: playerAccount(player.userId, 'COIN'),
    amount: BigInt(coins),
    currency: 'COIN',
    idempotencyKey: `fund-${idempotencyKey()}`,
    kind: 'deposit',
  });
}

export async function balanceOfPlayer(server: TestServer, player: TestPlayer): Promise<number> {
  const profile = await server.call<{ balance: number }>('/v2/app/user/info', {}, { token: player.token });
  expect(profile.body).toMatchObject({ code: 200 });
  return profile.body.data?.balance as number;
}

/** The ledger's own invariant, checked after concurrent runs: all accounts sum to zero. */
export async function ledgerSum(server: TestServer): Promise<bigint> {
  const [row] = await server.db
    .select({ total: sql<string>`coalesce(sum(${ledgerAccounts.balance}), 0)::text` })
    .from(ledgerAccounts);
  return BigInt(row?.total ?? '0');
}

export function refusal(response: CallResult, status: number, message: string | RegExp) {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect(response.body.code).toBe(status);
  if (typeof message === 'string') expect(response.body.msg).toBe(message);
  else expect(response.body.msg).toMatch(message);
}

/**
 * A new session, as a sign-in would open it (a remembered player's, or the desk's for an operator):
 * for tests that move the clock past a session's life.
 */
export async function signInAgain(
  server: TestServer,
  player: TestPlayer,
  kind: 'player' | 'operator' = 'player',
): Promise<TestPlayer> {
  const request = {
    t: server.deps.i18n.translator('en-US'),
    locale: 'en-US' as const,
    clientAddress: '127.0.0.1',
    requestId: randomUUID(),
    browserBinding: server.xsrf.token,
    device: { id: randomUUID(), userAgent: 'vitest' },
  };
  const { token } = await openSession(
    server.deps.auth,
    request,
    { id: player.userId },
    {
      kind,
      remember: kind === 'player',
      method: 'password',
    },
  );
  return { ...player, token };
}
