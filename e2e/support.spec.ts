import { apiCaller, expect, openSignedInDeskTab, registeredPlayer, test, text } from './fixtures';

/**
 * Download and support in the browser (docs/requirements.md §15): an operator sets the app links on
 * the desk and /download shows them with their QR codes; a player's message on /support reaches the
 * desk's inbox, and the operator's reply arrives as a letter on the player's letters page; a
 * visitor's form is checked in the browser before it is sent.
 */

const password = 'Sakura-2024!x';
const appStoreUrl = 'https://apps.apple.com/app/id6400000001';
const directDownloadUrl = 'https://downloads.example.test/game-hall.apk';

for (const locale of ['ja-JP', 'en-US'] as const) {
  const support = (key: string, values: Record<string, string | number> = {}) => text(locale, `support:${key}`, values);

  test.describe(`download and support (${locale})`, () => {
    test('the operator sets app links on the desk; /download shows them with QR codes', async ({ page, request }) => {
      test.setTimeout(90_000);
      await page.addInitScript((lng) => localStorage.setItem('lang', lng), locale);
      const { desk, deskErrors } = await openSignedInDeskTab(page, request, locale);
      await desk.goto('/admin/support-settings');
      const field = (name: string) => desk.getByRole('textbox', { name: support(`desk.fields.${name}`), exact: true });
      await field('appStoreUrl').fill(appStoreUrl);
      await field('googlePlayUrl').fill('');
      await field('directDownloadUrl').fill(directDownloadUrl);
      await field('email').fill('help@example.test');
      await desk.getByRole('button', { name: support('desk.save') }).click();
      await expect(desk.getByText(support('desk.saved'))).toBeVisible();
      expect(deskErrors).toEqual([]);

      await page.bringToFront();
      await page.goto('/download');
      await expect(page.getByRole('heading', { name: support('download.title') })).toBeVisible();
      const appStore = page.locator('[data-app-link="appStore"]');
      await expect(
        appStore.getByRole('img', { name: support('download.qrOf', { store: support('download.appStore') }) }),
      ).toBeVisible();
      await expect(appStore.getByRole('link', { name: support('download.open.appStore') })).toHaveAttribute(
        'href',
        appStoreUrl,
      );
      const direct = page.locator('[data-app-link="direct"]');
      await expect(
        direct.getByRole('img', { name: support('download.qrOf', { store: support('download.direct') }) }),
      ).toBeVisible();
      await expect(direct.getByRole('link', { name: support('download.open.direct') })).toHaveAttribute(
        'href',
        directDownloadUrl,
      );
      // Google Play was left empty: not shown.
      await expect(page.locator('[data-app-link="googlePlay"]')).toHaveCount(0);
      await expect(page.getByText(support('download.signInTitle'))).toBeVisible();
    });

    test('a player’s message reaches the desk inbox; the reply arrives as a letter', async ({ page, request }) => {
      test.setTimeout(120_000);
      const call = apiCaller(request, locale);
      const player = await registeredPlayer(request, call, password);
      await page.addInitScript(
        ([token, lng]) => {
          localStorage.setItem('token', token);
          localStorage.setItem('lang', lng);
        },
        [player.token, locale] as const,
      );
      await page.goto('/support');
      const subject = `${support('form.subject')} ${Date.now().toString(36)}`;
      const form = page.getByRole('form', { name: support('form.title') });
      await expect(form.getByText(support('form.signedInAs', { account: player.account }))).toBeVisible();
      await form.getByRole('textbox', { name: support('form.subject') }).fill(subject);
      await form.getByRole('textbox', { name: support('form.message') }).fill('出金の反映時間を教えてください。');
      await form.getByRole('button', { name: support('form.send') }).click();
      await expect(page.getByText(support('form.sentTitle'))).toBeVisible();

      const { desk, deskErrors } = await openSignedInDeskTab(page, request, locale);
      await desk.goto('/admin/support');
      await desk.getByRole('button', { name: subject }).click();
      const dialog = desk.getByRole('dialog', { name: subject });
      await expect(dialog.getByText('出金の反映時間を教えてください。')).toBeVisible();
      await dialog.getByRole('textbox', { name: support('desk.reply') }).fill('通常30分以内に反映されます。');
      await dialog.getByRole('button', { name: support('desk.sendReply') }).click();
      // Answered: the dialog shows the reply in place of the form, the list the new state.
      await expect(dialog.getByRole('textbox', { name: support('desk.reply') })).toHaveCount(0);
      await expect(dialog.getByText('通常30分以内に反映されます。')).toBeVisible();
      await desk.keyboard.press('Escape');
      await expect(
        desk.getByRole('row').filter({ hasText: subject }).getByText(support('desk.state.replied')),
      ).toBeVisible();
      expect(deskErrors).toEqual([]);

      await page.bringToFront();
      await page.goto('/user/station-letter');
      const title = text(locale, 'server:support.replyTitle', { subject });
      await page.getByRole('button', { name: title }).click();
      await expect(page.getByText('通常30分以内に反映されます。')).toBeVisible();
    });

    test('a visitor’s blank subject is refused in the browser, in the server’s words', async ({ page }) => {
      await page.addInitScript((lng) => localStorage.setItem('lang', lng), locale);
      const sent: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/v2/app/support/message')) sent.push(request.url());
      });
      await page.goto('/support');
      const form = page.getByRole('form', { name: support('form.title') });
      await form.getByRole('textbox', { name: support('form.name') }).fill('山田 花子');
      await form.getByRole('textbox', { name: support('form.email') }).fill('hanako@example.jp');
      await form.getByRole('textbox', { name: support('form.subject') }).fill('   ');
      await form
        .getByRole('textbox', { name: support('form.message') })
        .fill('アプリのダウンロード方法を教えてください。');
      await form.getByRole('button', { name: support('form.send') }).click();
      const required = text(locale, 'server:validation.required', { field: support('form.subject') });
      await expect(form.getByText(required)).toBeVisible();
      await form.getByRole('textbox', { name: support('form.subject') }).fill('ダウンロード');
      await expect(form.getByText(required)).toHaveCount(0);
      expect(sent).toEqual([]);
    });
  });
}
