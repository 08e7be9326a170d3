import { readFile } from 'node:fs/promises';
import { recordDayOf } from '@contract/endpoint';
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
 * Reports and reconciliation in the browser: a player's deposit shows under its payment channel,
 * the CSV the browser saves is the table as shown, and reconciliation sets the ledger beside the
 * provider's statement with the house accounts balanced. Other journeys move money too, so figures
 * are at least what they were plus this deposit.
 */

const password = 'Sakura-2024!x';
const admin = (locale: Locale, key: string, values: Record<string, string | number> = {}) =>
  text(locale, `admin:${key}`, values);
const digits = (shown: string | null) => Number((shown ?? '').replace(/\D/g, ''));

test('the reports cut the ledger by channel and save it as CSV; reconciliation shows the ledger balanced', async ({
  page,
  request,
}) => {
  const locale: Locale = 'en-US';
  const call = apiCaller(request, locale);
  const operator = await operatorApiToken(request, locale);
  const today = recordDayOf(new Date());
  const channelDeposits = async () =>
    (
      await call<{ rows: { key: string; deposits: number }[] }>(
        '/v2/admin/reports',
        { dimension: 'channel', period: { from: today, to: today } },
        { token: operator },
      )
    ).rows.find((row) => row.key === 'online-bank')?.deposits ?? 0;
  const before = await channelDeposits();
  await fundedPlayer(request, call, password, 12_345);

  await useLanguage(page, locale);
  const { desk, deskErrors } = await openSignedInDeskTab(page, request, locale);
  await desk.goto('/admin/reports');
  await expect(desk.getByRole('heading', { name: admin(locale, 'reports.title'), level: 1 })).toBeVisible();
  await desk.getByRole('tab', { name: admin(locale, 'reports.by.channel') }).click();
  await expect(desk).toHaveURL(/dimension=channel/);
  const table = desk.getByRole('table', { name: admin(locale, 'reports.title') });
  await expect(table.getByRole('columnheader', { name: admin(locale, 'reports.dimension.channel') })).toBeVisible();
  const online = table.getByRole('row', { name: /^Online payment/ });
  await expect
    .poll(async () => digits(await online.getByRole('cell').nth(1).textContent()))
    .toBeGreaterThanOrEqual(before + 12_345);

  const saving = desk.waitForEvent('download');
  await desk.getByRole('button', { name: admin(locale, 'reports.download') }).click();
  const download = await saving;
  expect(download.suggestedFilename()).toMatch(/^report-channel-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = (await readFile((await download.path()) as string, 'utf8')).replace(/^\uFEFF/, '');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines[0]).toBe('Payment channel,Deposits,Withdrawals,Players');
  expect(Number(lines.find((line) => line.startsWith('Online payment,'))?.split(',')[1])).toBeGreaterThanOrEqual(
    before + 12_345,
  );
  expect(lines.at(-1)).toMatch(/^Total,/);

  await desk.getByRole('link', { name: admin(locale, 'nav.reconciliation') }).click();
  await expect(desk.getByRole('heading', { name: admin(locale, 'reconciliation.title'), level: 1 })).toBeVisible();
  const payments = desk.getByRole('region', { name: admin(locale, 'reconciliation.paymentsTitle') });
  await expect(
    payments.getByRole('row', { name: new RegExp(`^${admin(locale, 'reconciliation.paymentKind.deposits')}`) }),
  ).toBeVisible();
  const house = desk.getByRole('region', { name: admin(locale, 'reconciliation.houseTitle') });
  await expect(house.getByTestId('balanced-COIN')).toHaveText(
    admin(locale, 'reconciliation.balanced', { currency: 'COIN' }),
  );
  await expect(desk.getByRole('region', { name: admin(locale, 'reconciliation.walletTitle') })).toBeVisible();
  expect(deskErrors).toEqual([]);
});
