import type { Locale } from '@contract/locales';
import { deskOperator, expect, signInOnDesk, test, text, useLanguage } from './fixtures';
import { withdrawingPlayer } from './money-players';

/**
 * A flagged payout over the four-eyes threshold, in two browsers: the first operator reads the
 * rules that flag it and the player's risk, and gives the first approval, after which they can only
 * wait (or reject); a second operator, in another language, sees who approved first and starts
 * the payout.
 */

const password = 'Sakura-2024!x';
const payPassword = '246801';
/** The seeded four-eyes threshold: from this amount a payout takes two operators. */
const fourEyesAmount = 100_000;
const admin = (locale: Locale, key: string, values: Record<string, string | number> = {}) =>
  text(locale, `admin:${key}`, values);

test('a flagged payout takes two operators: the first approves and waits, a second one pays', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const first: Locale = 'ja-JP';
  const second: Locale = 'en-US';
  const player = await withdrawingPlayer(request, first, password, 'ready', payPassword, 150_000);
  const { orderSn } = await player.call<{ orderSn: string }>(
    '/v2/app/draw/withdraw',
    { amount: fourEyesAmount, bankCardId: player.cardId, payPassword },
    { token: player.token, idempotencyKey: crypto.randomUUID() },
  );

  const firstOperator = deskOperator('fourEyesFirst');
  await useLanguage(page, first);
  await page.goto(`/admin/withdrawals?keyword=${player.account}`);
  await signInOnDesk(page, first, firstOperator);
  const row = page
    .getByRole('table', { name: admin(first, 'withdrawals.title') })
    .getByRole('row')
    .filter({ hasText: orderSn });
  // Deposited and withdrawn without a game played, to a card bound minutes ago.
  await expect(row.getByText(admin(first, 'payoutRules.names.littlePlay'))).toBeVisible();
  await expect(row.getByText(admin(first, 'payoutRules.names.newBankCard'))).toBeVisible();
  await expect(row.getByText(admin(first, 'withdrawals.approval.twoNeeded'))).toBeVisible();

  await row.getByRole('button', { name: admin(first, 'withdrawals.risk.openFor', { orderSn }) }).click();
  const risk = page.getByRole('dialog', { name: admin(first, 'withdrawals.risk.title', { orderSn }) });
  await expect(
    risk.getByText(admin(first, 'withdrawals.flags.littlePlay', { observed: '0', threshold: '100' })),
  ).toBeVisible();
  await expect(
    risk.getByText(admin(first, 'withdrawals.risk.rule', { rule: admin(first, 'payoutRules.names.littlePlay') })),
  ).toBeVisible();
  await expect(risk.getByText(admin(first, 'withdrawals.risk.firstWithdrawal'))).toBeVisible();
  await expect(risk.getByRole('table', { name: admin(first, 'withdrawals.risk.signInsTitle') })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(risk).toBeHidden();

  // The second operator, in a browser of their own, opens the first approval too: the first one's
  // lands while their dialog is open.
  const theirs = await browser.newContext();
  const deskB = await theirs.newPage();
  await useLanguage(deskB, second);
  await deskB.goto(`/admin/withdrawals?keyword=${player.account}`);
  await signInOnDesk(deskB, second, deskOperator('fourEyesSecond'));
  const rowB = deskB
    .getByRole('table', { name: admin(second, 'withdrawals.title') })
    .getByRole('row')
    .filter({ hasText: orderSn });
  await rowB.getByRole('button', { name: admin(second, 'review.withdrawalFirst.approve') }).click();
  const overtaken = deskB.getByRole('dialog', {
    name: admin(second, 'review.withdrawalFirst.approveTitle', { subject: orderSn }),
  });
  await expect(overtaken).toBeVisible();

  await row.getByRole('button', { name: admin(first, 'review.withdrawalFirst.approve') }).click();
  const approval = page.getByRole('dialog', {
    name: admin(first, 'review.withdrawalFirst.approveTitle', { subject: orderSn }),
  });
  await approval.getByRole('button', { name: admin(first, 'review.withdrawalFirst.approve') }).click();
  await expect(page.getByText(admin(first, 'review.withdrawalFirst.approved', { subject: orderSn }))).toBeVisible();
  // The second operator's first approval is refused at once; their row is read again and offers the second.
  const refusedFirst = deskB.waitForResponse((response) => response.url().endsWith('/v2/admin/withdrawal/approve'));
  await overtaken.getByRole('button', { name: admin(second, 'review.withdrawalFirst.approve') }).click();
  expect((await refusedFirst).status()).toBe(409);
  await expect(overtaken).toBeHidden();
  await expect(row.getByText(admin(first, 'withdrawals.approval.waitingSecond'))).toBeVisible();
  await expect(row.getByRole('button', { name: admin(first, 'review.withdrawal.approve') })).toHaveCount(0);
  await expect(row.getByRole('button', { name: admin(first, 'review.withdrawal.reject') })).toBeVisible();
  const held = await player.call<{ status: string }>('/v2/app/draw/get', { orderSn }, { token: player.token });
  expect(held.status).toBe('withdrawalReview');

  await expect(rowB.getByText(new RegExp(`^First approval: ${firstOperator.account}, `))).toBeVisible();
  await rowB.getByRole('button', { name: admin(second, 'review.withdrawal.approve') }).click();
  const payout = deskB.getByRole('dialog', {
    name: admin(second, 'review.withdrawal.approveTitle', { subject: orderSn }),
  });
  await payout.getByRole('button', { name: admin(second, 'review.withdrawal.approve') }).click();
  await expect(deskB.getByText(admin(second, 'review.withdrawal.approved', { subject: orderSn }))).toBeVisible();
  await expect
    .poll(
      async () =>
        (await player.call<{ status: string }>('/v2/app/draw/get', { orderSn }, { token: player.token })).status,
    )
    .toMatch(/^(withdrawing|withdrawalSuccessful)$/);
  await theirs.close();
});
