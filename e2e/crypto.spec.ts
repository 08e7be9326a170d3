import type { Locale } from '@contract/locales';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import {
  apiCaller,
  type Call,
  expect,
  openSignedInDeskTab,
  operatorApiToken,
  registeredPlayer,
  runClockUntilVisible,
  test,
  text,
} from './fixtures';

/**
 * The crypto journey in Chromium against the real server and its simulated chain: a deposit of USDT
 * on TRC20 sent from the chain sandbox page is seen, confirms and is credited on the deposit page;
 * a withdrawal to a checked address, its cost shown before it is sent, is approved on the desk, and
 * the records show its hash; on a phone the crypto records are cards showing every field.
 */

const password = 'Maple leaf 2026!';
const payPassword = '246810';
/** An outside TRON address (the TRON documentation's example). */
const tronTarget = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';

const crypto = (locale: Locale, key: string, values: Record<string, string | number> = {}) =>
  text(locale, `crypto:${key}`, values);
const admin = (locale: Locale, key: string, values: Record<string, string | number> = {}) =>
  text(locale, `admin:${key}`, values);

async function photo(): Promise<string> {
  const bytes = await sharp({ create: { width: 64, height: 40, channels: 3, background: { r: 30, g: 90, b: 60 } } })
    .jpeg()
    .toBuffer();
  return `data:image/jpeg;base64,${bytes.toString('base64')}`;
}

/** A registered player with a profile, a payment password and identity approved by an operator. */
async function verifiedPlayer(request: APIRequestContext, call: Call, locale: Locale) {
  const player = await registeredPlayer(request, call, password);
  const { token, account } = player;
  await call('/v2/app/user/update', { firstName: '花子', lastName: '山田', pinyinName: 'ヤマダ ハナコ' }, { token });
  await call('/v2/app/user/update/idNumber', { idNumber: `HN${account}`.slice(0, 20) }, { token });
  await call('/v2/app/auth/password/update/payment', { newPayPassword: payPassword, password }, { token });
  await call('/v2/app/user/kyc/add', { front: await photo(), back: await photo(), handheld: await photo() }, { token });
  const operator = await operatorApiToken(request, locale);
  const submissions = await call<{ list: { id: number }[] }>(
    '/v2/admin/kyc/list',
    { keyword: account },
    { token: operator },
  );
  await call('/v2/admin/kyc/approve', { submissionId: submissions.list[0]!.id }, { token: operator });
  return player;
}

/**
 * What keeps a record's cells from being read on a phone: a cell without its label, or one cut off
 * sideways by the window or a scrolling frame around it. One line per problem.
 */
function cellsOutOfSight(row: Element): string[] {
  const problems: string[] = [];
  for (const cell of row.querySelectorAll('td')) {
    if (getComputedStyle(cell).display === 'none') continue;
    const text = (cell.textContent ?? '').trim().slice(0, 30);
    const label = getComputedStyle(cell, '::before').content;
    if (label === 'none' || label === '""' || label === 'normal') problems.push(`"${text}" has no label`);
    const box = cell.getBoundingClientRect();
    let left = 0;
    let right = window.innerWidth;
    for (let parent = cell.parentElement; parent; parent = parent.parentElement) {
      if (getComputedStyle(parent).overflowX === 'visible') continue;
      const frame = parent.getBoundingClientRect();
      left = Math.max(left, frame.left);
      right = Math.min(right, frame.right);
    }
    if (box.left < left - 1 || box.right > right + 1)
      problems.push(
        `${label} "${text}" at ${Math.round(box.left)}–${Math.round(box.right)} px, in sight ${Math.round(left)}–${Math.round(right)} px`,
      );
  }
  return problems;
}

/** A record's row on a phone: a card whose every field shows whole, each with its label. */
async function expectRecordCard(row: Locator, values: string[]) {
  await expect(row).toHaveCount(1);
  for (const value of values) await expect(row.getByText(value, { exact: true })).toBeVisible();
  expect(await row.evaluate(cellsOutOfSight)).toEqual([]);
}

/** The section menu's lit items. */
async function litMenuItems(page: Page, locale: Locale) {
  const nav = page.getByRole('navigation', { name: text(locale, 'layout.sectionMenu') });
  await expect(nav).toBeVisible();
  return nav.locator('a[data-active], a[aria-current="page"]').allTextContents();
}

for (const locale of ['ja-JP', 'en-US'] as const) {
  test(`deposit USDT on TRC20 through the simulator, withdraw it, the desk pays it out (${locale})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    const call = apiCaller(request, locale);
    const { token, account } = await verifiedPlayer(request, call, locale);
    await page.addInitScript(
      ([stored, lng]) => {
        localStorage.setItem('token', stored);
        localStorage.setItem('lang', lng);
      },
      [token, locale] as const,
    );
    // The clock runs as a real one; the waits for the pages' own next checks move it on.
    await page.clock.install();

    await page.goto('/user/finance/deposit/cryptocurrency');
    await expect(
      page.getByRole('heading', { level: 1, name: text(locale, 'account:cryptoDeposit.title') }),
    ).toBeVisible();
    expect(await litMenuItems(page, locale)).toEqual([text(locale, 'menu.cryptoDeposit')]);
    await page.getByRole('combobox', { name: crypto(locale, 'fields.pair') }).click();
    await page.getByRole('option', { name: 'USDT · TRC20' }).click();
    const pair = 'USDT · TRC20';
    await expect(page.getByText(crypto(locale, 'deposit.warning.title', { pair }))).toBeVisible();
    await expect(page.getByRole('img', { name: crypto(locale, 'deposit.qrLabel', { pair }) })).toBeVisible();
    const address = await page.getByTestId('crypto-deposit-address').inputValue();
    expect(address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);

    // The chain sandbox in a second tab sends 200 USDT to the player's address.
    const sandbox = await page.context().newPage();
    await sandbox.goto('/sandbox/chain');
    const send = sandbox.getByRole('form', { name: crypto(locale, 'sandbox.send') });
    await send.getByRole('combobox', { name: crypto(locale, 'sandbox.network') }).click();
    await sandbox.getByRole('option', { name: 'TRC20', exact: true }).click();
    await send.getByRole('textbox', { name: crypto(locale, 'sandbox.coin') }).fill('USDT');
    await send.getByRole('textbox', { name: crypto(locale, 'fields.address') }).fill(address);
    await send.getByRole('textbox', { name: crypto(locale, 'sandbox.amount') }).fill('200000000');
    await send.getByRole('button', { name: crypto(locale, 'sandbox.send') }).click();
    await expect(send.getByRole('status')).toContainText(/[0-9a-f]{64}/);

    // The deposit page sees it without a reload once it is in a block, confirming, then credited.
    const mine = async (blocks: number) => {
      await sandbox
        .getByRole('combobox', { name: crypto(locale, 'sandbox.network') })
        .last()
        .click();
      await sandbox.getByRole('option', { name: /^TRC20 / }).click();
      await sandbox.getByRole('textbox', { name: crypto(locale, 'sandbox.blocks') }).fill(String(blocks));
      await sandbox.getByRole('button', { name: crypto(locale, 'sandbox.mine') }).click();
      await expect(sandbox.getByText(crypto(locale, 'sandbox.mined', { network: 'TRC20' }))).toBeVisible();
    };
    await mine(1);
    const deposits = page.getByRole('table', { name: crypto(locale, 'deposit.seen.title') });
    // The chain is shared: blocks another test mines at the same time may confirm it before the page looks.
    await runClockUntilVisible(
      page,
      deposits
        .getByText(crypto(locale, 'depositStatus.confirming'))
        .or(deposits.getByText(crypto(locale, 'depositStatus.credited'))),
      20_000,
    );
    await mine(25);
    await runClockUntilVisible(page, deposits.getByText(crypto(locale, 'depositStatus.credited')), 20_000);
    await sandbox.close();

    // Withdraw 20 USDT to a checked address.
    await page.goto('/user/finance/withdraw/cryptocurrency');
    expect(await litMenuItems(page, locale)).toEqual([text(locale, 'menu.cryptoWithdraw')]);
    await page.getByRole('button', { name: crypto(locale, 'withdraw.pair.choose', { pair }) }).click();
    const addressField = page.getByRole('textbox', { name: crypto(locale, 'fields.address') });
    await addressField.fill(tronTarget.slice(0, -1));
    await addressField.pressSequentially('M');
    // A typo in the checksum is refused while typing, before any amount is asked for.
    await expect(addressField).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('button', { name: crypto(locale, 'withdraw.next') })).toBeDisabled();
    // The player's own deposit address is refused as such.
    await addressField.fill(address);
    await expect(
      page.getByText(text(locale, 'server:crypto.address.ownDepositAddress', { network: 'TRON (TRC20)' })),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: crypto(locale, 'withdraw.next') })).toBeDisabled();
    await addressField.fill(tronTarget);
    await expect(page.getByText(crypto(locale, 'withdraw.address.accepted'))).toBeVisible();
    await page.getByRole('button', { name: crypto(locale, 'withdraw.next') }).click();
    await expect(page.getByTestId('crypto-withdraw-limits').first()).toBeVisible();
    const amountField = page.getByRole('textbox', { name: crypto(locale, 'fields.amount', { coin: 'USDT' }) });
    const coins = (amount: string) => crypto(locale, 'coins', { amount });
    const quote = page.getByTestId('crypto-withdraw-quote');
    // The max: the 30,000 coins the deposit brought are 200 USDT at 150 coins each, fee included.
    await page.getByRole('button', { name: crypto(locale, 'withdraw.amount.max') }).click();
    await expect(amountField).toHaveValue('200');
    await expect(quote).toContainText(crypto(locale, 'withdraw.cost', { coins: coins('30,000') }));
    // More than the balance covers is refused on the field, with no cost beside it.
    await amountField.fill('200.000001');
    await page.getByRole('button', { name: crypto(locale, 'withdraw.next') }).click();
    await expect(page.getByText(crypto(locale, 'validation.amountOverBalance', { covered: '200 USDT' }))).toBeVisible();
    await expect(quote).toHaveCount(0);
    await amountField.fill('20');
    await expect(quote).toContainText(crypto(locale, 'withdraw.quote', { fee: '1 USDT', received: '19 USDT' }));
    await expect(quote).toContainText(crypto(locale, 'withdraw.cost', { coins: coins('3,000') }));
    await page.getByRole('button', { name: crypto(locale, 'withdraw.next') }).click();
    // The confirm step says it all again before anything is sent.
    const confirm = page.getByRole('main');
    for (const [label, value] of [
      ['fields.amountPlain', '20 USDT'],
      ['fields.fee', '1 USDT'],
      ['fields.received', '19 USDT'],
      ['fields.coinsHeld', coins('3,000')],
    ] as const) {
      const name = crypto(locale, label).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const term = confirm.getByRole('term').filter({ hasText: new RegExp(`^${name}$`) });
      await expect(term).toBeVisible();
      await expect(term.locator('xpath=following-sibling::dd[1]')).toHaveText(value);
    }
    await page.getByRole('textbox', { name: crypto(locale, 'fields.payPassword'), exact: true }).fill(payPassword);
    await page.getByRole('button', { name: crypto(locale, 'withdraw.confirm.submit') }).click();
    await expect(page.getByText(crypto(locale, 'withdraw.outcome.withdrawalReview'))).toBeVisible();

    // The operator approves it on the desk, which shows the pair, the address and the amounts.
    const { desk } = await openSignedInDeskTab(page, request, locale);
    await desk.goto(`/admin/withdrawals?keyword=${account}`);
    const row = desk
      .getByRole('table', { name: admin(locale, 'withdrawals.title') })
      .getByRole('row')
      .filter({
        hasText: tronTarget,
      });
    await expect(row).toHaveCount(1);
    await expect(row.getByText(pair)).toBeVisible();
    // In whole coins, by the pair's decimals: 20 USDT asked, 1 USDT network fee.
    await expect(
      row.getByText(crypto(locale, 'records.sentAndFee', { sent: '19 USDT', fee: '1 USDT' }), { exact: true }),
    ).toBeVisible();
    await row.getByRole('button', { name: admin(locale, 'review.withdrawal.approve') }).click();
    const approval = desk.getByRole('dialog');
    await approval.getByRole('button', { name: admin(locale, 'review.withdrawal.approve') }).click();
    await expect(approval).toBeHidden();

    // The page follows it to the payout and shows the hash; so do the records.
    await runClockUntilVisible(page, page.getByText(crypto(locale, 'withdraw.outcome.withdrawalSuccessful')), 30_000);
    const hash = page.getByText(/^(0x)?[0-9a-f]{64}$/);
    await expect(hash).toBeVisible();
    const txHash = (await hash.textContent())?.trim() ?? '';
    await page.getByRole('link', { name: crypto(locale, 'toRecords') }).click();
    const withdrawals = page.getByRole('table', { name: text(locale, 'record:tabs.withdrawals') });
    await expect(withdrawals.getByText(crypto(locale, 'records.txHash', { txHash }))).toBeVisible();
    await expect(withdrawals.getByText(tronTarget)).toBeVisible();

    // On a phone the crypto records are cards like the yen ones: every field shows, with its label.
    await page.setViewportSize({ width: 390, height: 844 });
    const tables = (name: string) => page.locator(`table[aria-label="${name}"]`);
    await expectRecordCard(tables(text(locale, 'record:tabs.withdrawals')).locator('tr', { hasText: tronTarget }), [
      pair,
      tronTarget,
      crypto(locale, 'records.sentAndFee', { sent: '19 USDT', fee: '1 USDT' }),
      crypto(locale, 'records.txHash', { txHash }),
      '3,000',
      text(locale, 'record:status.withdrawalSuccessful'),
    ]);
    await page.getByRole('tab', { name: text(locale, 'record:tabs.deposits') }).click();
    // The deposit is in the one list of yen and crypto deposits.
    await expectRecordCard(tables(text(locale, 'record:tabs.deposits')).locator('tr', { hasText: pair }), [
      pair,
      '200 USDT',
      text(locale, 'record:status.credited'),
      '30,000',
    ]);
  });
}
