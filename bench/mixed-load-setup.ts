/**
 * The players of the mixed load, made the way the product makes them: registered with the code of
 * the registration mail, personal information and ID number, a bank card in their own name,
 * identity photos approved by an operator, and a pay password. Every step is a call of the real
 * API, made in-process on the app composed as in production (server/compose.ts) before the server
 * processes start; the one difference is the registration mails per client address, raised
 * because every bench player comes from one address. Mail is held in the outbox (no SMTP server),
 * where the code is read as the player would read it in the mail. The operator is made with the
 * operator set-up service (what `npm run operator:create` runs) and signs in with password and
 * authenticator code.
 */
import { randomInt } from 'node:crypto';
import { systemClock } from '@server/clock';
import { composeApp } from '@server/compose';
import { type Database, openDatabase } from '@server/db/client';
import { mailOutbox } from '@server/db/schema/auth';
import { seedDatabase } from '@server/db/seed';
import { createLogger } from '@server/logger';
import { setUpOperator } from '@server/modules/admin/operator-accounts';
import { totpCodeAt } from '@server/shared/totp';
import { and, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';

export interface BenchPlayer {
  account: string;
  userId: number;
  token: string;
  cardId: number;
  payPassword: string;
  /** The card's account number ends in 0000, which the sandbox bank refuses: its payouts fail and are refunded. */
  payoutFails: boolean;
}

export interface PreparedHall {
  players: BenchPlayer[];
  operatorToken: string;
}

const password = 'Mixed-load-Passw0rd-5b17';
/** The desk's sign-in needs a captcha: the set-up's app draws this text on every one. */
const deskCaptchaText = 'b3nch';
const payPassword = '482915';
const names = { firstName: '太郎', lastName: '山田', pinyinName: 'ヤマダ タロウ' };
/** Players set up at once; each costs two argon2id hashes and one verification. */
const setupConcurrency = 4;
/** One player in this many has a card the sandbox bank refuses payouts to. */
const failingPayoutEvery = 8;

type InProcessApp = Awaited<ReturnType<typeof composeApp>>['app'];

interface Session {
  xsrf: Record<string, string>;
  token?: string;
}

async function newBrowser(app: InProcessApp): Promise<Session> {
  const response = await app.request('/v2/xsrf');
  const cookie = (response.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
  return { xsrf: { cookie, 'x-xsrf-token': cookie.slice(cookie.indexOf('=') + 1) } };
}

async function call<T>(app: InProcessApp, session: Session, path: string, body: unknown): Promise<T> {
  const response = await app.request(path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'accept-language': 'ja-JP',
      ...session.xsrf,
      ...(session.token ? { token: session.token } : {}),
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  const envelope = JSON.parse(text) as { code?: number; data?: T };
  if (response.status !== 200 || envelope.code !== 200)
    throw new Error(`set-up call ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return envelope.data as T;
}

/** A small real photo, as the identity page sends it after its compressor. */
async function photo(format: 'jpeg' | 'png' | 'webp'): Promise<string> {
  const bytes = await sharp({ create: { width: 64, height: 40, channels: 3, background: { r: 180, g: 120, b: 60 } } })
    .toFormat(format)
    .toBuffer();
  return `data:image/${format};base64,${bytes.toString('base64')}`;
}

/** A seven-digit account number; the sandbox bank refuses payouts to those ending in 0000. */
function accountNumber(refused: boolean): string {
  if (refused) return `${randomInt(100, 1000)}0000`;
  const number = String(randomInt(1_000_000, 10_000_000));
  return number.endsWith('0000') ? accountNumber(false) : number;
}

export async function prepareHall(
  databaseUrl: string,
  playerCount: number,
  fileStorageDir: string,
): Promise<PreparedHall> {
  const database = await openDatabase({ databaseUrl, poolSize: setupConcurrency * 2 });
  try {
    await database.migrate();
    await seedDatabase(database.db);
    const { app, deps, stopBackgroundWork } = await composeApp(database, {
      logger: createLogger('silent'),
      production: true,
      publicUrl: 'http://127.0.0.1',
      staticDir: null,
      fileStorageDir,
      authLimits: { emailPerAddress: { limit: playerCount * 2, windowMs: 60 * 60 * 1000 } },
      captchaText: () => deskCaptchaText,
    });
    try {
      const operator = await signedInOperator(app, database.db);
      const photos = { front: await photo('jpeg'), back: await photo('png'), handheld: await photo('webp') };
      const setUp: PlayerSetUp = { app, db: deps.db, operator, photos };
      const players: BenchPlayer[] = [];
      for (let first = 0; first < playerCount; first += setupConcurrency) {
        const batch = Array.from({ length: Math.min(setupConcurrency, playerCount - first) }, (_, offset) =>
          preparePlayer(setUp, first + offset),
        );
        players.push(...(await Promise.all(batch)));
      }
      return { players, operatorToken: operator.token };
    } finally {
      await stopBackgroundWork();
    }
  } finally {
    await database.close();
  }
}

/** The desk's operator, made and signed in with password, captcha and authenticator code. */
async function signedInOperator(app: InProcessApp, db: Database): Promise<Required<Session>> {
  const desk = await setUpOperator(db, systemClock, {
    username: 'benchdesk',
    email: 'bench.desk@example.test',
    password,
  });
  const operator = await newBrowser(app);
  const { uuid } = await call<{ uuid: string }>(app, operator, '/v2/app/auth/captcha', {});
  const signedIn = await call<{ token: string }>(app, operator, '/v2/admin/auth/login', {
    account: desk.username,
    password,
    uuid,
    qrcode: deskCaptchaText,
    totpCode: totpCodeAt(desk.totpSecret, systemClock.now()),
  });
  return { ...operator, token: signedIn.token };
}

interface PlayerSetUp {
  app: InProcessApp;
  db: Database;
  /** Approves each player's identity photos. */
  operator: Session;
  photos: { front: string; back: string; handheld: string };
}

/** The code of the latest registration mail to `email`, read from the outbox as the player reads the mail. */
async function registrationCode(db: Database, email: string): Promise<string> {
  const [mail] = await db
    .select({ text: mailOutbox.textBody })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.recipient, email), eq(mailOutbox.kind, 'registerCode')))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  const code = mail?.text.match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error(`no registration code was mailed to ${email}`);
  return code;
}

async function preparePlayer({ app, db, operator, photos }: PlayerSetUp, index: number): Promise<BenchPlayer> {
  const account = `mixload${index}`;
  const email = `${account}@example.test`;
  const player = await newBrowser(app);
  await call(app, player, '/v2/app/register/send/email/code', { email });
  await call(app, player, '/v2/app/register/valid', {
    email,
    code: await registrationCode(db, email),
    acceptTerms: true,
  });
  player.token = (
    await call<{ token: string }>(app, player, '/v2/app/register/user', { account, email, password })
  ).token;
  await call(app, player, '/v2/app/user/update', {
    ...names,
    phone: `+8190${randomInt(10_000_000, 100_000_000)}`,
    nickname: account,
  });
  await call(app, player, '/v2/app/user/update/idNumber', {
    idNumber: `MX${index}${randomInt(100_000, 1_000_000)}`,
  });
  const payoutFails = index % failingPayoutEvery === failingPayoutEvery - 1;
  const card = await call<{ id: number }>(app, player, '/v2/app/user/bank/save', {
    bankCode: '0005',
    branchCode: '123',
    branchName: '渋谷支店',
    cardNumber: accountNumber(payoutFails),
    holderFirstName: names.firstName,
    holderLastName: names.lastName,
    holderPinyinName: names.pinyinName,
  });
  const submission = await call<{ id: number }>(app, player, '/v2/app/user/kyc/add', photos);
  await call(app, operator, '/v2/admin/kyc/approve', { submissionId: submission.id });
  await call(app, player, '/v2/app/auth/password/update/payment', { newPayPassword: payPassword, password });
  const profile = await call<{ userId: number }>(app, player, '/v2/app/user/info', {});
  return { account, userId: profile.userId, token: player.token, cardId: card.id, payPassword, payoutFails };
}
