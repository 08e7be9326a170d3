import type { Locale } from '@contract/locales';
import type { Page } from '@playwright/test';
import { apiCaller, expect, openSignedInDeskTab, registeredPlayer, test, text } from './fixtures';

/**
 * In-site letters in the browser (docs/requirements.md §13): an operator writes a letter on the
 * desk, previews and sends it; the player's header badge shows it without a reload, and opening the
 * letter on the letters page clears the badge. A visitor on the letters page is invited to sign in.
 */

const password = 'Sakura-2024!x';
const letters = (locale: Locale, key: string, values: Record<string, string | number> = {}) =>
  text(locale, `letters:${key}`, values);

/**
 * The page's tab goes to the background or comes back to the front, as a browser tells the page
 * (`visibilitychange`). Headless Chromium keeps every tab visible, so the test says it for the browser.
 */
async function setTabShown(page: Page, shown: boolean): Promise<void> {
  await page.evaluate((visible) => {
    if (visible) delete (document as { visibilityState?: DocumentVisibilityState }).visibilityState;
    else Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  }, shown);
}

for (const locale of ['ja-JP', 'en-US'] as const) {
  test.describe(`letters (${locale})`, () => {
    test('an operator’s letter reaches the player’s header badge without a reload; reading it clears the badge', async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      const call = apiCaller(request, locale);
      const player = await registeredPlayer(request, call, password);
      const { userId } = await call<{ userId: number }>('/v2/app/user/info', {}, { token: player.token });

      await page.addInitScript(
        ([token, lng]) => {
          localStorage.setItem('token', token);
          localStorage.setItem('lang', lng);
        },
        [player.token, locale] as const,
      );
      await page.goto('/');
      const header = page.getByRole('banner');
      await expect(header.getByRole('link', { name: text(locale, 'layout.letters'), exact: true })).toBeVisible();

      // The player turns to the desk's tab: the player's page goes to the background.
      await setTabShown(page, false);
      const { desk, deskErrors } = await openSignedInDeskTab(page, request, locale);
      await desk.goto('/admin/letters');
      await desk.getByRole('textbox', { name: letters(locale, 'desk.userId') }).fill(String(userId));
      const title = `${letters(locale, 'desk.title')} ${Date.now().toString(36)}`;
      await desk.getByRole('textbox', { name: new RegExp(`^${letters(locale, 'desk.subject')}`) }).fill(title);
      await desk.getByRole('textbox', { name: new RegExp(`^${letters(locale, 'desk.body')}`) }).fill('本文です。');
      await desk.getByRole('button', { name: letters(locale, 'desk.preview') }).click();
      const preview = desk.getByRole('region', { name: letters(locale, 'desk.previewTitle') });
      await expect(preview.getByText(title).first()).toBeVisible();
      await preview.getByRole('button', { name: letters(locale, 'desk.send') }).click();
      await expect(desk.getByText(letters(locale, 'desk.sent'))).toBeVisible();
      expect(deskErrors).toEqual([]);

      // Back on the player's page, which was never reloaded: the push channel brought the count.
      await page.bringToFront();
      await setTabShown(page, true);
      const unreadLink = header.getByRole('link', { name: text(locale, 'layout.lettersUnread', { unread: 1 }) });
      await expect(unreadLink).toBeVisible();
      await expect(header.getByTestId('letters-badge')).toHaveText('1');

      await unreadLink.click();
      await expect(page).toHaveURL(/\/user\/station-letter$/);
      await expect(page.getByText(letters(locale, 'page.unreadCount', { unread: 1 }))).toBeVisible();
      await page.getByRole('button', { name: new RegExp(title) }).click();
      await expect(page.getByText('本文です。')).toBeVisible();
      await expect(header.getByRole('link', { name: text(locale, 'layout.letters'), exact: true })).toBeVisible();
      await expect(header.getByTestId('letters-badge')).toBeHidden();
      await expect(page.getByText(letters(locale, 'page.unreadCount', { unread: 0 }))).toBeVisible();
    });

    test('a visitor reads the letters to everyone and is invited to sign in for their own', async ({ page }) => {
      await page.addInitScript((lng) => localStorage.setItem('lang', lng), locale);
      await page.goto('/user/station-letter');
      const invitation = page.getByRole('alert', { name: letters(locale, 'page.visitorTitle') });
      await expect(invitation.getByText(letters(locale, 'page.visitorInvite'))).toBeVisible();
      await invitation.getByRole('button', { name: letters(locale, 'page.signIn'), exact: true }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
    });
  });
}
