import type { Locale } from '@contract/locales';
import type { ProtectionState } from '@contract/protection';
import { apiCaller, expect, openSignedInDeskTab, registeredPlayer, test, text, useLanguage } from './fixtures';

/**
 * Player protection on the desk, with the public family declaration beside it: a family member sends
 * the form from the responsible-gaming page without signing in, the desk approves it, the player's
 * protection panel shows the monthly limit set by the family with its history, and an operator
 * imposes a time-out with a reason (the panel offers nothing to lift it).
 */

const password = 'Sakura-2024!x';
const admin = (locale: Locale, key: string, values: Record<string, string | number> = {}) =>
  text(locale, `admin:${key}`, values);
const family = (locale: Locale, key: string) => text(locale, `family-declaration:${key}`);

test('a family declaration sent through the form is approved on the desk; a time-out is imposed with a reason', async ({
  page,
  request,
  pageErrors,
}) => {
  // The worker's operator session may first wait out an authenticator period that another test used.
  test.setTimeout(120_000);
  const locale: Locale = 'en-US';
  const call = apiCaller(request, locale);
  const player = await registeredPlayer(request, call, password);
  await useLanguage(page, locale);

  await page.goto('/responsible-gaming');
  await page.getByRole('link', { name: family(locale, 'link.open') }).click();
  await expect(page.getByRole('heading', { name: family(locale, 'page.title'), level: 1 })).toBeVisible();
  const form = page.getByRole('form', { name: family(locale, 'form.title') });
  await form.getByRole('textbox', { name: family(locale, 'form.playerAccount') }).fill(player.account);
  await form.getByRole('textbox', { name: family(locale, 'form.requesterName') }).fill('Hanako Yamada');
  await form.getByRole('combobox', { name: family(locale, 'form.relationship') }).click();
  await page.getByRole('option', { name: family(locale, 'relationships.spouse') }).click();
  await form.getByRole('textbox', { name: family(locale, 'form.email'), exact: true }).fill('hanako@example.jp');
  await form.getByRole('combobox', { name: family(locale, 'form.dialCode') }).click();
  await page.getByRole('option', { name: /^\+81 / }).click();
  await form.getByRole('textbox', { name: family(locale, 'form.phone'), exact: true }).fill('090-1234-5678');
  await form.getByRole('textbox', { name: family(locale, 'form.depositMonthly') }).fill('30,000');
  await form.getByRole('textbox', { name: family(locale, 'form.reason') }).fill('He spends the rent on the slots');
  await form.getByRole('button', { name: family(locale, 'form.send') }).click();
  await expect(page.getByRole('status').filter({ hasText: family(locale, 'sent.title') })).toBeVisible();

  const { desk, deskErrors } = await openSignedInDeskTab(page, request, locale);
  await desk.goto('/admin');
  await expect(desk.getByTestId('waiting-familyDeclarations')).toBeVisible();
  await desk
    .getByRole('navigation')
    .getByRole('link', { name: admin(locale, 'nav.familyDeclarations') })
    .click();
  await expect(desk.getByRole('heading', { name: admin(locale, 'familyDeclarations.title'), level: 1 })).toBeVisible();
  const playerFilter = desk.getByRole('textbox', { name: admin(locale, 'filters.player') });
  await playerFilter.fill(player.account);
  await playerFilter.press('Enter');
  const card = desk.getByRole('article', {
    name: admin(locale, 'familyDeclarations.declarationOf', { account: player.account }),
  });
  await expect(card).toContainText('He spends the rent on the slots');
  await card.getByRole('button', { name: admin(locale, 'review.familyDeclaration.approve') }).click();
  const dialog = desk.getByRole('dialog', {
    name: admin(locale, 'review.familyDeclaration.approveTitle', { subject: player.account }),
  });
  await dialog.getByRole('button', { name: admin(locale, 'review.familyDeclaration.approve') }).click();
  await expect(
    desk.getByText(admin(locale, 'review.familyDeclaration.approved', { subject: player.account })),
  ).toBeVisible();
  await expect(card).toBeHidden();

  await desk.goto(`/admin/users?keyword=${player.account}`);
  await desk.getByRole('link', { name: admin(locale, 'players.protection') }).click();
  const limits = desk.getByRole('table', { name: admin(locale, 'protection.limits') });
  const monthlyDeposit = limits.getByRole('row').filter({
    hasText: admin(locale, 'protection.limitPer', {
      limit: admin(locale, 'protection.kinds.deposit'),
      period: admin(locale, 'protection.periods.month'),
    }),
  });
  await expect(monthlyDeposit).toContainText('¥30,000');
  await expect(monthlyDeposit).toContainText(admin(locale, 'protection.sources.family'));
  await expect(
    desk
      .getByRole('table', { name: admin(locale, 'protection.history') })
      .getByRole('row')
      .nth(1),
  ).toBeVisible();

  const impose = desk.getByRole('region', { name: admin(locale, 'protection.impose') });
  await impose.getByRole('combobox', { name: admin(locale, 'protection.duration') }).click();
  await desk.getByRole('option', { name: admin(locale, 'protection.durations.24h') }).click();
  await impose.getByRole('textbox', { name: admin(locale, 'review.reason') }).fill('Asked on the phone for a break');
  await impose.getByRole('button', { name: admin(locale, 'protection.imposeSubmit') }).click();
  await expect(desk.getByText(admin(locale, 'protection.imposed', { account: player.account }))).toBeVisible();
  await expect(desk.getByTestId('protection-block')).toContainText(admin(locale, 'protection.blockKinds.timeOut'));
  await expect(
    desk.getByRole('table', { name: admin(locale, 'protection.history') }).getByText(/Asked on the phone for a break/),
  ).toBeVisible();

  const state = await call<ProtectionState>('/v2/app/protection/state', {}, { token: player.token });
  expect(state.block).toMatchObject({ kind: 'timeOut', setBy: 'operator' });
  expect(state.limits.find((limit) => limit.kind === 'deposit' && limit.period === 'month')).toMatchObject({
    value: 30_000,
    setBy: 'family',
  });
  expect(deskErrors).toEqual([]);
  expect(pageErrors).toEqual([]);
});
