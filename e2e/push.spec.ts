import type { Locale } from '@contract/locales';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiCaller, expect, registeredPlayer, test, text } from './fixtures';

/**
 * One live balance (docs/requirements.md §19): a change made outside the player's pages (a crypto
 * deposit seen on the simulated chain, then credited) reaches every open tab of theirs through the
 * push channel, without a reload or a poll. Each wait is for the value to show, never for a time.
 */

const password = 'Maple leaf 2026!';
/** ERC20: the other browser tests mine TRC20 blocks, which could confirm this deposit before the page looks. */
const pair = 'USDT · ERC20';

const crypto = (locale: Locale, key: string, values: Record<string, string | number> = {}) =>
  text(locale, `crypto:${key}`, values);

async function chain(request: APIRequestContext, action: 'send' | 'mine', body: Record<string, unknown>) {
  const response = await request.post(`/dev/chain/${action}`, { data: body });
  expect(response.status(), await response.text()).toBe(200);
}

async function signedInTab(page: Page, token: string, locale: Locale, path: string) {
  await page.addInitScript(
    ([stored, lng]) => {
      localStorage.setItem('token', stored);
      localStorage.setItem('lang', lng);
    },
    [token, locale] as const,
  );
  await page.goto(path);
}

const headerBalance = (page: Page, locale: Locale, coins: number) =>
  page
    .getByRole('banner')
    .getByRole('status', { name: text(locale, 'layout.balance', { amount: coins.toLocaleString(locale) }) })
    .first();

// One language after the other: each mines the chain the other's deposit is confirming on.
test.describe.configure({ mode: 'serial' });

for (const locale of ['ja-JP', 'en-US'] as const) {
  test(`a crypto deposit shows from its first block; its credit reaches two tabs and the user centre (${locale})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const call = apiCaller(request, locale);
    const { token } = await registeredPlayer(request, call, password);
    const { address, confirmations } = await call<{ address: string; confirmations: number }>(
      '/v2/cpp/coins/deposit/address',
      { coin: 'USDT', network: 'ERC20' },
      { token },
    );

    // Tab one: the deposit page, on the pair chosen once and remembered after a reload.
    await signedInTab(page, token, locale, '/user/finance/deposit/cryptocurrency');
    await page.getByRole('combobox', { name: crypto(locale, 'fields.pair') }).click();
    await page.getByRole('option', { name: pair }).click();
    await page.reload();
    await expect(page.getByRole('combobox', { name: crypto(locale, 'fields.pair') })).toHaveValue(pair);
    await expect(page.getByText(crypto(locale, 'deposit.warning.title', { pair }))).toBeVisible();
    await expect(headerBalance(page, locale, 0)).toBeVisible();

    // Tab two: the user centre, in the same browser.
    const centre = await page.context().newPage();
    await centre.goto('/user/user-center');
    await expect(centre.getByTestId('balance')).toBeVisible();

    // Sent on chain and left to the chain's own clock: the page shows it from its first block.
    await chain(request, 'send', { network: 'ERC20', coin: 'USDT', address, amount: '20000000' });
    const deposits = page.getByRole('table', { name: crypto(locale, 'deposit.seen.title') });
    await expect(deposits.getByText(crypto(locale, 'depositStatus.confirming'))).toBeVisible({ timeout: 30_000 });
    await expect(deposits.getByTestId('crypto-deposit-progress')).toBeVisible();
    await expect(deposits.getByTestId('crypto-deposit-time-left')).toBeVisible();
    const shown = await deposits.getByTestId('crypto-deposit-confirmations').textContent();
    const done = Number(/\d+/.exec(shown ?? '')?.[0]);
    expect(done).toBeGreaterThanOrEqual(1);
    expect(done).toBeLessThan(confirmations);

    // The rest of its confirmations at once: it is credited, and both tabs follow.
    await chain(request, 'mine', { network: 'ERC20', blocks: confirmations });
    await expect(deposits.getByText(crypto(locale, 'depositStatus.credited'))).toBeVisible();
    await expect(headerBalance(page, locale, 3_000)).toBeVisible();
    await expect(headerBalance(centre, locale, 3_000)).toBeVisible();
    await expect(centre.getByTestId('balance')).toHaveText(text(locale, 'user:center.coins', { amount: '3,000' }));
  });
}
