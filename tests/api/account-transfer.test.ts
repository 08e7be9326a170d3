import { randomBytes, scryptSync } from 'node:crypto';
import type { CodeDelivery } from '@contract/account-transfer';
import type { DeskAccountTransfer } from '@contract/account-transfer-desk';
import { hash } from '@node-rs/argon2';
import { hashSync as bcryptHashSync } from '@node-rs/bcrypt';
import { createEmbeddedOldPlatform, inLegacyHashingShare, legacyHashingRule } from '@server/adapters/old-platform';
import { accountTransfers, legacyAccounts } from '@server/db/schema/account-transfer';
import { mailOutbox, rateLimits } from '@server/db/schema/auth';
import { ledgerTransfers } from '@server/db/schema/ledger';
import { ApiError } from '@server/errors';
import {
  type AccountTransferDeps,
  accountTransferRules,
  completeMove,
  signInOld,
} from '@server/modules/account-transfer/moves';
import { balanceOf } from '@server/modules/ledger/accounts';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaptchaTexts } from '../support/accounts';
import { manyPlayersLimits, newOperator, newPlayer, refusal, type TestPlayer } from '../support/players';
import { type SmtpTestServer, startSmtpTestServer } from '../support/smtp-test-server';
import { createTestClock, createTestServer, type TestServer } from './harness';

/** Moving an old-platform account: docs/requirements.md §17. */

const clock = createTestClock(new Date('2026-06-01T03:00:00Z'));
let smtp: SmtpTestServer;
let server: TestServer;
let operator: TestPlayer;
let operatorSignedInAt = 0;

/** The desk's session ends when idle, and some tests move the clock by half an hour: sign in again then. */
async function deskToken(): Promise<string> {
  if (clock.now().getTime() - operatorSignedInAt > 5 * 60_000) {
    operator = await newOperator(server);
    operatorSignedInAt = clock.now().getTime();
  }
  return operator.token;
}

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  server = await createTestServer({
    clock,
    smtpUrl: smtp.url,
    captchaText: createCaptchaTexts().next,
    authLimits: manyPlayersLimits,
  });
  await deskToken();
}, 60_000);
afterAll(async () => {
  await server.close();
  await smtp.close();
});

const oldPassword = 'Old platform pass 1';
const argon2Hash = hash(oldPassword);

/** scrypt in passlib's string, as an old platform on passlib would have exported it. */
function scryptHash(password: string): string {
  const salt = randomBytes(16);
  const digest = scryptSync(password, salt, 32, { N: 2 ** 14, r: 8, p: 1 });
  const ab64 = (bytes: Buffer) => bytes.toString('base64').replaceAll('+', '.').replace(/=+$/, '');
  return `$scrypt$ln=14,r=8,p=1$${ab64(salt)}$${ab64(digest)}`;
}

/** bcrypt as OpenBSD and most libraries write it (`$2b$`), at the lowest cost to keep the tests quick. */
const bcryptHash = (password: string) => bcryptHashSync(password, { cost: 4 });
/** A `$2y$` hash written by PHP's password_hash (the example in PHP's manual), with its password. */
const phpBcrypt = { hash: '$2y$10$.vGA1O9wmRjrwAVXD98HNOgsNpDczlqm3Jq7KnEd1rVAGv3Fykk1a', password: 'rasmuslerdorf' };

let accountCount = 0;
interface OldAccountRow {
  account: string;
  email: string;
  card: string;
  balance: number;
}

async function oldAccountRow(balance = 12_345, passwordHash?: string): Promise<OldAccountRow & { line: string }> {
  accountCount += 1;
  const account = `jsy_${accountCount}${randomBytes(3).toString('hex')}`;
  const email = `${account}@old.example.test`;
  const card = `6222${String(accountCount).padStart(8, '0')}`;
  return {
    account,
    email,
    card,
    balance,
    line: `${account},"${passwordHash ?? (await argon2Hash)}",${email},"${card};4000111122223333",${balance}`,
  };
}

const header = 'account,password_hash,email,card_numbers,balance';

async function importCsv(csv: string, token?: string) {
  return server.call<{
    imported: number;
    unchanged: number;
    refused: number;
    rows: {
      line: number;
      oldAccount: string | null;
      outcome: string;
      problem: string | null;
      message: string | null;
    }[];
  }>('/v2/admin/account-transfer/import', { csv }, { token: token ?? (await deskToken()) });
}

async function imported(balance = 12_345, passwordHash?: string): Promise<OldAccountRow> {
  const row = await oldAccountRow(balance, passwordHash);
  const response = await importCsv(`${header}\n${row.line}\n`);
  expect(response.body.data, JSON.stringify(response.body)).toMatchObject({ imported: 1, refused: 0 });
  return row;
}

async function latestCode(email: string): Promise<string> {
  const [mail] = await server.db
    .select({ text: mailOutbox.textBody })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.recipient, email), eq(mailOutbox.kind, 'transferCode')))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  const code = mail?.text.match(/\b\d{6}\b/g)?.at(-1);
  if (!code) throw new Error(`no transfer code mailed to ${email}`);
  return code;
}

const coins = async (player: TestPlayer) => Number((await balanceOf(server.db, player.userId, 'COIN')).balance);
const moveRow = async (transferId: string) =>
  (await server.db.select().from(accountTransfers).where(eq(accountTransfers.id, transferId)))[0];

async function started(player: TestPlayer, old: OldAccountRow): Promise<string> {
  const response = await server.call<{ transferId: string; expiresAt: string }>(
    '/v2/app/jsy/transfer/validate',
    { oldAccount: old.account },
    { token: player.token },
  );
  expect(response.body, JSON.stringify(response.body)).toMatchObject({ code: 200 });
  return response.body.data?.transferId as string;
}

async function codeSent(player: TestPlayer, old: OldAccountRow): Promise<string> {
  const transferId = await started(player, old);
  const response = await server.call<CodeDelivery>(
    '/v2/app/jsy/transfer/validate/card',
    { transferId, cardNumber: old.card },
    { token: player.token },
  );
  expect(response.body, JSON.stringify(response.body)).toMatchObject({ code: 200 });
  return transferId;
}

const signIn = async (player: TestPlayer, transferId: string, password: string, code: string, lang = 'en-US') =>
  server.call<{ oldAccount: string; balance: number; currency: string }>(
    '/v2/app/jsy/transfer/login',
    { transferId, password, code },
    { token: player.token, lang },
  );

async function signedIn(player: TestPlayer, old: OldAccountRow, password = oldPassword): Promise<string> {
  const transferId = await codeSent(player, old);
  const response = await signIn(player, transferId, password, await latestCode(old.email));
  expect(response.body, JSON.stringify(response.body)).toMatchObject({ code: 200 });
  return transferId;
}

let confirmCount = 0;
const confirm = (player: TestPlayer, transferId: string, key?: string) => {
  confirmCount += 1;
  return server.call<{ transferSn: string; amount: number; balance: number; completedAt: string }>(
    '/v2/app/jsy/transfer/confirm',
    { transferId },
    {
      token: player.token,
      headers: { 'idempotency-key': key ?? `confirm-${confirmCount}-${randomBytes(4).toString('hex')}` },
    },
  );
};

describe('the whole move', () => {
  it('imports, checks, mails a code, signs in, and moves the balance once; the desk lists it', async () => {
    const old = await imported(12_345);
    const player = await newPlayer(server, smtp);
    const start = await server.call<{ transferId: string; expiresAt: string }>(
      '/v2/app/jsy/transfer/validate',
      { oldAccount: old.account.toUpperCase() },
      { token: player.token },
    );
    expect(start.body.code).toBe(200);
    const transferId = start.body.data?.transferId as string;
    expect(start.body.data?.expiresAt).toBe(
      new Date(clock.now().getTime() + accountTransferRules.lifetimeMs).toISOString(),
    );

    const card = await server.call<CodeDelivery>(
      '/v2/app/jsy/transfer/validate/card',
      { transferId, cardNumber: '4000111122223333' },
      { token: player.token },
    );
    expect(card.body.data).toEqual({
      maskedEmail: `${old.email.slice(0, 2)}***@old.example.test`,
      codeExpiresAt: new Date(clock.now().getTime() + 10 * 60_000).toISOString(),
      resendAvailableAt: new Date(clock.now().getTime() + 60_000).toISOString(),
    });
    const code = await latestCode(old.email);
    const mailed = await smtp.waitFor((mail) => mail.to.includes(old.email));
    expect(mailed.text).toContain(code);

    const login = await signIn(player, transferId, oldPassword, code);
    expect(login.body.data).toEqual({ oldAccount: old.account, balance: 12_345, currency: 'JPY' });

    const before = await coins(player);
    const done = await confirm(player, transferId);
    expect(done.body.data).toMatchObject({ transferSn: transferId, amount: 12_345, balance: before + 12_345 });
    expect(await coins(player)).toBe(before + 12_345);

    const list = await server.call<{ list: DeskAccountTransfer[] }>(
      '/v2/admin/account-transfer/list',
      { pageNum: 1, pageSize: 50 },
      { token: await deskToken() },
    );
    expect(list.body.data?.list.find((row) => row.transferId === transferId)).toMatchObject({
      account: player.account,
      oldAccount: old.account,
      amount: 12_345,
      status: 'completed',
    });
  });

  it('scrypt hashes from the export sign in too', async () => {
    const old = await imported(500, scryptHash(oldPassword));
    const player = await newPlayer(server, smtp);
    const transferId = await signedIn(player, old);
    expect((await confirm(player, transferId)).body.data?.amount).toBe(500);
  });

  it('bcrypt hashes from the export sign in too, $2b$ and the $2y$ PHP writes, kept as exported', async () => {
    const openBsd = await imported(600, bcryptHash(oldPassword));
    const php = await imported(700, phpBcrypt.hash);
    const player = await newPlayer(server, smtp);
    expect((await confirm(player, await signedIn(player, openBsd))).body.data?.amount).toBe(600);
    expect((await confirm(player, await signedIn(player, php, phpBcrypt.password))).body.data?.amount).toBe(700);
    expect(await coins(player)).toBe(1_300);
    const [stored] = await server.db
      .select({ passwordHash: legacyAccounts.passwordHash })
      .from(legacyAccounts)
      .where(eq(legacyAccounts.account, php.account));
    expect(stored?.passwordHash).toBe(phpBcrypt.hash);
  });

  it('an empty old account completes without moving money', async () => {
    const old = await imported(0);
    const player = await newPlayer(server, smtp);
    const transferId = await signedIn(player, old);
    const done = await confirm(player, transferId);
    expect(done.body.data).toMatchObject({ amount: 0, balance: 0 });
    expect((await moveRow(transferId))?.ledgerTransferId).toBeNull();
  });
});

describe('refusals change nothing', () => {
  it('an unknown old account, and one already moved', async () => {
    const player = await newPlayer(server, smtp);
    const moves = async () => (await server.db.select({ n: count() }).from(accountTransfers))[0]?.n;
    const before = await moves();
    const unknown = await server.call(
      '/v2/app/jsy/transfer/validate',
      { oldAccount: 'nobody-here' },
      { token: player.token, lang: 'ja-JP' },
    );
    refusal(unknown, 404, '旧プラットフォームにその名前のアカウントはありません。');
    expect(unknown.body.fields?.oldAccount).toBe(unknown.body.msg);
    expect(await moves()).toBe(before);

    const old = await imported(100);
    await confirm(player, await signedIn(player, old));
    const again = await server.call(
      '/v2/app/jsy/transfer/validate',
      { oldAccount: old.account },
      { token: player.token },
    );
    refusal(again, 409, 'This old account has already been moved.');
    expect(await moves()).toBe((before ?? 0) + 1);
  });

  it('a visitor is refused, and a move of another player is unknown', async () => {
    const old = await imported();
    const owner = await newPlayer(server, smtp);
    const other = await newPlayer(server, smtp);
    const transferId = await started(owner, old);
    expect((await server.call('/v2/app/jsy/transfer/validate', { oldAccount: old.account })).status).toBe(401);
    const foreign = await server.call(
      '/v2/app/jsy/transfer/validate/card',
      { transferId, cardNumber: old.card },
      { token: other.token },
    );
    refusal(foreign, 404, 'This account move was not found. Please start again.');
    expect((await moveRow(transferId))?.step).toBe('started');
  });

  it('wrong cards are counted and the fifth ends the move; no code is mailed', async () => {
    const old = await imported();
    const player = await newPlayer(server, smtp);
    const transferId = await started(player, old);
    for (let attempt = 1; attempt < accountTransferRules.maxWrongCards; attempt++) {
      const wrong = await server.call(
        '/v2/app/jsy/transfer/validate/card',
        { transferId, cardNumber: '9999999999' },
        { token: player.token },
      );
      refusal(wrong, 400, 'This card is not registered on the old account.');
      expect(wrong.body.fields?.cardNumber).toBe(wrong.body.msg);
    }
    const last = await server.call(
      '/v2/app/jsy/transfer/validate/card',
      { transferId, cardNumber: '9999999999' },
      { token: player.token },
    );
    refusal(last, 429, 'Too many wrong card numbers. Please start again.');
    const right = await server.call(
      '/v2/app/jsy/transfer/validate/card',
      { transferId, cardNumber: old.card },
      { token: player.token },
    );
    refusal(right, 429, 'Too many wrong card numbers. Please start again.');
    expect(await server.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, old.email))).toEqual([]);
    expect((await moveRow(transferId))?.step).toBe('started');
  });

  it('a code is resent at most once a minute; the new code replaces the old one', async () => {
    const old = await imported();
    const player = await newPlayer(server, smtp);
    const transferId = await codeSent(player, old);
    const first = await latestCode(old.email);
    clock.advance(30_000);
    const early = await server.call(
      '/v2/app/jsy/transfer/resend/validate/code',
      { transferId },
      { token: player.token },
    );
    refusal(early, 429, 'A code was sent a moment ago. You can request another one in 30 s.');
    expect(early.headers.get('retry-after')).toBe('30');
    expect(await latestCode(old.email)).toBe(first);
    clock.advance(30_000);
    const resent = await server.call<CodeDelivery>(
      '/v2/app/jsy/transfer/resend/validate/code',
      { transferId },
      { token: player.token },
    );
    expect(resent.body.data?.resendAvailableAt).toBe(new Date(clock.now().getTime() + 60_000).toISOString());
    const second = await latestCode(old.email);
    const mails = await server.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, old.email));
    expect(mails).toHaveLength(2);
    if (second !== first)
      refusal(await signIn(player, transferId, oldPassword, first), 400, 'The verification code is incorrect.');
    expect((await signIn(player, transferId, oldPassword, second)).body.code).toBe(200);
  });

  it('a code expires after ten minutes', async () => {
    const old = await imported();
    const player = await newPlayer(server, smtp);
    const transferId = await codeSent(player, old);
    const code = await latestCode(old.email);
    clock.advance(10 * 60_000);
    const late = await signIn(player, transferId, oldPassword, code);
    refusal(late, 400, 'The verification code has expired. Please request a new one.');
    expect(late.body.fields?.code).toBe(late.body.msg);
    expect((await moveRow(transferId))?.step).toBe('codeSent');
  });

  it('wrong codes burn the code, wrong passwords end the move', async () => {
    const old = await imported();
    const player = await newPlayer(server, smtp);
    const transferId = await codeSent(player, old);
    const code = await latestCode(old.email);
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt < accountTransferRules.maxWrongCodes; attempt++)
      refusal(await signIn(player, transferId, oldPassword, wrongCode), 400, 'The verification code is incorrect.');
    refusal(
      await signIn(player, transferId, oldPassword, wrongCode),
      422,
      'Too many wrong codes. Please request a new one.',
    );
    refusal(
      await signIn(player, transferId, oldPassword, code),
      422,
      'Too many wrong codes. Please request a new one.',
    );

    clock.advance(60_000);
    await server.call('/v2/app/jsy/transfer/resend/validate/code', { transferId }, { token: player.token });
    const fresh = await latestCode(old.email);
    for (let attempt = 1; attempt < accountTransferRules.maxWrongPasswords; attempt++) {
      const wrong = await signIn(player, transferId, 'not the password', fresh, 'zh-CN');
      refusal(wrong, 400, '旧账户的密码不正确。');
      expect(wrong.body.fields?.password).toBe(wrong.body.msg);
    }
    refusal(
      await signIn(player, transferId, 'not the password', fresh),
      429,
      'Too many wrong passwords. Please start again.',
    );
    refusal(await signIn(player, transferId, oldPassword, fresh), 429, 'Too many wrong passwords. Please start again.');
    expect((await moveRow(transferId))?.step).toBe('codeSent');
  });

  it('a wrong password is refused against a bcrypt hash too', async () => {
    const old = await imported(800, phpBcrypt.hash);
    const player = await newPlayer(server, smtp);
    const transferId = await codeSent(player, old);
    const code = await latestCode(old.email);
    for (const wrong of [oldPassword, 'Rasmuslerdorf', `${phpBcrypt.password} `])
      refusal(await signIn(player, transferId, wrong, code), 400, 'The old account’s password is incorrect.');
    expect((await moveRow(transferId))?.wrongPasswords).toBe(3);
    expect((await signIn(player, transferId, phpBcrypt.password, code)).body.data).toMatchObject({ balance: 800 });
  });

  it('steps out of order, and a move past its time', async () => {
    const old = await imported();
    const player = await newPlayer(server, smtp);
    const transferId = await started(player, old);
    refusal(await confirm(player, transferId), 409, 'This step of the account move is not open now.');
    refusal(
      await server.call('/v2/app/jsy/transfer/resend/validate/code', { transferId }, { token: player.token }),
      409,
      'This step of the account move is not open now.',
    );
    clock.advance(accountTransferRules.lifetimeMs);
    refusal(
      await server.call(
        '/v2/app/jsy/transfer/validate/card',
        { transferId, cardNumber: old.card },
        { token: player.token },
      ),
      409,
      'This account move has expired. Please start again.',
    );
    const list = await server.call<{ list: DeskAccountTransfer[] }>(
      '/v2/admin/account-transfer/list',
      {},
      { token: await deskToken() },
    );
    expect(list.body.data?.list.find((row) => row.transferId === transferId)?.status).toBe('expired');
  });

  it('a confirm without an idempotency key is refused', async () => {
    const old = await imported();
    const player = await newPlayer(server, smtp);
    const transferId = await signedIn(player, old);
    const response = await server.call('/v2/app/jsy/transfer/confirm', { transferId }, { token: player.token });
    expect(response.status).toBe(400);
    expect((await moveRow(transferId))?.step).toBe('signedIn');
  });
});

describe('the balance moves once', () => {
  const movedFrom = async (oldAccount: string) =>
    (await server.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.kind, 'accountTransfer'))).filter(
      (row) => row.metadata.oldAccount === oldAccount,
    );

  it('a retried confirm answers the first result and moves nothing again', async () => {
    const old = await imported(7_000);
    const player = await newPlayer(server, smtp);
    const transferId = await signedIn(player, old);
    const first = await confirm(player, transferId, 'retry-key-0001');
    const retried = await confirm(player, transferId, 'retry-key-0001');
    const other = await confirm(player, transferId);
    expect(retried.body.data).toEqual(first.body.data);
    expect(other.body.data).toEqual(first.body.data);
    expect(await coins(player)).toBe(7_000);
    expect(await movedFrom(old.account)).toHaveLength(1);
  });

  it('two confirms of one move at once move the money once', async () => {
    const old = await imported(3_000);
    const player = await newPlayer(server, smtp);
    const transferId = await signedIn(player, old);
    const answers = await Promise.all([confirm(player, transferId), confirm(player, transferId)]);
    expect(answers.map((answer) => answer.body.code)).toEqual([200, 200]);
    expect(answers[0]?.body.data).toEqual(answers[1]?.body.data);
    expect(await coins(player)).toBe(3_000);
    expect(await movedFrom(old.account)).toHaveLength(1);
  });

  it('two moves of one old account confirmed at once, in two processes, credit once', async () => {
    const old = await imported(4_000);
    const first = await newPlayer(server, smtp);
    const second = await newPlayer(server, smtp);
    const firstMove = await signedIn(first, old);
    const secondMove = await signedIn(second, old);
    const other = await server.anotherDatabase();
    try {
      const otherProcess = {
        ...server.deps.accountTransfer,
        db: other.db,
        oldPlatform: createEmbeddedOldPlatform(other.db),
      };
      const request = {
        t: server.deps.i18n.translator('en-US'),
        locale: 'en-US' as const,
        clientAddress: 'test',
        requestId: 'test',
      };
      const outcomes = await Promise.allSettled([
        confirm(first, firstMove).then((answer) => {
          if (answer.body.code !== 200) throw new Error(answer.body.msg);
          return answer.body.data;
        }),
        completeMove(
          otherProcess,
          request,
          { userId: second.userId, sessionId: 0, isAgent: false, isOperator: false, operatorRoles: [] },
          {
            transferId: secondMove,
          },
        ),
      ]);
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    } finally {
      await other.close();
    }
    expect((await coins(first)) + (await coins(second))).toBe(4_000);
    expect(await movedFrom(old.account)).toHaveLength(1);
    const completed = await server.db
      .select({ id: accountTransfers.id })
      .from(accountTransfers)
      .where(eq(accountTransfers.step, 'completed'));
    expect(completed.filter((row) => row.id === firstMove || row.id === secondMove)).toHaveLength(1);
  });
});

describe('importing the export', () => {
  it('lists the accounts just imported before any move of them, then each with its move (§17.4)', async () => {
    const deskList = async () =>
      (
        await server.call<{ list: DeskAccountTransfer[]; total: number }>(
          '/v2/admin/account-transfer/list',
          { pageNum: 1, pageSize: 100 },
          { token: await deskToken() },
        )
      ).body.data as { list: DeskAccountTransfer[]; total: number };
    const before = await deskList();
    const [first, second] = [await oldAccountRow(700), await oldAccountRow(800)];
    expect((await importCsv(`${header}\n${first.line}\n${second.line}\n`)).body.data?.imported).toBe(2);

    const afterImport = await deskList();
    expect(afterImport.total).toBe(before.total + 2);
    for (const old of [first, second])
      expect(afterImport.list.find((row) => row.oldAccount === old.account)).toMatchObject({
        transferId: null,
        account: null,
        amount: null,
        startedAt: null,
        status: 'notStarted',
      });

    const player = await newPlayer(server, smtp);
    const transferId = await started(player, first);
    const afterStart = await deskList();
    expect(afterStart.total).toBe(before.total + 2);
    expect(afterStart.list.filter((row) => row.oldAccount === first.account)).toMatchObject([
      { transferId, account: player.account, status: 'started' },
    ]);
  });

  it('reports each refused row with its reason and imports the rest; a second import adds nothing', async () => {
    const good = await oldAccountRow(900);
    const scrypt = await oldAccountRow(50, scryptHash('other pass'));
    const csv = [
      'Balance,Account,Email,Card_Numbers,Password_Hash,Note',
      `900,${good.account},${good.email},${good.card},"${await argon2Hash}",kept`,
      `50,${scrypt.account},${scrypt.email},${scrypt.card},"${scryptHash('other pass')}",`,
      `10,bad name!,x@example.test,12345678,"${await argon2Hash}",`,
      `10,hash_md5,x@example.test,12345678,"$1$abcdefgh$Qk3vH0Sd3fPz5Ijl1p1aQ.",`,
      `10,bad_mail,not-an-address,12345678,"${await argon2Hash}",`,
      `10,bad_card,x@example.test,12ab,"${await argon2Hash}",`,
      `-5,bad_balance,x@example.test,12345678,"${await argon2Hash}",`,
      `,,x@example.test,12345678,"${await argon2Hash}",`,
      `1,${good.account.toUpperCase()},${good.email},${good.card},"${await argon2Hash}",`,
      '',
    ].join('\n');
    const first = await importCsv(csv);
    expect(first.body.data?.imported).toBe(2);
    expect(first.body.data?.refused).toBe(7);
    expect(first.body.data?.rows.map((row) => [row.line, row.outcome, row.problem])).toEqual([
      [2, 'imported', null],
      [3, 'imported', null],
      [4, 'refused', 'accountFormat'],
      [5, 'refused', 'unsupportedHash'],
      [6, 'refused', 'emailFormat'],
      [7, 'refused', 'cardFormat'],
      [8, 'refused', 'balanceFormat'],
      [9, 'refused', 'missingField'],
      [10, 'refused', 'duplicateInFile'],
    ]);
    expect(first.body.data?.rows[3]?.message).toBe(
      'The password hash is not in a supported format (argon2, scrypt or bcrypt).',
    );

    const second = await importCsv(csv);
    expect(second.body.data).toMatchObject({ imported: 0, unchanged: 2, refused: 7 });
    const stored = await server.db
      .select({ n: count() })
      .from(legacyAccounts)
      .where(eq(legacyAccounts.email, good.email));
    expect(stored[0]?.n).toBe(1);

    const changed = await importCsv(
      `${header}\n${good.account},"${await argon2Hash}",${good.email},${good.card},1000\n`,
    );
    expect(changed.body.data?.rows[0]).toMatchObject({ outcome: 'refused', problem: 'importedDifferently' });
  });

  it('refuses a bcrypt hash that is malformed, of another variant, or too costly', async () => {
    const good = bcryptHash(oldPassword);
    const [, salt, digest] = /^\$2b\$04\$(.{22})(.{31})$/.exec(good) as unknown as [string, string, string];
    const otherEnding = (text: string) => text.slice(0, -1) + (text.endsWith('z') ? 'y' : 'z');
    const hashes = {
      truncated: good.slice(0, -1),
      tooLong: `${good}u`,
      outsideAlphabet: `$2b$04$${salt}${digest.slice(0, -1)}+`,
      saltEndingNotCanonical: `$2b$04$${otherEnding(salt)}${digest}`,
      digestEndingNotCanonical: `$2b$04$${salt}${otherEnding(digest)}`,
      signExtensionBug: `$2x$04$${salt}${digest}`,
      unknownVariant: `$2c$04$${salt}${digest}`,
      noVariant: `$2$04$${salt}${digest}`,
      costBelowFour: `$2b$03$${salt}${digest}`,
      costOneDigit: `$2b$4$${salt}${digest}`,
      costPlusFour: `$2b$+4$${salt}${digest}`,
    };
    const rows = await Promise.all(Object.values(hashes).map((passwordHash) => oldAccountRow(10, passwordHash)));
    const costFifteen = await oldAccountRow(10, `$2b$15$${salt}${digest}`);
    const costFourteen = await oldAccountRow(10, `$2y$14$${salt}${digest}`);
    const response = await importCsv(
      [header, ...rows.map((row) => row.line), costFifteen.line, costFourteen.line, ''].join('\n'),
    );
    expect(response.body.data?.rows.map((row) => [row.oldAccount, row.problem])).toEqual([
      ...rows.map((row) => [row.account, 'unsupportedHash']),
      [costFifteen.account, 'hashTooCostly'],
      [costFourteen.account, null],
    ]);
    const stored = await server.db
      .select({ account: legacyAccounts.account })
      .from(legacyAccounts)
      .where(
        inArray(
          legacyAccounts.account,
          [...rows, costFifteen].map((row) => row.account),
        ),
      );
    expect(stored).toEqual([]);
  });

  it('refuses argon2 and scrypt hashes whose parameters make one check too costly, saying so', async () => {
    const argon2With = async (parameters: string) => (await argon2Hash).replace(/m=\d+,t=\d+,p=\d+/, parameters);
    const scryptWith = (parameters: string) => scryptHash(oldPassword).replace(/ln=\d+,r=\d+,p=\d+/, parameters);
    const costly = [
      // The finding's hash: about 24 s and 1 GiB a check.
      await argon2With('m=1048576,t=12,p=1'),
      await argon2With('m=262145,t=1,p=1'),
      await argon2With('m=8192,t=17,p=1'),
      await argon2With('m=65536,t=1,p=17'),
      await argon2With('m=262144,t=5,p=1'),
      scryptWith('ln=21,r=8,p=1'),
      scryptWith('ln=20,r=9,p=1'),
      scryptWith('ln=14,r=8,p=65'),
    ];
    const acceptable = [
      await argon2With('m=262144,t=4,p=16'),
      await argon2With('m=65536,t=16,p=4'),
      scryptWith('ln=20,r=8,p=1'),
      scryptWith('ln=14,r=8,p=64'),
    ];
    const unreadable = [
      await argon2With('m=64,t=0,p=1'),
      await argon2With('m=64,t=1,p=9'),
      scryptWith('ln=14,r=0,p=1'),
    ];
    const rows = await Promise.all(
      [...costly, ...acceptable, ...unreadable].map((passwordHash) => oldAccountRow(10, passwordHash)),
    );
    const response = await server.call<{ rows: { oldAccount: string; problem: string | null; message: string }[] }>(
      '/v2/admin/account-transfer/import',
      { csv: [header, ...rows.map((row) => row.line), ''].join('\n') },
      { token: await deskToken(), lang: 'ja-JP' },
    );
    expect(response.body.data?.rows.map((row) => [row.oldAccount, row.problem])).toEqual([
      ...rows.slice(0, costly.length).map((row) => [row.account, 'hashTooCostly']),
      ...rows.slice(costly.length, costly.length + acceptable.length).map((row) => [row.account, null]),
      ...rows.slice(costly.length + acceptable.length).map((row) => [row.account, 'unsupportedHash']),
    ]);
    expect(response.body.data?.rows[0]?.message).toBe(
      'パスワードハッシュの計算コストが高すぎます（上限: argon2 はメモリ 256 MiB・16 パス・16 レーン・全パス合計 1 GiB、scrypt は 1 GiB、bcrypt はコスト 14）。',
    );
    const stored = await server.db
      .select({ account: legacyAccounts.account })
      .from(legacyAccounts)
      .where(
        inArray(
          legacyAccounts.account,
          rows.map((row) => row.account),
        ),
      );
    expect(stored.map((row) => row.account).sort()).toEqual(
      rows
        .slice(costly.length, costly.length + acceptable.length)
        .map((row) => row.account)
        .sort(),
    );
  });

  it('a file that cannot be read or lacks a column is refused whole', async () => {
    const row = await oldAccountRow();
    refusal(
      await importCsv(`${header}\n${row.account},"unclosed,${row.email},${row.card},1\n`),
      400,
      'The CSV file cannot be read (an unclosed quote, for example).',
    );
    refusal(
      await importCsv(`account,email,balance\n${row.account},${row.email},1\n`),
      400,
      'The header row lacks these columns: password_hash, card_numbers',
    );
    const player = await newPlayer(server, smtp);
    expect((await importCsv(`${header}\n${row.line}\n`, player.token)).status).toBe(403);
    const stored = await server.db.select().from(legacyAccounts).where(eq(legacyAccounts.account, row.account));
    expect(stored).toEqual([]);
  });
});

describe('old passwords are counted before they are hashed', () => {
  /**
   * The password step as the route runs it, but with an old platform that counts the password
   * checks (each one a hash computation) it is asked for, and from a client address of its own.
   */
  function countingService(clientAddress: string, limits: Partial<AccountTransferDeps['passwordCheckLimits']> = {}) {
    const platform = createEmbeddedOldPlatform(server.db);
    const hashes = { computed: 0 };
    const deps: AccountTransferDeps = {
      ...server.deps.accountTransfer,
      oldPlatform: {
        findAccount: (account) => platform.findAccount(account),
        verifyPassword: (account, password) => {
          hashes.computed += 1;
          return platform.verifyPassword(account, password);
        },
      },
      passwordCheckLimits: { ...server.deps.accountTransfer.passwordCheckLimits, ...limits },
    };
    const request = {
      t: server.deps.i18n.translator('en-US'),
      locale: 'en-US' as const,
      clientAddress,
      requestId: 'test',
    };
    const signIn = (player: TestPlayer, transferId: string, password: string, code: string) =>
      signInOld(
        deps,
        request,
        { userId: player.userId, sessionId: 0, isAgent: false, isOperator: false, operatorRoles: [] },
        { transferId, password, code },
      ).then(
        () => 'signedIn',
        (error: unknown) => {
          if (!(error instanceof ApiError)) throw error;
          return `${error.code} ${error.messageKey}`;
        },
      );
    return { hashes, signIn };
  }

  const cheapHash = bcryptHash(oldPassword);

  it('a wrong code and a move out of tries are refused without hashing', async () => {
    const old = await imported(100, cheapHash);
    const player = await newPlayer(server, smtp);
    const transferId = await codeSent(player, old);
    const code = await latestCode(old.email);
    const service = countingService('192.0.2.1');
    const wrongCode = code === '000000' ? '111111' : '000000';
    expect(await service.signIn(player, transferId, oldPassword, wrongCode)).toBe('400 accountTransfer.codeWrong');
    expect(service.hashes.computed).toBe(0);
    for (let attempt = 1; attempt < accountTransferRules.maxWrongPasswords; attempt++)
      expect(await service.signIn(player, transferId, 'not the password', code)).toBe(
        '400 accountTransfer.passwordWrong',
      );
    expect(await service.signIn(player, transferId, 'not the password', code)).toBe(
      '429 accountTransfer.tooManyPasswords',
    );
    expect(service.hashes.computed).toBe(accountTransferRules.maxWrongPasswords);
    expect(await service.signIn(player, transferId, oldPassword, code)).toBe('429 accountTransfer.tooManyPasswords');
    expect(service.hashes.computed).toBe(accountTransferRules.maxWrongPasswords);
  });

  it('checks of one move sent at once are counted first: no more are hashed than the move allows', async () => {
    const old = await imported(100, cheapHash);
    const player = await newPlayer(server, smtp);
    const transferId = await codeSent(player, old);
    const code = await latestCode(old.email);
    const service = countingService('192.0.2.2');
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => service.signIn(player, transferId, 'not the password', code)),
    );
    expect(service.hashes.computed).toBe(accountTransferRules.maxWrongPasswords);
    expect(answers.filter((answer) => answer === '400 accountTransfer.passwordWrong')).toHaveLength(
      accountTransferRules.maxWrongPasswords - 1,
    );
    expect(answers.filter((answer) => answer === '429 accountTransfer.tooManyPasswords')).toHaveLength(4);
    expect((await moveRow(transferId))?.wrongPasswords).toBe(accountTransferRules.maxWrongPasswords);
  });

  it('counts checks per player over moves: past the limit, a localised 429 with Retry-After, nothing hashed', async () => {
    const { limit, windowMs } = server.deps.accountTransfer.passwordCheckLimits.perPlayer;
    const old = await imported(100, cheapHash);
    const player = await newPlayer(server, smtp);
    let checks = 0;
    while (checks < limit) {
      const transferId = await codeSent(player, old);
      const code = await latestCode(old.email);
      for (let attempt = 1; attempt < accountTransferRules.maxWrongPasswords && checks < limit; attempt++, checks++)
        refusal(
          await signIn(player, transferId, 'not the password', code),
          400,
          'The old account’s password is incorrect.',
        );
    }
    const transferId = await codeSent(player, old);
    const code = await latestCode(old.email);
    const refused = await signIn(player, transferId, oldPassword, code, 'ja-JP');
    refusal(
      refused,
      429,
      `旧アカウントのパスワード確認が多すぎます。${windowMs / 1000} 秒後にもう一度お試しください。`,
    );
    expect(refused.headers.get('retry-after')).toBe(String(windowMs / 1000));
    const service = countingService('192.0.2.3');
    expect(await service.signIn(player, transferId, oldPassword, code)).toBe(
      '429 accountTransfer.tooManyPasswordChecks',
    );
    expect(service.hashes.computed).toBe(0);
    expect(await moveRow(transferId)).toMatchObject({ step: 'codeSent', wrongPasswords: 0 });
  });

  it('counts checks per client address over players', async () => {
    const old = await imported(100, cheapHash);
    const [first, second] = [await newPlayer(server, smtp), await newPlayer(server, smtp)];
    const firstMove = await codeSent(first, old);
    const firstCode = await latestCode(old.email);
    const secondMove = await codeSent(second, old);
    const secondCode = await latestCode(old.email);
    const service = countingService('192.0.2.4', { perAddress: { limit: 3, windowMs: 60 * 60_000 } });
    for (let attempt = 0; attempt < 2; attempt++)
      expect(await service.signIn(first, firstMove, 'not the password', firstCode)).toBe(
        '400 accountTransfer.passwordWrong',
      );
    expect(await service.signIn(second, secondMove, 'not the password', secondCode)).toBe(
      '400 accountTransfer.passwordWrong',
    );
    expect(await service.signIn(second, secondMove, oldPassword, secondCode)).toBe(
      '429 accountTransfer.tooManyPasswordChecks',
    );
    expect(service.hashes.computed).toBe(3);
    expect((await moveRow(secondMove))?.wrongPasswords).toBe(1);
    // From another address the same player goes on.
    expect(await countingService('192.0.2.5').signIn(second, secondMove, oldPassword, secondCode)).toBe('signedIn');
  });

  it('while the old platform’s share of hashing is busy, sign-ins go on and a check past its queue gets 429', async () => {
    const old = await imported(100, cheapHash);
    const mover = await newPlayer(server, smtp);
    const transferId = await codeSent(mover, old);
    const code = await latestCode(old.email);
    const other = await newPlayer(server, smtp);
    // Work of the test's own holds every slot of the share and every place in its queue until released.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const holding = Array.from({ length: legacyHashingRule.slots + legacyHashingRule.queueLimit }, () =>
      inLegacyHashingShare(() => released),
    );
    try {
      const busy = await signIn(mover, transferId, oldPassword, code, 'ja-JP');
      const seconds = legacyHashingRule.maxWaitMs / 1000;
      refusal(
        busy,
        429,
        `現在、旧アカウントのパスワード確認が混み合っています。${seconds} 秒後にもう一度お試しください。`,
      );
      expect(busy.headers.get('retry-after')).toBe(String(seconds));
      expect(await moveRow(transferId)).toMatchObject({ step: 'codeSent', wrongPasswords: 0 });
      const [counted] = await server.db
        .select({ hits: rateLimits.hits })
        .from(rateLimits)
        .where(eq(rateLimits.key, `accountTransfer:passwordCheck:user:${mover.userId}`));
      expect(counted?.hits ?? 0).toBe(0);

      // The portal's own sign-in does not wait for any of the share's slots.
      const signedIn = await server.call<{ token: string }>('/v2/app/auth/login', {
        account: other.account,
        password: 'Maple leaf 2026!',
        ...(await server.solvedCaptcha()),
      });
      expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
      expect(signedIn.body.data?.token).toBeTruthy();
    } finally {
      release();
      await Promise.all(holding);
    }
    expect((await signIn(mover, transferId, oldPassword, code)).body.data).toMatchObject({ balance: 100 });
  });
});
