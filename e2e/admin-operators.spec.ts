import type { Locale } from '@contract/locales';
import * as OTPAuth from 'otpauth';
import { deskOperator, expect, signInOnDesk, test, text, useLanguage } from './fixtures';

/**
 * Operators and their roles in the browser: an administrator makes a content operator on the desk
 * and hands over the password and authenticator secret shown once; that operator, signing in from
 * another browser, has only the content pages in the menu and is told a payout page is not open to
 * their role.
 */

const admin = (locale: Locale, key: string, values: Record<string, string | number> = {}) =>
  text(locale, `admin:${key}`, values);

test('a content operator made on the desk sees only their pages and is told a payout page is not theirs', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const locale: Locale = 'ja-JP';
  const account = `content${Date.now().toString(36)}`.slice(0, 20);
  await useLanguage(page, locale);
  await page.goto('/admin/operators');
  await signInOnDesk(page, locale, deskOperator('operators'));
  await expect(page.getByRole('heading', { name: admin(locale, 'operators.title'), level: 1 })).toBeVisible();

  await page.getByRole('button', { name: admin(locale, 'operators.create') }).click();
  let dialog = page.getByRole('dialog', { name: admin(locale, 'operators.createTitle') });
  await dialog.getByRole('textbox', { name: admin(locale, 'operators.account') }).fill(account);
  await dialog.getByRole('textbox', { name: admin(locale, 'operators.email') }).fill(`${account}@example.test`);
  await dialog.getByRole('checkbox', { name: admin(locale, 'roles.content') }).check();
  await dialog.getByRole('button', { name: admin(locale, 'operators.submitCreate') }).click();
  dialog = page.getByRole('dialog', { name: admin(locale, 'operators.issuedTitle', { account }) });
  const password = (await dialog.getByLabel(admin(locale, 'operators.password'), { exact: true }).textContent()) ?? '';
  const secret = (await dialog.getByLabel(admin(locale, 'operators.secret'), { exact: true }).textContent()) ?? '';
  await expect(dialog.getByRole('img', { name: admin(locale, 'operators.scan') })).toBeVisible();
  await dialog.getByRole('button', { name: admin(locale, 'operators.done') }).click();
  const row = page
    .getByRole('table', { name: admin(locale, 'operators.title') })
    .getByRole('row')
    .filter({ hasText: account });
  await expect(row.getByText(admin(locale, 'roles.content'))).toBeVisible();

  // The new operator, in a browser of their own, with the authenticator the secret set up.
  const theirs = await browser.newContext();
  const writer = await theirs.newPage();
  await useLanguage(writer, locale);
  await writer.goto('/admin/sign-in');
  const otpauthUrl = new OTPAuth.TOTP({ label: account, secret: OTPAuth.Secret.fromBase32(secret) }).toString();
  await signInOnDesk(writer, locale, { account, password, otpauthUrl });
  await expect(writer.getByTestId('desk-roles')).toContainText(admin(locale, 'roles.content'));
  const menu = writer.getByRole('navigation');
  await expect(menu.getByRole('link', { name: admin(locale, 'nav.notices') })).toBeVisible();
  await expect(menu.getByRole('link', { name: admin(locale, 'nav.withdrawals') })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: admin(locale, 'nav.operators') })).toHaveCount(0);
  await writer.goto('/admin/withdrawals');
  await expect(writer.getByText(admin(locale, 'roles.refusedTitle'))).toBeVisible();
  await expect(writer.getByRole('table')).toHaveCount(0);

  // The administrator adds the finance role: the writer's session ends, and signed in again the menu has withdrawals.
  await row.getByRole('button', { name: `${admin(locale, 'operators.roles')}: ${account}` }).click();
  dialog = page.getByRole('dialog', { name: admin(locale, 'operators.rolesTitle', { account }) });
  await dialog.getByRole('checkbox', { name: admin(locale, 'roles.finance') }).check();
  await dialog.getByRole('textbox', { name: admin(locale, 'operators.reason') }).fill('出金の審査も担当');
  await dialog.getByRole('button', { name: admin(locale, 'operators.saveRoles') }).click();
  await expect(row.getByText(admin(locale, 'roles.finance'))).toBeVisible();
  await writer.goto('/admin/notices');
  await expect(writer).toHaveURL(/\/admin\/sign-in/);
  await signInOnDesk(writer, locale, { account, password, otpauthUrl });
  await expect(writer.getByTestId('desk-roles')).toContainText(admin(locale, 'roles.finance'));
  await expect(menu.getByRole('link', { name: admin(locale, 'nav.withdrawals'), exact: true })).toBeVisible();
  await theirs.close();
});
