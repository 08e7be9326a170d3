import type { Locale } from '@contract/locales';
import {
  apiCaller,
  expect,
  fundedPlayer,
  openSignedInDeskTab,
  operatorApiToken,
  test,
  text,
  useLanguage,
} from './fixtures';

/**
 * The overview in the browser: a player's deposit shows in today's figures (other journeys deposit
 * too, so the figure is at least what it was plus this one), each period compares with the one
 * before, the 30 days are charted, and the queues say how long their oldest item waits.
 */

const password = 'Sakura-2024!x';
const admin = (locale: Locale, key: string, values: Record<string, string | number> = {}) =>
  text(locale, `admin:${key}`, values);
const digits = (shown: string | null) => Number((shown ?? '').replace(/\D/g, ''));

test('the overview shows today’s deposits from the ledger, compares periods and charts 30 days', async ({
  page,
  request,
}) => {
  const locale: Locale = 'ja-JP';
  const call = apiCaller(request, locale);
  const operator = await operatorApiToken(request, locale);
  const todayOf = async () =>
    (
      await call<{ periods: { period: string; current: { deposits: number } }[] }>(
        '/v2/admin/overview',
        {},
        { token: operator },
      )
    ).periods.find((period) => period.period === 'today')?.current.deposits ?? 0;
  const before = await todayOf();
  await fundedPlayer(request, call, password, 12_345);

  await useLanguage(page, locale);
  const { desk, deskErrors } = await openSignedInDeskTab(page, request, locale);
  await desk.goto('/admin');
  const business = desk.getByRole('region', { name: admin(locale, 'overview.figuresTitle') });
  const deposits = business
    .getByRole('region', { name: admin(locale, 'overview.figures.deposits') })
    .getByTestId('figure-deposits');
  await expect.poll(async () => digits(await deposits.textContent())).toBeGreaterThanOrEqual(before + 12_345);
  await expect(
    business.getByRole('region', { name: admin(locale, 'overview.figures.netRevenue') }).getByText(/^前の期間:/),
  ).toBeVisible();

  await business.getByText(admin(locale, 'overview.periods.last7Days')).click();
  await expect.poll(async () => digits(await deposits.textContent())).toBeGreaterThanOrEqual(before + 12_345);
  for (const chart of ['money', 'revenue', 'players'])
    await expect(business.getByText(admin(locale, `overview.charts.${chart}`))).toBeVisible();
  await expect(business.locator('.recharts-surface')).toHaveCount(3);

  const queues = desk.getByRole('region', { name: admin(locale, 'overview.queuesTitle') });
  await expect(queues.getByTestId('waiting-withdrawals')).toBeVisible();
  expect(deskErrors).toEqual([]);
});
