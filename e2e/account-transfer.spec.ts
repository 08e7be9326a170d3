import type { Locale } from '@contract/locales';
import { accountTransferMachine } from '@machines/account-transfer.machine';
import { hash } from '@node-rs/argon2';
import type { APIRequestContext } from '@playwright/test';
import type { EventObject } from 'xstate';
import {
  apiCaller,
  expect,
  expectHeaderBalance,
  mailedCode,
  openSignedInDeskTab,
  operatorApiToken,
  registeredPlayer,
  test,
  text,
  useLanguage,
} from './fixtures';
import { type Adapter, outcomeActor, type Replay, replayMachinePaths, type Snapshot } from './machine-replay';

/**
 * Moving an old-platform account (docs/requirements.md §17) in Chromium against the real server:
 * the operator imports the old export on the desk, the player moves the account on the player's
 * page, the balance arrives in the header, and the desk lists the move. Then the flow's machine
 * paths, replayed as clicks.
 */

const runId = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const password = 'Maple leaf 2026!';
const oldPassword = 'Old platform pass 1';
const oldPasswordHash = hash(oldPassword);
const t = (locale: Locale, key: string, values: Record<string, string | number> = {}) =>
  text(locale, `account-transfer:${key}`, values);

interface OldAccount {
  account: string;
  email: string;
  card: string;
}

let oldCount = 0;
function newOldAccount(prefix: string): OldAccount {
  oldCount += 1;
  const account = `old_${prefix}${oldCount}`.slice(0, 40);
  return { account, email: `${account}@old.example.jp`, card: `62${Date.now() % 1e10}${oldCount}`.slice(0, 16) };
}

async function csvOf(accounts: OldAccount[], balance: number): Promise<string> {
  const digest = await oldPasswordHash;
  const rows = accounts.map((old) => `${old.account},"${digest}",${old.email},${old.card},${balance}`);
  return ['account,password_hash,email,card_numbers,balance', ...rows, ''].join('\n');
}

async function importThroughApi(request: APIRequestContext, locale: Locale, accounts: OldAccount[]) {
  const token = await operatorApiToken(request, locale);
  const report = await apiCaller(request, locale)<{ imported: number }>(
    '/v2/admin/account-transfer/import',
    { csv: await csvOf(accounts, 8_000) },
    { token },
  );
  expect(report.imported).toBe(accounts.length);
}

for (const [locale, route] of [
  ['ja-JP', '/account-transfer-jp'],
  ['en-US', '/account-transfer'],
] as const) {
  test(`an imported old account moves into the player's balance (${locale})`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const call = apiCaller(request, locale);
    const old = newOldAccount(`${runId}${locale.slice(0, 2)}`);

    // The operator imports the export on the desk: one row in, one refused with its reason.
    const { desk } = await openSignedInDeskTab(page, request, locale);
    await desk.goto('/admin/account-transfers');
    await expect(desk.getByRole('heading', { name: t(locale, 'desk.title'), level: 1 })).toBeVisible();
    const csv = `${await csvOf([old], 8_000)}bad name!,"${await oldPasswordHash}",x@old.example.jp,12345678,1\n`;
    await desk.getByTestId('legacy-csv-file').click();
    await desk
      .locator('input[type="file"]')
      .setInputFiles({ name: 'old-export.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await desk.getByTestId('legacy-csv-import').click();
    const report = desk.getByTestId('legacy-import-report');
    await expect(report.getByText(t(locale, 'desk.summary', { imported: 1, unchanged: 0, refused: 1 }))).toBeVisible();
    await expect(report.getByText(text(locale, 'server:accountTransfer.import.accountFormat'))).toBeVisible();

    // The player, signed in, moves it.
    const player = await registeredPlayer(request, call, password);
    await useLanguage(page, locale);
    await page.addInitScript((token) => localStorage.setItem('token', token), player.token);
    await page.goto(route);
    const main = page.getByRole('main');
    const variant = route === '/account-transfer-jp' ? 'japan' : 'global';
    await expect(main.getByRole('heading', { name: t(locale, `${variant}.title`), level: 1 })).toBeVisible();
    await main.getByRole('textbox', { name: t(locale, 'oldAccount.label') }).fill(old.account);
    await main.getByTestId('transfer-account-submit').click();
    await main.getByRole('textbox', { name: t(locale, 'card.label') }).fill(old.card);
    await main.getByTestId('transfer-card-submit').click();
    await expect(main.getByTestId('transfer-resend')).toBeDisabled();
    await main.getByLabel(t(locale, 'code.passwordLabel')).fill(oldPassword);
    await main.getByRole('textbox', { name: t(locale, 'code.codeLabel') }).fill(await mailedCode(request, old.email));
    await main.getByTestId('transfer-sign-in-submit').click();
    await expect(main.getByTestId('transfer-old-balance')).toHaveText(t(locale, 'review.balance', { amount: '8,000' }));
    await main.getByTestId('transfer-confirm').click();
    await expect(main.getByTestId('transfer-moved')).toHaveText(t(locale, 'moved.done', { amount: '8,000' }));
    await expectHeaderBalance(page, locale, '8,000');

    // The desk lists the move as completed.
    await desk.reload();
    const row = desk.locator(`tr[data-old-account="${old.account}"]`);
    await expect(row).toContainText(player.account);
    await expect(row).toContainText(t(locale, 'desk.status.completed'));
  });
}

/* The machine's paths. Outcomes come from the server; only a confirm's network failure is made here. */

const locale: Locale = 'ja-JP';
/** Per path: the old accounts imported for it (one per successful check), and the one in use. */
const pathAccounts = new Map<string, { unused: OldAccount[]; current: OldAccount | null }>();
const nextOutcome = (path: Replay['path'], index: number) => {
  const next = path.steps[index + 1]?.event;
  return next ? outcomeActor(next.type) : null;
};

const adapter: Adapter = {
  machine: accountTransferMachine,
  events: [
    { type: 'oldAccount.submit', oldAccount: 'x' },
    { type: 'card.submit', cardNumber: '12345678' },
    { type: 'code.resend' },
    { type: 'signIn.submit', password: oldPassword, code: '123456' },
    { type: 'move.confirm' },
    { type: 'restart' },
    { type: 'xstate.done.actor.validateAccount', output: { transferId: 'transfer-id-0000' } },
    { type: 'xstate.error.actor.validateAccount', error: Object.assign(new Error('refused'), { code: 404 }) },
    {
      type: 'xstate.done.actor.proveCard',
      output: { maskedEmail: 'o***@x', codeExpiresAt: '', resendAvailableAt: '' },
    },
    { type: 'xstate.error.actor.proveCard', error: Object.assign(new Error('refused'), { code: 400 }) },
    { type: 'xstate.error.actor.resendCode', error: Object.assign(new Error('wait'), { code: 429 }) },
    { type: 'xstate.done.actor.signIn', output: { oldAccount: 'x', balance: 8_000 } },
    { type: 'xstate.error.actor.signIn', error: Object.assign(new Error('refused'), { code: 400 }) },
    { type: 'xstate.done.actor.confirmMove', output: { amount: 8_000, balance: 8_000 } },
    { type: 'xstate.error.actor.confirmMove', error: new Error('network') },
  ] as EventObject[],
  serializeState: (snapshot: Snapshot) => JSON.stringify([snapshot.value, snapshot.context.refusal !== null]),
  // The resend countdown is a real minute on the server: a resend within it is refused, and the
  // paths do not wait it out (the model test covers the countdown).
  unsupported: () => null,
  inFlight: ['checkingOldAccount', 'checkingCard', { enteringCode: 'resending' }, 'signingIn', 'moving'],
  calls: {
    validateAccount: '/v2/app/jsy/transfer/validate',
    proveCard: '/v2/app/jsy/transfer/validate/card',
    resendCode: '/v2/app/jsy/transfer/resend/validate/code',
    signIn: '/v2/app/jsy/transfer/login',
    confirmMove: '/v2/app/jsy/transfer/confirm',
  },
  networkFailures: ['confirmMove'],
  async start({ page, request, tag, path }) {
    const call = apiCaller(request, locale);
    const checks = path.steps.filter((step) => step.event.type === 'xstate.done.actor.validateAccount').length;
    const unused = Array.from({ length: checks }, () => newOldAccount(tag));
    if (unused.length > 0) await importThroughApi(request, locale, unused);
    pathAccounts.set(tag, { unused, current: null });
    const player = await registeredPlayer(request, call, password);
    await page.addInitScript(
      ([token, lng]) => {
        localStorage.setItem('token', token);
        localStorage.setItem('lang', lng);
      },
      [player.token, locale] as const,
    );
    await page.goto('/account-transfer');
  },
  async perform({ page, request, path, tag }, step, index) {
    const main = page.getByRole('main');
    const accounts = pathAccounts.get(tag)!;
    const succeeds = nextOutcome(path, index)?.[1] === 'done';
    switch (step.event.type) {
      case 'oldAccount.submit': {
        if (succeeds) accounts.current = accounts.unused.shift() ?? null;
        const name = succeeds ? (accounts.current?.account ?? '') : `nobody_${tag}`;
        await main.getByRole('textbox', { name: t(locale, 'oldAccount.label') }).fill(name);
        await main.getByTestId('transfer-account-submit').click();
        break;
      }
      case 'card.submit':
        await main
          .getByRole('textbox', { name: t(locale, 'card.label') })
          .fill(succeeds ? (accounts.current?.card ?? '') : '99999999');
        await main.getByTestId('transfer-card-submit').click();
        break;
      case 'code.resend':
        await main.getByTestId('transfer-resend').click();
        break;
      case 'signIn.submit': {
        const code = await mailedCode(request, accounts.current?.email ?? '');
        await main.getByLabel(t(locale, 'code.passwordLabel')).fill(oldPassword);
        await main
          .getByRole('textbox', { name: t(locale, 'code.codeLabel') })
          .fill(succeeds ? code : code === '000000' ? '111111' : '000000');
        await main.getByTestId('transfer-sign-in-submit').click();
        break;
      }
      case 'move.confirm':
        await main.getByTestId('transfer-confirm').click();
        break;
      case 'restart': {
        const fromMoved = path.steps[index - 1]?.state.matches('moved');
        await main.getByRole('button', { name: t(locale, fromMoved ? 'moved.another' : 'restart') }).click();
        break;
      }
    }
  },
  async check({ page }, snapshot) {
    const main = page.getByRole('main');
    // A call in flight may already have been answered: the page is then on the step its outcome leads to.
    if (adapter.inFlight.some((state) => snapshot.matches(state))) return;
    if (snapshot.matches('enteringOldAccount'))
      await expect(main.getByRole('textbox', { name: t(locale, 'oldAccount.label') })).toBeVisible();
    else if (snapshot.matches('enteringCard'))
      await expect(main.getByRole('textbox', { name: t(locale, 'card.label') })).toBeVisible();
    else if (snapshot.matches('enteringCode')) {
      await expect(main.getByRole('textbox', { name: t(locale, 'code.codeLabel') })).toBeVisible();
      await (snapshot.matches({ enteringCode: 'resendOpen' })
        ? expect(main.getByTestId('transfer-resend')).toBeEnabled()
        : expect(main.getByTestId('transfer-resend')).toBeDisabled());
    } else if (snapshot.matches('reviewingBalance'))
      await expect(main.getByTestId('transfer-old-balance')).toHaveText(
        t(locale, 'review.balance', { amount: '8,000' }),
      );
    else if (snapshot.matches('moved'))
      await expect(main.getByTestId('transfer-moved')).toHaveText(t(locale, 'moved.done', { amount: '8,000' }));
    if (snapshot.context.refusal !== null)
      await expect(main.locator('[role="alert"], [aria-invalid="true"]').first()).toBeVisible();
  },
};

replayMachinePaths({ accountTransfer: adapter }, runId, 120_000);
