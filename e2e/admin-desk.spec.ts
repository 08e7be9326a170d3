import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locale } from '@contract/locales';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  apiCaller,
  type Call,
  expect,
  expectHeaderBalance,
  mailedCode,
  openDeskTab,
  openSignedInDeskTab,
  pageSignInOperator,
  signInOnDesk,
  test,
  text,
  useLanguage,
} from './fixtures';

/**
 * The review desk's other queues in the browser, with the player's page open beside it: bank
 * transfer deposits confirmed with the yen received or failed with a reason (the player's balance
 * and records follow), the player's ledger with the balance after each entry, a freeze that ends
 * the player's session at their next call, and the audit log showing each decision with its reason.
 * Also: agent applications approved and rejected, with the player's answers following; the player's
 * home page downloads nothing of the desk; the production build has no flow inspector.
 */

const password = 'Sakura-2024!x';
const admin = (locale: Locale, key: string, values: Record<string, string | number> = {}) =>
  text(locale, `admin:${key}`, values);
const record = (locale: Locale, key: string) => text(locale, `record:${key}`);

/** A player registered with the code mailed to them. */
async function registeredPlayer(request: APIRequestContext, call: Call) {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const username = `taro${stamp}`.slice(0, 20);
  const email = `${username}@example.jp`;
  await call('/v2/app/register/send/email/code', { email });
  await call('/v2/app/register/valid', { email, code: await mailedCode(request, email), acceptTerms: true });
  const { token } = await call<{ token: string }>('/v2/app/register/user', { account: username, email, password });
  return { token, username, stamp };
}

/** A registered player with the names, ID number and bank card a deposit needs. */
async function playerWithCard(request: APIRequestContext, call: Call) {
  const { token, username, stamp } = await registeredPlayer(request, call);
  await call('/v2/app/user/update', { firstName: '太郎', lastName: '山田', pinyinName: 'ヤマダ タロウ' }, { token });
  await call('/v2/app/user/update/idNumber', { idNumber: `TY${stamp}`.slice(0, 20) }, { token });
  const card = await call<{ id: number }>(
    '/v2/app/user/bank/save',
    {
      bankCode: '0005',
      cardNumber: `${100_000 + Math.floor(Math.random() * 900_000)}3`,
      branchCode: '123',
      branchName: '渋谷支店',
      holderFirstName: '太郎',
      holderLastName: '山田',
      holderPinyinName: 'ヤマダ タロウ',
    },
    { token },
  );
  const { userId } = await call<{ userId: number }>('/v2/app/user/info', {}, { token });
  return { token, username, userId, cardId: card.id };
}

async function bankTransferOrder(call: Call, token: string, cardId: number, amount: number): Promise<string> {
  const { order } = await call<{ order: { orderSn: string } }>(
    '/v2/app/pay/order',
    { channelId: 'bank-transfer', amount, bankCardId: cardId },
    { token, idempotencyKey: crypto.randomUUID() },
  );
  return order.orderSn;
}

/** Opens the order's row in the desk's bank transfer queue and the dialog of one decision. */
async function decideDeposit(desk: Page, locale: Locale, orderSn: string, decision: 'approve' | 'reject') {
  const row = desk
    .getByRole('table', { name: admin(locale, 'deposits.title') })
    .getByRole('row')
    .filter({ hasText: orderSn });
  await row.getByRole('button', { name: admin(locale, `review.deposit.${decision}`) }).click();
  const dialog = desk.getByRole('dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

test('the player home page downloads nothing of the desk; the desk does', async ({ page }) => {
  const scripts = new Map<string, Promise<string>>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.set(response.url(), response.text());
  });
  const deskCode = async () => {
    const bodies = await Promise.all([...scripts.values()]);
    return bodies.filter((body) => body.includes('/v2/admin/') || body.includes('operatorSession')).length;
  };

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.size).toBeGreaterThan(0);
  expect(await deskCode()).toBe(0);

  await page.goto('/admin/sign-in');
  await expect(page.getByRole('heading', { name: admin('ja-JP', 'signIn.title') })).toBeVisible();
  expect(await deskCode()).toBeGreaterThan(0);
});

test('the production build carries no flow inspector, and ?inspect opens none', async ({ page, context }) => {
  const assets = path.resolve('dist/assets');
  const scripts = (await readdir(assets)).filter((name) => name.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(0);
  const withInspector: string[] = [];
  for (const name of scripts) {
    if ((await readFile(path.join(assets, name), 'utf8')).includes('stately.ai/inspect')) withInspector.push(name);
  }
  expect(withInspector).toEqual([]);

  const opened: string[] = [];
  context.on('page', (other) => opened.push(other.url()));
  // The desk's sign-in starts a flow at once.
  await page.goto('/admin/sign-in?inspect');
  await expect(page.getByRole('heading', { name: admin('ja-JP', 'signIn.title') })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(opened).toEqual([]);
});

for (const locale of ['en-US', 'ja-JP'] as const) {
  test(`bank transfers confirmed and failed, the ledger, a freeze that ends the player's session, the audit log (${locale})`, async ({
    page,
    request,
    pageErrors,
  }) => {
    const operator = pageSignInOperator(locale);
    test.setTimeout(180_000);
    const call = apiCaller(request, locale);
    const player = await playerWithCard(request, call);
    const larger = await bankTransferOrder(call, player.token, player.cardId, 5_000);
    const smaller = await bankTransferOrder(call, player.token, player.cardId, 3_000);
    const missing = await bankTransferOrder(call, player.token, player.cardId, 2_000);
    await useLanguage(page, locale);
    await page.addInitScript((value) => localStorage.setItem('token', value), player.token);
    await page.goto('/user/record');
    const deposits = page.getByRole('table', { name: record(locale, 'tabs.deposits') });
    await expect(deposits.getByText(record(locale, 'status.inProgress'))).toHaveCount(3);

    const { desk, deskErrors } = await openDeskTab(page, locale);
    await desk.goto(`/admin/deposits?keyword=${player.username}`);
    await signInOnDesk(desk, locale, operator);
    await expect(desk.getByRole('heading', { name: admin(locale, 'deposits.title'), level: 1 })).toBeVisible();

    // The statement shows the full 5,000 yen, 2,500 of the 3,000 ordered, and nothing for the third.
    let dialog = await decideDeposit(desk, locale, larger, 'approve');
    await dialog.getByRole('textbox', { name: admin(locale, 'review.amount') }).fill('5000');
    await dialog.getByRole('button', { name: admin(locale, 'review.deposit.approve') }).click();
    await expect(desk.getByText(admin(locale, 'review.deposit.approved', { subject: larger }))).toBeVisible();
    dialog = await decideDeposit(desk, locale, smaller, 'approve');
    await dialog.getByRole('textbox', { name: admin(locale, 'review.amount') }).fill('2500');
    await dialog
      .getByRole('textbox', { name: admin(locale, 'review.remark') })
      .fill('Short by 500 yen on the statement');
    await dialog.getByRole('button', { name: admin(locale, 'review.deposit.approve') }).click();
    await expect(desk.getByText(admin(locale, 'review.deposit.approved', { subject: smaller }))).toBeVisible();
    const failure = locale === 'ja-JP' ? '1週間以内に振込がありませんでした' : 'No transfer arrived within a week';
    dialog = await decideDeposit(desk, locale, missing, 'reject');
    await dialog.getByRole('textbox', { name: admin(locale, 'review.reason') }).fill(failure);
    await dialog.getByRole('button', { name: admin(locale, 'review.deposit.reject') }).click();
    await expect(desk.getByText(admin(locale, 'review.deposit.rejected', { subject: missing }))).toBeVisible();
    await expect(desk.getByText(admin(locale, 'list.empty'))).toBeVisible();

    // The record page does not poll the profile: the header reads the new balance on the next load.
    await page.reload();
    await expectHeaderBalance(page, locale, '7,500');
    await expect(deposits.getByText(record(locale, 'status.successful'))).toHaveCount(2);
    await expect(deposits.getByText(record(locale, 'status.failed'))).toHaveCount(1);

    await desk
      .getByRole('navigation')
      .getByRole('link', { name: admin(locale, 'nav.users') })
      .click();
    await desk.getByRole('textbox', { name: admin(locale, 'players.keyword') }).fill(player.username);
    await desk.keyboard.press('Enter');
    const playerRow = desk
      .getByRole('table', { name: admin(locale, 'players.title') })
      .getByRole('row')
      .filter({ hasText: player.username });
    await expect(playerRow.getByText(admin(locale, 'status.active'))).toBeVisible();
    await playerRow.getByRole('link', { name: admin(locale, 'players.ledger') }).click();
    await expect(
      desk.getByRole('heading', { name: admin(locale, 'ledger.title', { account: player.username }) }),
    ).toBeVisible();
    const entries = desk.getByRole('table', { name: admin(locale, 'ledger.entries') }).getByRole('row');
    await expect(entries).toHaveCount(3);
    for (const [index, change, balanceAfter] of [
      [1, '+2,500', '7,500'],
      [2, '+5,000', '5,000'],
    ] as const) {
      const cells = entries.nth(index).getByRole('cell');
      await expect(cells.nth(1)).toHaveText(admin(locale, 'ledger.kinds.deposit'));
      await expect(cells.nth(2)).toHaveText(change);
      await expect(cells.nth(3)).toHaveText(balanceAfter);
    }
    await expect(desk.getByTestId('ledger-balance')).toHaveText(admin(locale, 'coins', { amount: '7,500' }));

    const freezeReason = locale === 'ja-JP' ? '不正な入金の調査中' : 'Suspicious deposits under investigation';
    await desk.getByRole('link', { name: admin(locale, 'ledger.backToPlayers') }).click();
    await playerRow.getByRole('button', { name: admin(locale, 'review.freeze.reject') }).click();
    dialog = desk.getByRole('dialog', {
      name: admin(locale, 'review.freeze.rejectTitle', { subject: player.username }),
    });
    await dialog.getByRole('textbox', { name: admin(locale, 'review.reason') }).fill(freezeReason);
    await dialog.getByRole('button', { name: admin(locale, 'review.freeze.reject') }).click();
    await expect(playerRow.getByText(admin(locale, 'status.frozen'))).toBeVisible();

    // The player's next call is answered 402: the site says why, signs them out and goes home. The
    // refresh asks for it; a poll of the page's (the records', the letters') may ask first, and then
    // the button is gone before the click lands.
    const frozenNotice = page.getByText(text(locale, 'server:auth.accountFrozen')).first();
    const refreshed = page
      .getByRole('button', { name: record(locale, 'filters.refresh') })
      .click()
      .catch(() => undefined);
    await Promise.race([refreshed, frozenNotice.waitFor()]);
    await expect(frozenNotice).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner').getByRole('button', { name: text(locale, 'auth.login') })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    const refused = (entry: string) => entry.includes('the server responded with a status of 402');
    expect(pageErrors.filter(refused).length).toBeGreaterThan(0);
    pageErrors.splice(0, pageErrors.length, ...pageErrors.filter((entry) => !refused(entry)));

    await desk.goto(`/admin/audit?subjectType=user&subjectId=${player.userId}`);
    const freezeEntry = desk
      .getByRole('table', { name: admin(locale, 'audit.title') })
      .getByRole('row')
      .filter({ hasText: freezeReason });
    await expect(freezeEntry).toContainText(admin(locale, 'audit.actions.user.freeze'));
    await expect(freezeEntry).toContainText(operator.account);
    for (const [orderSn, action, reason] of [
      [smaller, 'deposit.manualConfirm', 'Short by 500 yen on the statement'],
      [missing, 'deposit.manualFail', failure],
    ] as const) {
      await desk.goto(`/admin/audit?subjectId=${orderSn}`);
      const entry = desk
        .getByRole('table', { name: admin(locale, 'audit.title') })
        .getByRole('row')
        .filter({ hasText: reason });
      await expect(entry).toContainText(admin(locale, `audit.actions.${action}`));
      await expect(entry).toContainText(`depositOrder:${orderSn}`);
    }
    expect(deskErrors).toEqual([]);
  });
}

test('agent applications: one approved, one rejected with a reason the player reads', async ({ page, request }) => {
  test.setTimeout(120_000);
  const locale = 'ja-JP';
  const call = apiCaller(request, locale);
  const partner = await registeredPlayer(request, call);
  const stranger = await registeredPlayer(request, call);
  const note = '大阪のパチンコ仲間を40人紹介できます';
  await call('/v2/app/agent/apply', { remark: note }, { token: partner.token });
  await call('/v2/app/agent/apply', {}, { token: stranger.token });

  const { desk, deskErrors } = await openSignedInDeskTab(page, request, locale);
  await desk.goto('/admin');
  await expect(desk.getByTestId('waiting-agentApplications')).toBeVisible();
  await desk
    .getByRole('navigation')
    .getByRole('link', { name: admin(locale, 'nav.agentApplications') })
    .click();
  await expect(desk.getByRole('heading', { name: admin(locale, 'agentApplications.title'), level: 1 })).toBeVisible();
  const queue = desk.getByRole('table', { name: admin(locale, 'agentApplications.title') });
  const playerFilter = desk.getByRole('textbox', { name: admin(locale, 'filters.player') });

  await playerFilter.fill(partner.username);
  await playerFilter.press('Enter');
  const partnerRow = queue.getByRole('row').filter({ hasText: partner.username });
  await expect(partnerRow).toContainText(note);
  await partnerRow.getByRole('button', { name: admin(locale, 'review.agentApplication.approve') }).click();
  const approval = desk.getByRole('dialog', {
    name: admin(locale, 'review.agentApplication.approveTitle', { subject: partner.username }),
  });
  await approval.getByRole('button', { name: admin(locale, 'review.agentApplication.approve') }).click();
  await expect(
    desk.getByText(admin(locale, 'review.agentApplication.approved', { subject: partner.username })),
  ).toBeVisible();
  await expect(desk.getByText(admin(locale, 'list.empty'))).toBeVisible();
  expect(await call<boolean>('/v2/app/agent/is/agent', {}, { token: partner.token })).toBe(true);

  const reason = '1か月以上プレイしてから再申請してください';
  await playerFilter.fill(stranger.username);
  await playerFilter.press('Enter');
  const strangerRow = queue.getByRole('row').filter({ hasText: stranger.username });
  await strangerRow.getByRole('button', { name: admin(locale, 'review.agentApplication.reject') }).click();
  const rejection = desk.getByRole('dialog', {
    name: admin(locale, 'review.agentApplication.rejectTitle', { subject: stranger.username }),
  });
  await rejection.getByRole('textbox', { name: admin(locale, 'review.reason') }).fill(reason);
  await rejection.getByRole('button', { name: admin(locale, 'review.agentApplication.reject') }).click();
  await expect(
    desk.getByText(admin(locale, 'review.agentApplication.rejected', { subject: stranger.username })),
  ).toBeVisible();
  expect(await call<boolean>('/v2/app/agent/is/agent', {}, { token: stranger.token })).toBe(false);
  expect(await call('/v2/app/agent/apply/status', {}, { token: stranger.token })).toMatchObject({
    status: 'rejected',
    rejectReason: reason,
  });
  expect(deskErrors).toEqual([]);
});

test('the game pages: rounds, the daily profit and the studio’s games with their machines', async ({
  page,
  request,
}) => {
  // The worker's operator session may first wait out an authenticator period that another test used.
  test.setTimeout(90_000);
  const locale = 'en-US';
  const { desk, deskErrors } = await openSignedInDeskTab(page, request, locale);
  await desk.goto('/admin/rounds');
  await expect(desk.getByRole('heading', { name: admin(locale, 'rounds.title'), level: 1 })).toBeVisible();
  await expect(desk.getByTestId('list-total')).toBeVisible();
  const menu = desk.getByRole('navigation');
  await menu.getByRole('link', { name: admin(locale, 'nav.gameProfit') }).click();
  await expect(desk.getByRole('heading', { name: admin(locale, 'gameProfit.title'), level: 1 })).toBeVisible();
  await menu.getByRole('link', { name: admin(locale, 'nav.games') }).click();
  const studio = desk.getByRole('region', { name: /\(studio\)$/ }).first();
  // Every title of the floor has at least four machines.
  await expect(studio.getByRole('cell', { name: admin(locale, 'games.machine', { number: 4 }) })).toBeVisible();
  expect(deskErrors).toEqual([]);
});
