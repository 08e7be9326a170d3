import { closeSync, existsSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Locale } from '@contract/locales';
import { type APIRequestContext, test as base, expect, type Locator, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';

export { expect };

type Messages = Record<string, unknown>;
const messageCache = new Map<string, Messages>();

/**
 * A text of the product's locale files, so specs follow the real wording in every language: with
 * i18next's plural keys (`_one`, `_other`, by `count`) and `{{name, number}}` formatted for the locale.
 */
export function text(locale: Locale, key: string, values: Record<string, string | number> = {}): string {
  const [namespace = 'common', ...rest] = key.includes(':') ? key.split(':') : ['common', key];
  const file = path.resolve('locales', locale, `${namespace}.json`);
  let messages = messageCache.get(file);
  if (!messages) {
    messages = JSON.parse(readFileSync(file, 'utf8')) as Messages;
    messageCache.set(file, messages);
  }
  const parts = rest.join(':').split('.');
  const last = parts.pop() ?? '';
  let parent: unknown = messages;
  for (const part of parts) parent = (parent as Messages | undefined)?.[part];
  const plural = typeof values.count === 'number' ? `${last}_${new Intl.PluralRules(locale).select(values.count)}` : '';
  const value =
    (parent as Messages | undefined)?.[last] ?? (plural ? (parent as Messages | undefined)?.[plural] : undefined);
  if (typeof value !== 'string') throw new Error(`No text ${locale}/${namespace}:${rest.join(':')}`);
  return value.replace(/\{\{\s*(\w+)\s*(,\s*number\s*)?\}\}/g, (_, name: string, number?: string) => {
    const given = values[name];
    if (given === undefined) return `{{${name}}}`;
    return number && typeof given === 'number' ? new Intl.NumberFormat(locale).format(given) : String(given);
  });
}

/**
 * The text every captcha shows on the browser-test server (scripts/e2e-server.sh passes it on as
 * TEST_CAPTCHA_TEXT), so a test can give the right answer as well as a wrong one.
 */
export const captchaText = process.env.E2E_CAPTCHA_TEXT ?? 'h4ll7';

/** Starts every page of the test in the given language, as a visitor who chose it earlier would. */
export async function useLanguage(page: Page, locale: Locale): Promise<void> {
  await page.addInitScript((lng) => {
    // Only on the first load: a test that switches language must see its own choice survive reloads.
    if (!sessionStorage.getItem('e2e-language-set')) {
      localStorage.setItem('lang', lng);
      sessionStorage.setItem('e2e-language-set', '1');
    }
  }, locale);
}

/**
 * The XSRF cookie the request context holds, asked for once: the server keeps a genuine cookie and
 * issues a new one only in place of a missing or forged one.
 */
async function xsrfToken(request: APIRequestContext): Promise<string> {
  const held = async () => (await request.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
  const token = await held();
  if (token) return token;
  await request.get('/v2/xsrf');
  return (await held()) ?? '';
}

/** Calls the product's API the way the SPA does: the XSRF cookie echoed in the header. */
export async function callApi<T>(
  request: APIRequestContext,
  apiPath: string,
  body: unknown,
  locale: Locale,
): Promise<T> {
  const xsrf = await xsrfToken(request);
  const response = await request.post(apiPath, {
    data: body,
    headers: { 'x-xsrf-token': xsrf, 'accept-language': locale },
  });
  expect(response.status(), `${apiPath} answered ${response.status()}`).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

export interface OperatorCredentials {
  account: string;
  password: string;
  otpauthUrl: string;
}

/**
 * Who an operator of the browser-test server is for: `desk`, the session every worker shares for
 * the desk in a second tab and decisions through the API; `signInReplay`, the desk sign-in replay's;
 * `signInJa` and `signInEn`, the journeys that sign in on the desk's page in that language;
 * `operators`, the journey that makes operators; `fourEyesFirst` and `fourEyesSecond`, the two
 * operators of a payout that takes two. Each authenticator code works once per operator:
 * operators of their own keep sign-ins that may run at the same moment from waiting for the next code.
 */
export type OperatorRole =
  | 'desk'
  | 'signInReplay'
  | 'signInJa'
  | 'signInEn'
  | 'operators'
  | 'fourEyesFirst'
  | 'fourEyesSecond';

/**
 * Inside a desk journey: an operator the browser-test server made with `npm run operator:create`
 * (scripts/e2e-server.sh names them in E2E_OPERATOR_FILE). A reused local server that named none skips
 * the journey; in CI the server always comes from that script, so a missing operator fails it.
 */
export function deskOperator(role: OperatorRole = 'desk'): OperatorCredentials {
  const file = process.env.E2E_OPERATOR_FILE;
  if (file && existsSync(file))
    return (JSON.parse(readFileSync(file, 'utf8')) as Record<typeof role, OperatorCredentials>)[role];
  const missing = 'needs E2E_OPERATOR_FILE naming an operator made by npm run operator:create';
  if (process.env.CI) throw new Error(missing);
  base.skip(true, missing);
  throw new Error('test.skip did not stop the test');
}

/**
 * The review desk (/admin) in a second tab of the page's browser, in the given language. Its errors
 * are collected like the page's, except the refusal a reused authenticator code provokes.
 */
export async function openDeskTab(page: Page, locale: Locale): Promise<{ desk: Page; deskErrors: string[] }> {
  const desk = await page.context().newPage();
  const deskErrors: string[] = [];
  desk.on('console', (message) => {
    const refusedSignIn = message.text().includes('the server responded with a status of 400');
    if (message.type() === 'error' && !refusedSignIn) deskErrors.push(`console: ${message.text()}`);
  });
  desk.on('pageerror', (error) => deskErrors.push(`page error: ${error.message}`));
  await useLanguage(desk, locale);
  return { desk, deskErrors };
}

/**
 * Signs the operator in on the desk's sign-in page (the page must show it) with the password, the
 * captcha and the authenticator's current code. Each code works once: when a test in another worker used this
 * period's code first, the desk refuses it, and the next period's code is typed.
 */
export async function signInOnDesk(page: Page, locale: Locale, credentials: OperatorCredentials): Promise<void> {
  const totp = OTPAuth.URI.parse(credentials.otpauthUrl) as OTPAuth.TOTP;
  const signedIn = page.getByTestId('desk-operator');
  const refused = page.getByText(text(locale, 'server:admin.signInRefused'));
  await page.getByRole('textbox', { name: text(locale, 'admin:signIn.account') }).fill(credentials.account);
  await page
    .getByRole('textbox', { name: text(locale, 'admin:signIn.password'), exact: true })
    .fill(credentials.password);
  for (let attempt = 0; attempt < 4; attempt += 1) {
    const period = OTPAuth.TOTP.counter({ period: totp.period });
    // Every try spends the captcha, and a refusal draws a new one with the answer cleared.
    await expect(page.getByTestId('captcha-image')).toBeVisible();
    await page.getByRole('textbox', { name: text(locale, 'auth:labels.captcha') }).fill(captchaText);
    await page.getByRole('textbox', { name: text(locale, 'admin:signIn.totpCode'), exact: true }).fill(totp.generate());
    await page.getByRole('button', { name: text(locale, 'admin:signIn.submit') }).click();
    await expect(signedIn.or(refused)).toBeVisible({ timeout: 15_000 });
    if (await signedIn.isVisible()) return;
    await expect
      .poll(() => OTPAuth.TOTP.counter({ period: totp.period }), { timeout: 35_000, intervals: [500] })
      .toBeGreaterThan(period);
  }
  throw new Error('the desk refused every authenticator code');
}

export type Call = <T>(
  path: string,
  body: unknown,
  options?: { token?: string; idempotencyKey?: string },
) => Promise<T>;

/** The operator who signs in on the desk's page in a journey in this language (see `OperatorRole`). */
export function pageSignInOperator(locale: Locale): OperatorCredentials {
  return deskOperator(locale === 'ja-JP' ? 'signInJa' : 'signInEn');
}

/** Calls the API as the SPA does (XSRF echoed), failing the test on any refusal. */
export function apiCaller(request: APIRequestContext, locale: Locale): Call {
  return async <T>(path: string, body: unknown, options: { token?: string; idempotencyKey?: string } = {}) => {
    const xsrf = await xsrfToken(request);
    const response = await request.post(path, {
      data: body,
      headers: {
        'x-xsrf-token': xsrf,
        'accept-language': locale,
        ...(options.token ? { token: options.token } : {}),
        ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
      },
    });
    const envelope = (await response.json()) as { code: number; msg: string; data: T };
    expect(envelope.code, `${path}: ${envelope.msg}`).toBe(200);
    return envelope.data;
  };
}

interface OperatorApiSession {
  token: string;
  userId: number;
  account: string;
  expiresAt: string;
  roles: string[];
}

let operatorApiSession: Promise<OperatorApiSession> | null = null;

/**
 * An operator session opened through the desk's API (password, captcha, authenticator code), once
 * per run: the first worker to need it signs in and leaves the session in E2E_OPERATOR_SESSION_FILE
 * (named by playwright.config.ts for the run), and the other workers, and those started later, take
 * it from there. Each authenticator code works once, so a second sign-in within the same 30 seconds
 * would wait for the next code.
 */
function operatorSession(request: APIRequestContext, locale: Locale): Promise<OperatorApiSession> {
  operatorApiSession ??= sharedOperatorSession(() => signInOperatorApi(request, locale));
  // A failed sign-in is not kept: the next test tries again.
  operatorApiSession.catch(() => {
    operatorApiSession = null;
  });
  return operatorApiSession;
}

/**
 * The run's stored operator session, or one opened by `signIn` and stored. A lock file holding the
 * pid of the worker signing in keeps the others waiting for the session; the lock of a worker that
 * has gone (a test timed out in the middle) is taken over.
 */
async function sharedOperatorSession(signIn: () => Promise<OperatorApiSession>): Promise<OperatorApiSession> {
  const file = process.env.E2E_OPERATOR_SESSION_FILE;
  if (!file) return signIn();
  const lock = `${file}.lock`;
  const stored = () => (existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as OperatorApiSession) : null);
  const lockHolderGone = () => {
    try {
      process.kill(Number(readFileSync(lock, 'utf8')), 0);
      return false;
    } catch {
      return true;
    }
  };
  for (;;) {
    const found = stored();
    if (found) return found;
    try {
      const handle = openSync(lock, 'wx');
      writeFileSync(handle, String(process.pid));
      closeSync(handle);
    } catch {
      // Another worker is signing in: wait for its session, or for its lock to go.
      await expect
        .poll(() => existsSync(file) || !existsSync(lock) || lockHolderGone(), {
          message: 'the operator sign-in of another worker',
          timeout: 120_000,
        })
        .toBe(true);
      if (!existsSync(file) && existsSync(lock) && lockHolderGone()) rmSync(lock, { force: true });
      continue;
    }
    try {
      const session = await signIn();
      writeFileSync(`${file}.${process.pid}`, JSON.stringify(session));
      renameSync(`${file}.${process.pid}`, file);
      return session;
    } finally {
      rmSync(lock, { force: true });
    }
  }
}

async function signInOperatorApi(request: APIRequestContext, locale: Locale): Promise<OperatorApiSession> {
  const operator = deskOperator();
  const totp = OTPAuth.URI.parse(operator.otpauthUrl) as OTPAuth.TOTP;
  for (let attempt = 0; attempt < 4; attempt += 1) {
    const period = OTPAuth.TOTP.counter({ period: totp.period });
    const { uuid } = await apiCaller(request, locale)<{ uuid: string }>('/v2/app/auth/captcha', {});
    const { cookies } = await request.storageState();
    const xsrf = cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
    const answer = await request.post('/v2/admin/auth/login', {
      data: {
        account: operator.account,
        password: operator.password,
        uuid,
        qrcode: captchaText,
        totpCode: totp.generate(),
      },
      headers: { 'x-xsrf-token': xsrf, 'accept-language': locale },
    });
    const envelope = (await answer.json()) as { code: number; data: OperatorApiSession };
    if (envelope.code === 200) return envelope.data;
    await expect
      .poll(() => OTPAuth.TOTP.counter({ period: totp.period }), { timeout: 35_000, intervals: [500] })
      .toBeGreaterThan(period);
  }
  throw new Error('the desk refused every authenticator code');
}

/** The token of the worker's operator session, for tests that decide on the desk without showing it. */
export async function operatorApiToken(request: APIRequestContext, locale: Locale): Promise<string> {
  return (await operatorSession(request, locale)).token;
}

/**
 * The desk in a second tab, already signed in with the worker's operator session (as the desk keeps
 * it after its own sign-in, which admin-desk.spec.ts tests on the page).
 */
export async function openSignedInDeskTab(
  page: Page,
  request: APIRequestContext,
  locale: Locale,
): Promise<{ desk: Page; deskErrors: string[] }> {
  const session = await operatorSession(request, locale);
  const opened = await openDeskTab(page, locale);
  await opened.desk.addInitScript((stored) => localStorage.setItem('operatorSession', stored), JSON.stringify(session));
  return opened;
}

/** The six-digit code of the newest mail to `email` in the server's outbox (/dev/mailbox). */
export async function mailedCode(request: APIRequestContext, email: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const html = await (await request.get('/dev/mailbox')).text();
      const newest = html.split('<article>').find((part) => part.includes(`To: ${email}`));
      code = newest ? /\b(\d{6})\b/.exec(newest.slice(newest.indexOf('<pre>')))?.[1] : undefined;
      return code;
    })
    .toBeDefined();
  return code!;
}

/** A newly registered player, signed in, with no coins. */
export async function registeredPlayer(
  request: APIRequestContext,
  call: Call,
  password: string,
): Promise<{ token: string; account: string }> {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const account = `hana${stamp}`.slice(0, 20);
  const email = `${account}@example.jp`;
  await call('/v2/app/register/send/email/code', { email });
  await call('/v2/app/register/valid', { email, code: await mailedCode(request, email), acceptTerms: true });
  const { token } = await call<{ token: string }>('/v2/app/register/user', { account, email, password });
  return { token, account };
}

/**
 * Seats the player at a free machine of the kind, trying them in random order (another worker's
 * players take machines too, so one taken since the list was read is passed over), and answers its
 * launch URL.
 */
export async function launchFreeMachine(call: Call, token: string, kind: string): Promise<URL> {
  const hall = await call<{ kind: string; machines: { id: number; state: string }[] }[]>(
    '/v2/app/game/machines',
    {},
    { token },
  );
  const free = hall
    .filter((game) => game.kind === kind)
    .flatMap((game) => game.machines.filter((machine) => machine.state === 'free'))
    .sort(() => Math.random() - 0.5);
  for (const machine of free) {
    try {
      return new URL((await call<{ url: string }>('/v2/app/game/launch', { machineId: machine.id }, { token })).url);
    } catch {
      // Taken since the list was read.
    }
  }
  throw new Error(`no free ${kind} machine could be taken`);
}

/** A newly registered player with a profile, a bound card and `amount` coins paid on the sandbox checkout. */
export async function fundedPlayer(
  request: APIRequestContext,
  call: Call,
  password: string,
  amount = 5_000,
): Promise<{ token: string; account: string }> {
  const player = await registeredPlayer(request, call, password);
  await depositThroughSandbox(request, call, player.token, amount);
  return player;
}

/**
 * Gives a signed-in player with no card yet a profile and a bound card, and `amount` yen paid on the
 * sandbox checkout, waiting until the coins are in the balance.
 */
export async function depositThroughSandbox(
  request: APIRequestContext,
  call: Call,
  token: string,
  amount: number,
): Promise<void> {
  const before = (await call<{ balance: number }>('/v2/app/user/info', {}, { token })).balance;
  await call('/v2/app/user/update', { firstName: '花子', lastName: '山田', pinyinName: 'ヤマダ ハナコ' }, { token });
  const card = await call<{ id: number }>(
    '/v2/app/user/bank/save',
    {
      bankCode: '0005',
      cardNumber: `${100_000 + Math.floor(Math.random() * 900_000)}7`,
      branchCode: '123',
      branchName: '渋谷支店',
      holderFirstName: '花子',
      holderLastName: '山田',
      holderPinyinName: 'ヤマダ ハナコ',
    },
    { token },
  );
  const channels = await call<{ id: string; mode: string }[]>('/v2/app/pay/query', {}, { token });
  const channel = channels.find((candidate) => candidate.mode === 'automatic');
  expect(channel, 'an automatic (sandbox) deposit channel').toBeDefined();
  const { instructions } = await call<{ instructions: { kind: string; url?: string } }>(
    '/v2/app/pay/order',
    { channelId: channel?.id, amount, bankCardId: card.id },
    { token, idempotencyKey: crypto.randomUUID() },
  );
  expect(instructions.kind).toBe('redirect');
  // The payer's click on the sandbox checkout page.
  const paid = await request.post(`${new URL(instructions.url ?? '').pathname}/pay`, { maxRedirects: 0 });
  expect(paid.status()).toBe(303);
  await expect
    .poll(async () => (await call<{ balance: number }>('/v2/app/user/info', {}, { token })).balance, {
      timeout: 15_000,
    })
    .toBe(before + amount);
}

/** Signs a player in through the API, as the sign-in dialog does (the test server's captcha text is known). */
export async function signedInToken(call: Call, account: string, password: string): Promise<string> {
  const { uuid } = await call<{ uuid: string }>('/v2/app/auth/captcha', {});
  const { token } = await call<{ token: string }>('/v2/app/auth/login', {
    account,
    password,
    uuid,
    qrcode: captchaText,
  });
  return token;
}

/** The balance in the header, once it shows `amount` (it follows the ledger without a reload). */
export async function expectHeaderBalance(page: Page, locale: Locale, amount: string): Promise<void> {
  await expect(
    page.getByRole('banner').getByRole('status', { name: text(locale, 'layout.balance', { amount }) }),
  ).toBeVisible({ timeout: 15_000 });
}

/**
 * Stops the page's running clock (installed by `page.clock.install()`) `ms` after the page's time
 * now. A machine slower than the margin has the page's time past the mark before the pause arrives,
 * which Playwright refuses; the pause is then asked for again from the page's new time.
 */
export async function pauseClockSoon(page: Page, ms: number): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + ms);
      return;
    } catch (error) {
      if (attempt >= 10 || !String(error).includes('Cannot fast-forward to the past')) throw error;
    }
  }
}

/**
 * Waits until `shown` is visible while moving the page's clock (installed by `page.clock.install()`
 * before the page loaded) on half a second at a time: the timers of animations and pauses run out at
 * once, and every call to the server still takes its real time.
 */
export async function runClockUntilVisible(page: Page, shown: Locator, timeout: number): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.clock.runFor(500);
        return shown.isVisible();
      },
      { message: 'visible while the clock runs', timeout, intervals: [50] },
    )
    .toBe(true);
}

/** The path of the page's current URL. */
export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/**
 * Every test fails when the page logged an error to the console or threw: a page that renders
 * but breaks underneath is not a passing page.
 */
export const test = base.extend<{ pageErrors: string[] }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`console: ${message.text()}`);
      });
      page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
      await use(errors);
      expect(errors, `errors in the page:\n${errors.join('\n')}`).toEqual([]);
    },
    { auto: true },
  ],
});
