import type { Locale } from '@contract/locales';
import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import {
  apiCaller,
  type Call,
  expect,
  expectHeaderBalance,
  mailedCode,
  openDeskTab,
  pageSignInOperator,
  runClockUntilVisible,
  signInOnDesk,
  test,
  text,
  useLanguage,
} from './fixtures';

/**
 * Withdrawals in the browser, in Japanese and in English, reviewed by an operator on the review desk
 * (/admin) in a second tab of the same browser: the operator signs in with password and
 * authenticator code, approves the player's identity, rejects a withdrawal with a reason, and the
 * player's page shows the reason and the coins come back; a second request is approved and paid out
 * by the sandbox bank. The records and the header balance follow every step without a reload, and
 * the desk's session never touches the player's.
 *
 * Reviews need an operator account with its authenticator secret, made by `npm run operator:create`
 * on the server's database before the server starts. The browser-test server names it in a JSON file
 * at E2E_OPERATOR_FILE (see `pageSignInOperator`); without one these tests cannot run.
 */

const password = 'Sakura-2024!x';
const payPassword = '246801';
const finance = (locale: Locale, key: string, values: Record<string, string | number> = {}) =>
  text(locale, `finance:${key}`, values);
const record = (locale: Locale, key: string) => text(locale, `record:${key}`);
const admin = (locale: Locale, key: string, values: Record<string, string | number> = {}) =>
  text(locale, `admin:${key}`, values);

async function photo(): Promise<string> {
  const bytes = await sharp({ create: { width: 64, height: 40, channels: 3, background: { r: 120, g: 60, b: 30 } } })
    .jpeg()
    .toBuffer();
  return `data:image/jpeg;base64,${bytes.toString('base64')}`;
}

/** A registered player with a bound card, identity photos sent for review, a payment password and 20,000 coins paid on the sandbox checkout. */
async function fundedPlayer(request: APIRequestContext, call: Call): Promise<{ token: string; username: string }> {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const username = `hanako${stamp}`.slice(0, 20);
  const email = `${username}@example.jp`;
  await call('/v2/app/register/send/email/code', { email });
  await call('/v2/app/register/valid', { email, code: await mailedCode(request, email), acceptTerms: true });
  const { token } = await call<{ token: string }>('/v2/app/register/user', { account: username, email, password });
  await call('/v2/app/user/update', { firstName: '花子', lastName: '佐藤', pinyinName: 'サトウ ハナコ' }, { token });
  await call('/v2/app/user/update/idNumber', { idNumber: `HN${stamp}`.slice(0, 20) }, { token });
  const card = await call<{ id: number }>(
    '/v2/app/user/bank/save',
    {
      bankCode: '0009',
      cardNumber: `${100_000 + Math.floor(Math.random() * 900_000)}1`,
      branchCode: '101',
      branchName: '本店営業部',
      holderFirstName: '花子',
      holderLastName: '佐藤',
      holderPinyinName: 'サトウ ハナコ',
    },
    { token },
  );
  await call('/v2/app/user/kyc/add', { front: await photo(), back: await photo(), handheld: await photo() }, { token });
  await call('/v2/app/auth/password/update/payment', { newPayPassword: payPassword, password }, { token });
  const order = await call<{ instructions: { kind: string; url?: string } }>(
    '/v2/app/pay/order',
    { channelId: 'online-bank', amount: 20_000, bankCardId: card.id },
    { token, idempotencyKey: crypto.randomUUID() },
  );
  expect(order.instructions.kind).toBe('redirect');
  // The payer's click on the sandbox checkout page.
  const paid = await request.post(`${new URL(order.instructions.url!).pathname}/pay`, { maxRedirects: 0 });
  expect(paid.status()).toBe(303);
  return { token, username };
}

/** The operator approves the player's identity on the desk, after seeing the photos load. */
async function approveIdentityOnDesk(desk: Page, locale: Locale, account: string): Promise<void> {
  await desk.goto(`/admin/kyc?keyword=${account}`);
  const submission = desk.getByRole('article', { name: admin(locale, 'kyc.submissionOf', { account }) });
  await expect(submission.getByRole('img', { name: admin(locale, 'kyc.photos.front', { account }) })).toHaveJSProperty(
    'naturalWidth',
    64,
  );
  await submission.getByRole('button', { name: admin(locale, 'review.kyc.approve') }).click();
  const dialog = desk.getByRole('dialog', { name: admin(locale, 'review.kyc.approveTitle', { subject: account }) });
  await dialog.getByRole('button', { name: admin(locale, 'review.kyc.approve') }).click();
  await expect(desk.getByText(admin(locale, 'review.kyc.approved', { subject: account }))).toBeVisible();
}

/** The player's one withdrawal under review on the desk, found by the player's account and the amount. */
async function withdrawalUnderReview(desk: Page, locale: Locale, account: string, amount: string) {
  await desk.goto(`/admin/withdrawals?keyword=${account}`);
  const row = desk
    .getByRole('table', { name: admin(locale, 'withdrawals.title') })
    .getByRole('row')
    .filter({ hasText: amount });
  await expect(row).toHaveCount(1);
  return row;
}

async function requestWithdrawal(page: Page, locale: Locale, amount: string): Promise<void> {
  await page.getByRole('textbox', { name: finance(locale, 'withdraw.fields.amount') }).fill(amount);
  await page.getByLabel(finance(locale, 'withdraw.fields.payPassword')).fill(payPassword);
  await page.getByRole('button', { name: finance(locale, 'withdraw.submit') }).click();
  await expect(page.getByText(finance(locale, 'withdraw.outcome.withdrawalReview'))).toBeVisible();
}

for (const locale of ['ja-JP', 'en-US'] as const) {
  test(`an operator on the desk rejects one withdrawal and approves another; page, records and balance follow (${locale})`, async ({
    page,
    request,
  }) => {
    const operator = pageSignInOperator(locale);
    test.setTimeout(180_000);
    const call = apiCaller(request, locale);
    const { token, username } = await fundedPlayer(request, call);
    await useLanguage(page, locale);
    await page.addInitScript((value) => localStorage.setItem('token', value), token);
    // The browser's clock runs as a real one; once the desk has decided, it is moved on to the
    // withdrawal page's next check of the request, which the page makes by itself every few seconds.
    await page.clock.install();

    // The desk in a second tab of the same browser: its session must leave the player's alone.
    const { desk, deskErrors } = await openDeskTab(page, locale);
    await desk.goto('/admin');
    await expect(desk).toHaveURL(/\/admin\/sign-in\?redirect=/);
    await signInOnDesk(desk, locale, operator);
    await expect(desk).toHaveURL(/\/admin$/);
    await approveIdentityOnDesk(desk, locale, username);

    await page.goto('/user/finance/withdraw');
    await expect(page.getByTestId('withdraw-balance')).toHaveText(
      finance(locale, 'units.coinsAmount', { amount: '20,000' }),
    );
    await requestWithdrawal(page, locale, '8000');
    await expectHeaderBalance(page, locale, '12,000');

    const reason = locale === 'ja-JP' ? '口座名義が一致しません' : 'The account name does not match';
    const first = await withdrawalUnderReview(desk, locale, username, '8,000');
    await first.getByRole('button', { name: admin(locale, 'review.withdrawal.reject') }).click();
    const rejection = desk.getByRole('dialog');
    await rejection.getByRole('button', { name: admin(locale, 'review.withdrawal.reject') }).click();
    await expect(rejection.getByText(admin(locale, 'validation.reason'))).toBeVisible();
    await rejection.getByRole('textbox', { name: admin(locale, 'review.reason') }).fill(reason);
    await rejection.getByRole('button', { name: admin(locale, 'review.withdrawal.reject') }).click();
    await expect(rejection).toBeHidden();
    await runClockUntilVisible(
      page,
      page.getByText(finance(locale, 'withdraw.outcome.withdrawalFailed', { reason })),
      20_000,
    );
    await expectHeaderBalance(page, locale, '20,000');

    await page.getByRole('button', { name: finance(locale, 'withdraw.again') }).click();
    await requestWithdrawal(page, locale, '5000');
    const second = await withdrawalUnderReview(desk, locale, username, '5,000');
    await second.getByRole('button', { name: admin(locale, 'review.withdrawal.approve') }).click();
    const approval = desk.getByRole('dialog');
    await approval.getByRole('button', { name: admin(locale, 'review.withdrawal.approve') }).click();
    await expect(approval).toBeHidden();
    await expect(desk.getByText(admin(locale, 'list.empty'))).toBeVisible();
    await runClockUntilVisible(page, page.getByText(finance(locale, 'withdraw.outcome.withdrawalSuccessful')), 30_000);
    await expectHeaderBalance(page, locale, '15,000');

    await page.getByRole('link', { name: finance(locale, 'deposit.toRecords') }).click();
    const withdrawals = page.getByRole('table', { name: record(locale, 'tabs.withdrawals') });
    await expect(withdrawals.getByText(record(locale, 'status.withdrawalSuccessful'))).toBeVisible();
    await expect(withdrawals.getByText(record(locale, 'status.withdrawalFailed'))).toBeVisible();
    await expect(withdrawals.getByText(reason)).toBeVisible();

    // The balance movements count what the player can spend, as the header does (§5.12): the first
    // request's held coins and their release, and the paid one taken once.
    const paidSn = (
      await withdrawals
        .getByRole('row')
        .filter({ hasText: record(locale, 'status.withdrawalSuccessful') })
        .getByText(/^W\d/)
        .textContent()
    )?.trim();
    expect(paidSn).toMatch(/^W\d/);
    await page.getByRole('tab', { name: record(locale, 'tabs.movements') }).click();
    const movements = page.getByRole('table', { name: record(locale, 'tabs.movements') });
    const kinds = ['withdrawal', 'withdrawalHoldReleased', 'withdrawalHold', 'deposit'];
    await expect(movements.getByRole('row')).toHaveCount(kinds.length + 1);
    for (const [index, kind] of kinds.entries()) {
      await expect(movements.getByRole('row').nth(index + 1)).toContainText(record(locale, `types.movements.${kind}`));
    }
    const paid = movements.getByRole('button', { name: record(locale, 'types.movements.withdrawal'), exact: true });
    await paid.focus();
    await page.keyboard.press('Enter');
    const detail = page.getByRole('dialog', { name: record(locale, 'detail.title') });
    await expect(detail.getByTestId('movement-reference')).toHaveText(paidSn as string);
    await expect(detail.getByTestId('movement-balance-after')).toHaveText(
      text(locale, 'record:coins', { amount: '15,000' }),
    );
    await expectHeaderBalance(page, locale, '15,000');
    await detail.getByRole('button', { name: record(locale, 'detail.close') }).click();
    await movements.getByRole('button', { name: record(locale, 'types.movements.withdrawalHoldReleased') }).click();
    await expect(detail.getByText(reason)).toBeVisible();
    await expect(detail.getByTestId('movement-balance-after')).toHaveText(
      text(locale, 'record:coins', { amount: '20,000' }),
    );
    await page.keyboard.press('Escape');
    await expect(detail).toBeHidden();

    // Two sessions in one browser, each under its own key.
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(token);
    expect(JSON.parse((await desk.evaluate(() => localStorage.getItem('operatorSession'))) ?? '{}')).toMatchObject({
      account: operator.account,
    });
    expect(deskErrors).toEqual([]);
  });
}
