import type { Locale } from '@contract/locales';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiCaller, type Call, expect, mailedCode, operatorApiToken, test, text } from './fixtures';
import { moneyPlayer, openMoneyPage, openOnlineOrder, payOnSandbox } from './money-players';

/**
 * The one deposits list (docs/requirements.md §5.11, §6.6): the player's records and the agent's
 * team recharge show yen orders and crypto deposits in one list, and their totals count both.
 */

const password = 'Maple leaf 2026!';
const locale: Locale = 'ja-JP';
const t = (key: string, values: Record<string, string | number> = {}) => text(locale, key, values);
const number = (value: number) => value.toLocaleString(locale);
/** 20 USDT at the seeded 150 coins each. */
const cryptoCoins = 3_000;

async function chain(request: APIRequestContext, action: 'send' | 'mine', body: Record<string, unknown>) {
  const response = await request.post(`/dev/chain/${action}`, { data: body });
  expect(response.status(), await response.text()).toBe(200);
}

/** 20 USDT on Ethereum to the player's address, mined past its confirmations and credited. */
async function creditedUsdt(request: APIRequestContext, call: Call, token: string): Promise<void> {
  const { address, confirmations } = await call<{ address: string; confirmations: number }>(
    '/v2/cpp/coins/deposit/address',
    { coin: 'USDT', network: 'ERC20' },
    { token },
  );
  await chain(request, 'send', { network: 'ERC20', coin: 'USDT', address, amount: '20000000' });
  await chain(request, 'mine', { network: 'ERC20', blocks: confirmations + 1 });
  await expect
    .poll(
      async () =>
        (await call<{ list: { status: string }[] }>('/v2/cpp/coins/deposit/page', {}, { token })).list[0]?.status,
      { timeout: 60_000 },
    )
    .toBe('credited');
}

const completedTotal = (page: Page, totalsLabel: string, completedLabel: string) =>
  page.getByRole('group', { name: totalsLabel }).getByRole('group', { name: completedLabel });

test('the records’ deposits and the team recharge count a crypto deposit in the one total', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const call = apiCaller(request, locale);

  // An agent, approved on the desk, and a member who signed up with the agent's code.
  const agent = await moneyPlayer(request, locale, password, 'new');
  const applied = await call<{ id: number }>('/v2/app/agent/apply', {}, { token: agent.token });
  await call(
    '/v2/admin/agent/application/approve',
    { applicationId: applied.id },
    { token: await operatorApiToken(request, locale) },
  );
  const { agentCode } = await call<{ agentCode: string }>('/v2/app/agent/code', {}, { token: agent.token });
  const account = `dl${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.slice(0, 20);
  const email = `${account}@example.jp`;
  await call('/v2/app/register/send/email/code', { email });
  await call('/v2/app/register/valid', { email, code: await mailedCode(request, email), acceptTerms: true });
  const { token } = await call<{ token: string }>('/v2/app/register/user', { account, email, password, agentCode });

  // A yen deposit paid online, then a crypto deposit credited.
  const named = await moneyPlayer(request, locale, password, 'withCard');
  const yen = await openOnlineOrder(named, 2_000);
  await payOnSandbox(request, named, yen);
  await creditedUsdt(request, call, named.token);

  await openMoneyPage(page, locale, named, '/user/record');
  const deposits = page.getByRole('table', { name: t('record:tabs.deposits') });
  await expect(deposits.getByRole('row').filter({ hasText: 'USDT · ERC20' })).toContainText(number(cryptoCoins));
  await expect(deposits.getByRole('row').filter({ hasText: yen.orderSn })).toContainText(number(2_000));
  // The separate crypto table is gone from the tab: its rows are in the one list.
  await expect(page.getByRole('table', { name: t('crypto:deposit.seen.title') })).toHaveCount(0);
  await expect(completedTotal(page, t('record:totals.title'), t('record:totals.deposited'))).toContainText(
    number(2_000 + cryptoCoins),
  );

  // The member's crypto deposit counts in the agent's team recharge total.
  await creditedUsdt(request, call, token);
  // The same tab signs in as the agent: the later start-up script's token is the one kept.
  await openMoneyPage(page, locale, agent, '/agent/team-recharge');
  await expect(
    page
      .getByRole('table', { name: t('agent-reports:recharge.list') })
      .getByRole('row')
      .filter({ hasText: account }),
  ).toContainText('USDT · ERC20');
  await expect(
    completedTotal(page, t('agent-reports:totals.title'), t('agent-reports:totals.completed')),
  ).toContainText(number(cryptoCoins));
});
