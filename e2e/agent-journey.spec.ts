import type { Locale } from '@contract/locales';
import type { Page } from '@playwright/test';
import {
  apiCaller,
  depositThroughSandbox,
  expect,
  expectHeaderBalance,
  fundedPlayer,
  mailedCode,
  openSignedInDeskTab,
  pathOf,
  runClockUntilVisible,
  signedInToken,
  test,
  text,
} from './fixtures';

/**
 * An agent's first day, in Japanese and in English (docs/requirements.md §12): a funded player applies
 * in the agent centre and an operator approves on the desk; the page follows without a reload and
 * opens the member page. The agent creates a member, a second member registers through the
 * invitation link and deposits, the agent moves coins to the first member and takes some back. Then
 * the team report, the team deposits, both players' records and both balances tell the same story.
 */

const password = 'Maple leaf 2026!';
const memberPassword = 'Cedar grove 2026!';

const signInAs = async (page: Page, token: string, locale: Locale) =>
  page.addInitScript(
    ([stored, lng]) => {
      localStorage.setItem('token', stored);
      localStorage.setItem('lang', lng);
    },
    [token, locale] as const,
  );

for (const locale of ['ja-JP', 'en-US'] as const) {
  test(`an agent applies, builds a team and moves coins; reports and records agree (${locale})`, async ({
    page,
    request,
    browser,
  }) => {
    // The desk sign-in may wait out an authenticator period another test used.
    test.setTimeout(240_000);
    const t = (key: string, values: Record<string, string | number> = {}) => text(locale, key, values);
    const coins = (amount: number) =>
      t('agent-members:coins', { amount: new Intl.NumberFormat(locale).format(amount) });
    const number = (amount: number) => new Intl.NumberFormat(locale).format(amount);
    const call = apiCaller(request, locale);

    // A player with 5,000 coins applies in the agent centre.
    const agent = await fundedPlayer(request, call, password, 5_000);
    await signInAs(page, agent.token, locale);
    // The clock runs as a real one until the page waits for its next check of the application.
    await page.clock.install();
    await page.goto('/agent/agent-center');
    await page.getByRole('button', { name: t('agent:application.apply') }).click();
    const confirm = page.getByRole('dialog', { name: t('agent:confirm.title') });
    await confirm.getByRole('button', { name: t('agent:confirm.confirm') }).click();
    await expect(page.getByText(t('agent:pending.title'), { exact: true })).toBeVisible();

    // An operator approves on the desk, in a tab of their own.
    const { desk, deskErrors } = await openSignedInDeskTab(page, request, locale);
    await desk.goto('/admin/agent-applications');
    const playerFilter = desk.getByRole('textbox', { name: t('admin:filters.player') });
    await playerFilter.fill(agent.account);
    await playerFilter.press('Enter');
    const row = desk
      .getByRole('table', { name: t('admin:agentApplications.title') })
      .getByRole('row')
      .filter({ hasText: agent.account });
    await row.getByRole('button', { name: t('admin:review.agentApplication.approve') }).click();
    await desk
      .getByRole('dialog', { name: t('admin:review.agentApplication.approveTitle', { subject: agent.account }) })
      .getByRole('button', { name: t('admin:review.agentApplication.approve') })
      .click();
    await expect(desk.getByText(t('admin:review.agentApplication.approved', { subject: agent.account }))).toBeVisible();
    await desk.close();

    // The player's page follows the decision by itself and opens the agent centre.
    await runClockUntilVisible(page, page.getByText(t('agent:approved.title'), { exact: true }), 20_000);
    await page.getByRole('link', { name: t('agent:approved.open') }).click();
    await expect.poll(() => pathOf(page)).toBe('/agent/subordinate-management');
    const { agentCode, invitationUrl } = await call<{ agentCode: string; invitationUrl: string }>(
      '/v2/app/agent/code',
      {},
      { token: agent.token },
    );
    await expect(page.getByRole('textbox', { name: t('agent:invitation.code') })).toHaveValue(agentCode);

    // The agent creates a member.
    const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e3)}`;
    const created = `mb${stamp}`.slice(0, 20);
    await page.getByRole('button', { name: t('agent-members:actions.create') }).click();
    const createDialog = page.getByRole('dialog', { name: t('agent-members:create.title') });
    await createDialog.getByRole('textbox', { name: t('agent-members:create.account') }).fill(created);
    await createDialog.getByLabel(t('agent-members:create.password'), { exact: true }).fill(memberPassword);
    await createDialog.getByLabel(t('agent-members:create.confirmPassword'), { exact: true }).fill(memberPassword);
    await createDialog.getByRole('button', { name: t('agent-members:create.submit') }).click();
    await expect(createDialog.getByText(t('agent-members:create.done.title'), { exact: true })).toBeVisible();
    await createDialog
      .getByRole('button', { name: t('agent-members:close') })
      .first()
      .click();

    // A second member registers through the invitation link, in a browser of their own, and deposits.
    const visitorContext = await browser.newContext({ locale });
    const visitor = await visitorContext.newPage();
    await visitor.addInitScript((lng) => localStorage.setItem('lang', lng), locale);
    const link = new URL(invitationUrl);
    await visitor.goto(`${link.pathname}${link.search}`);
    const register = visitor.getByRole('dialog');
    const invited = `iv${stamp}`.slice(0, 20);
    const email = `${invited}@example.jp`;
    await register.getByRole('textbox', { name: t('auth:labels.email'), exact: true }).fill(email);
    await register.getByRole('button', { name: t('auth:sendCode.send') }).click();
    await register
      .getByRole('textbox', { name: t('auth:labels.code'), exact: true })
      .fill(await mailedCode(request, email));
    await register.getByRole('checkbox').check();
    await register.getByRole('button', { name: t('auth:register.next') }).click();
    const accountStep = register.getByRole('form', { name: t('auth:register.accountStep') });
    await expect(accountStep.getByRole('textbox', { name: t('auth:labels.agentCode'), exact: true })).toHaveValue(
      agentCode,
    );
    await accountStep.getByRole('textbox', { name: t('auth:labels.username'), exact: true }).fill(invited);
    await accountStep.getByLabel(t('auth:labels.password'), { exact: true }).fill(password);
    await accountStep.getByLabel(t('auth:labels.confirmPassword'), { exact: true }).fill(password);
    await accountStep.getByRole('button', { name: t('auth:register.submit') }).click();
    await expect(register).toBeHidden();
    const invitedToken = await visitor.evaluate(() => localStorage.getItem('token'));
    if (!invitedToken) throw new Error('the invited member is not signed in');
    await visitorContext.close();
    await depositThroughSandbox(request, call, invitedToken, 3_000);

    // The agent hands 2,000 coins to the created member and takes 500 back.
    await page.reload();
    const memberRow = page.getByTestId(`member-${created}`);
    await expect(page.getByTestId(`member-${invited}`)).toContainText(coins(3_000));
    for (const [direction, amount, before, after] of [
      ['transfer', 2_000, [5_000, 0], [3_000, 2_000]],
      ['decrease', 500, [3_000, 2_000], [3_500, 1_500]],
    ] as const) {
      await memberRow
        .getByRole('button', {
          name: t(`agent-members:actions.${direction === 'transfer' ? 'transferTo' : 'decreaseOf'}`, {
            account: created,
          }),
        })
        .click();
      const move = page.getByRole('dialog');
      await move.getByLabel(t('agent-members:move.amount'), { exact: true }).fill(String(amount));
      await move.getByRole('button', { name: t('agent-members:move.review') }).click();
      const balances = move.getByRole('table', { name: t('agent-members:move.balances') });
      await expect(balances.getByRole('row').nth(1)).toContainText(number(before[0]));
      await expect(balances.getByRole('row').nth(1)).toContainText(number(after[0]));
      await expect(balances.getByRole('row').nth(2)).toContainText(number(before[1]));
      await expect(balances.getByRole('row').nth(2)).toContainText(number(after[1]));
      await move.getByRole('button', { name: t('agent-members:move.confirm') }).click();
      await expect(move.getByText(t(`agent-members:move.${direction}.done`), { exact: true })).toBeVisible();
      await move
        .getByRole('button', { name: t('agent-members:close') })
        .first()
        .click();
      await expect(move).toBeHidden();
    }
    await expect(memberRow).toContainText(coins(1_500));
    await expectHeaderBalance(page, locale, number(3_500));

    // Today's team report: two registrations, one deposit, the coins handed over, both members' balances.
    await page.goto('/agent/team-report');
    const figure = (key: string) =>
      page
        .getByRole('group', { name: t('agent-reports:report.figures') })
        .getByRole('group', { name: t(`agent-reports:figures.${key}`) });
    await expect(figure('registrations')).toContainText(number(2));
    await expect(figure('rechargeCount')).toContainText(number(1));
    await expect(figure('rechargeAmount')).toContainText(number(3_000));
    await expect(figure('transferAmount')).toContainText(number(2_000));
    await expect(figure('teamBalance')).toContainText(number(4_500));
    const members = page.getByRole('table', { name: t('agent-reports:report.members') });
    await expect(members.getByRole('row').filter({ hasText: invited })).toContainText(number(3_000));
    await expect(members.getByRole('row').filter({ hasText: created })).toBeVisible();

    // The team's deposits: the invited member's one, completed.
    await page.goto('/agent/team-recharge');
    await expect(
      page
        .getByRole('table', { name: t('agent-reports:recharge.list') })
        .getByRole('row')
        .filter({ hasText: invited }),
    ).toContainText(number(3_000));
    await expect(
      page
        .getByRole('group', { name: t('agent-reports:totals.title') })
        .getByRole('group', { name: t('agent-reports:totals.completed') }),
    ).toContainText(number(3_000));

    // Both players' records show the two moves from their own side, with the same reference numbers.
    const movesOf = async (viewer: Page) => {
      await viewer.goto('/user/record?tab=movements');
      const table = viewer.getByRole('table', { name: t('record:tabs.movements') });
      const rowOf = (kind: string, amount: string) =>
        table
          .getByRole('row')
          .filter({ hasText: t(`record:types.movements.${kind}`) })
          .filter({ hasText: amount });
      return { table, rowOf };
    };
    const agentMoves = await movesOf(page);
    const given = agentMoves.rowOf('agentTransferOut', `-${number(2_000)}`);
    const takenBack = agentMoves.rowOf('agentTransferIn', `+${number(500)}`);
    await expect(given).toHaveCount(1);
    await expect(takenBack).toHaveCount(1);
    const reference = async (row: typeof given) => (await row.getByRole('cell').last().textContent())?.trim() ?? '';
    const givenReference = await reference(given);
    const takenReference = await reference(takenBack);
    expect(givenReference).not.toBe('');
    expect(takenReference).not.toBe(givenReference);

    const memberContext = await browser.newContext({ locale });
    const memberPage = await memberContext.newPage();
    await signInAs(memberPage, await signedInToken(call, created, memberPassword), locale);
    const memberMoves = await movesOf(memberPage);
    const received = memberMoves.rowOf('agentTransferIn', `+${number(2_000)}`);
    const returned = memberMoves.rowOf('agentTransferOut', `-${number(500)}`);
    await expect(received).toContainText(givenReference);
    await expect(returned).toContainText(takenReference);
    await expectHeaderBalance(memberPage, locale, number(1_500));
    await memberContext.close();
    expect(deskErrors).toEqual([]);
  });
}
