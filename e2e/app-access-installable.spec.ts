import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Locale } from '@contract/locales';
import { chromium } from '@playwright/test';
import { apiCaller, expect, registeredPlayer, test, text, useLanguage } from './fixtures';

/**
 * The portal as an installable app (docs/requirements.md §14.6, §15.5, §15.6): Chromium finds it
 * installable, its service worker answers with the offline page when the network is gone, and a
 * second browser signs in with the code a signed-in one shows, typed as on a device without camera,
 * once the player approves it on the signed-in one (and not when the player refuses).
 */

const password = 'Maple leaf 2026!';

test.use({ serviceWorkers: 'allow' });

test('Chromium reports the portal installable: the manifest has no installability errors', async ({
  baseURL,
}, testInfo) => {
  // A test context is incognito, where Chromium installs nothing: a profile of its own, as a player's.
  const profile = await mkdtemp(path.join(os.tmpdir(), 'game-hall-install-'));
  const browser = await chromium.launchPersistentContext(profile, {
    ...testInfo.project.use.launchOptions,
    baseURL,
    locale: 'ja-JP',
  });
  try {
    const page = await browser.newPage();
    await page.goto('/download');
    await expect(page.getByRole('heading', { name: text('ja-JP', 'support:download.app.title') })).toBeVisible();
    await expect(page.getByRole('img', { name: text('ja-JP', 'support:download.app.qrLabel') })).toBeVisible();
    const manifest = await page.request.get('/manifest.webmanifest');
    expect(manifest.headers()['content-type']).toContain('application/manifest+json');
    const csp = manifest.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("manifest-src 'self'");
    expect(csp).toContain("worker-src 'self'");
    const cdp = await page.context().newCDPSession(page);
    // Installability needs the service worker in control, so it is read until the worker took over.
    await expect
      .poll(async () => {
        const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
        return installabilityErrors.map((error) => error.errorId);
      })
      .toEqual([]);
    const { url, errors } = await cdp.send('Page.getAppManifest');
    expect(new URL(url).pathname).toBe('/manifest.webmanifest');
    expect(errors).toEqual([]);
  } finally {
    await browser.close();
    await rm(profile, { recursive: true, force: true });
  }
});

test('the service worker takes the page, and the offline page shows when the network is cut', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await useLanguage(page, 'en-US');
  await page.goto('/');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { polling: 100 });
  const cached = await page.evaluate(async () => {
    const names = await caches.keys();
    const requests = await Promise.all(names.map(async (name) => (await caches.open(name)).keys()));
    return requests.flat().map((request) => new URL(request.url).pathname);
  });
  expect(cached).toContain('/offline.html');
  expect(cached.some((path) => /^\/assets\/index-[\w-]+\.js$/.test(path))).toBe(true);
  expect(cached.filter((path) => path.startsWith('/v2/'))).toEqual([]);

  await context.setOffline(true);
  await page.goto('/user/finance/deposit');
  await expect(page.getByRole('heading', { name: text('en-US', 'support:offline.title') })).toBeVisible();
  await expect(page.getByText(text('en-US', 'support:offline.body'))).toBeVisible();
  await expect(page.getByText(text('ja-JP', 'support:offline.body'))).toBeHidden();
  await expect(page.getByRole('button', { name: text('en-US', 'support:offline.retry') })).toBeVisible();
  // Back online, the page tries again by itself and the portal answers: a whole page load, which a
  // loaded runner may take a while over.
  await context.setOffline(false);
  await expect(page.getByRole('banner')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: text('en-US', 'support:offline.title') })).toBeHidden();
});

/** "Sign in on <device>?" for whatever name the browser gives itself. */
function questionPattern(locale: Locale): RegExp {
  const [before = '', after = ''] = text(locale, 'app-access:appLogin.confirmQuestion').split('{{device}}');
  const literal = (part: string) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${literal(before)}.+${literal(after)}$`);
}

for (const locale of ['ja-JP', 'en-US'] as const satisfies Locale[]) {
  const say = (key: string, values: Record<string, string | number> = {}) => text(locale, key, values);

  test(`[${locale}] a signed-out browser signs in with the code a signed-in one shows`, async ({
    browser,
    page,
    request,
  }) => {
    const call = apiCaller(request, locale);
    const player = await registeredPlayer(request, call, password);
    await useLanguage(page, locale);
    await page.addInitScript((token) => localStorage.setItem('token', token), player.token);
    await page.goto('/user/app-login');
    await expect(page.getByText(say('app-access:appLogin.waiting'))).toBeVisible();
    const loginCode = (await page.getByTestId('app-login-code').textContent()) ?? '';

    const device = await browser.newContext({ locale });
    try {
      const app = await device.newPage();
      await useLanguage(app, locale);
      await app.goto('/app-sign-in');
      await expect(app.getByRole('heading', { name: say('app-access:qrSignIn.title') })).toBeVisible();
      const form = app.getByRole('form', { name: say('app-access:qrSignIn.typeTitle') });
      const codeField = form.getByRole('textbox', { name: say('app-access:qrSignIn.code') });

      // A wrong code is refused on its field and signs nobody in.
      await codeField.fill(`${loginCode.slice(0, -2)}zz`);
      await form.getByRole('button', { name: say('app-access:qrSignIn.submit') }).click();
      await expect(form.getByText(say('server:appAccess.loginCodeInvalid'))).toBeVisible();
      expect(await app.evaluate(() => localStorage.getItem('token'))).toBeNull();

      await codeField.fill(loginCode);
      await form.getByRole('button', { name: say('app-access:qrSignIn.submit') }).click();
      // Nobody is signed in before the player approves on the device that shows the code.
      await expect(app.getByText(say('app-access:qrSignIn.awaitingApproval'))).toBeVisible();
      expect(await app.evaluate(() => localStorage.getItem('token'))).toBeNull();
      const question = page.getByRole('group', { name: questionPattern(locale) });
      await expect(question).toBeVisible();
      await expect(page.getByTestId('app-login-code')).toBeHidden();
      await question.getByRole('button', { name: say('app-access:appLogin.approve') }).click();
      await expect(app.getByText(say('app-access:qrSignIn.signedInAs', { account: player.account }))).toBeVisible();
      await expect(app.getByRole('button', { name: say('layout.userMenu') })).toBeVisible();
      // The code showing device follows: signed in on the app.
      await expect(page.getByText(say('app-access:appLogin.signedIn'))).toBeVisible();

      // Used once: the same code typed again, on a fresh page of the device, is refused.
      await app.evaluate(() => localStorage.removeItem('token'));
      await app.goto('/app-sign-in');
      const retyped = app.getByRole('form', { name: say('app-access:qrSignIn.typeTitle') });
      await retyped.getByRole('textbox', { name: say('app-access:qrSignIn.code') }).fill(loginCode);
      await retyped.getByRole('button', { name: say('app-access:qrSignIn.submit') }).click();
      await expect(retyped.getByText(say('server:appAccess.loginCodeInvalid'))).toBeVisible();
    } finally {
      await device.close();
    }
  });

  test(`[${locale}] a refused sign-in signs the other browser in nowhere`, async ({ browser, page, request }) => {
    const call = apiCaller(request, locale);
    const player = await registeredPlayer(request, call, password);
    await useLanguage(page, locale);
    await page.addInitScript((token) => localStorage.setItem('token', token), player.token);
    await page.goto('/user/app-login');
    const loginCode = (await page.getByTestId('app-login-code').textContent()) ?? '';

    const device = await browser.newContext({ locale });
    try {
      const app = await device.newPage();
      await useLanguage(app, locale);
      await app.goto('/app-sign-in');
      const form = app.getByRole('form', { name: say('app-access:qrSignIn.typeTitle') });
      await form.getByRole('textbox', { name: say('app-access:qrSignIn.code') }).fill(loginCode);
      await form.getByRole('button', { name: say('app-access:qrSignIn.submit') }).click();
      await expect(app.getByText(say('app-access:qrSignIn.awaitingApproval'))).toBeVisible();

      const question = page.getByRole('group', { name: questionPattern(locale) });
      await question.getByRole('button', { name: say('app-access:appLogin.refuse') }).click();
      await expect(page.getByText(say('app-access:appLogin.refused'))).toBeVisible();
      await expect(
        app
          .getByRole('form', { name: say('app-access:qrSignIn.typeTitle') })
          .getByText(say('server:appAccess.signInRefused')),
      ).toBeVisible();
      expect(await app.evaluate(() => localStorage.getItem('token'))).toBeNull();
      // A new code is one click away.
      await page.getByRole('button', { name: say('app-access:appLogin.refresh') }).click();
      await expect(page.getByTestId('app-login-code')).not.toHaveText(loginCode);
    } finally {
      await device.close();
    }
  });
}
