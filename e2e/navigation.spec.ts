import type { APIRequestContext, Page } from '@playwright/test';
import { callApi, expect, pathOf, test, text, useLanguage } from './fixtures';

async function pageTitle(request: APIRequestContext, slug: string) {
  return (await callApi<{ title: string }>(request, '/v2/app/page/query', { slug }, 'en-US')).title;
}

test.describe('language', () => {
  test('the switcher stores the choice under lang and reloads the page in that language', async ({ page }) => {
    await page.goto('/game/notice');
    await expect(page.getByRole('heading', { level: 1, name: text('ja-JP', 'content:notice.title') })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBeNull();

    const reloaded = page.waitForEvent('load');
    await page.getByRole('combobox', { name: text('ja-JP', 'layout.language') }).selectOption({ label: 'English' });
    await reloaded;

    await expect(page.getByRole('heading', { level: 1, name: text('en-US', 'content:notice.title') })).toBeVisible();
    expect(pathOf(page)).toBe('/game/notice');
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('en-US');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');

    const reloadedAgain = page.waitForEvent('load');
    await page.getByRole('combobox', { name: text('en-US', 'layout.language') }).selectOption({ label: '한국어' });
    await reloadedAgain;
    await expect(page.getByRole('heading', { level: 1, name: text('ko-KR', 'content:notice.title') })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('ko-KR');
  });

  test('an unknown stored language reads as Japanese', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('lang', 'xx-XX'));
    await page.goto('/game/promotion');
    await expect(page.getByRole('heading', { level: 1, name: text('ja-JP', 'content:promotion.title') })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja-JP');
  });
});

test.describe('unknown paths and redirects', () => {
  for (const locale of ['ja-JP', 'en-US'] as const) {
    test(`an unknown path shows the 404 page with a working link home (${locale})`, async ({ page }) => {
      if (locale !== 'ja-JP') await useLanguage(page, locale);
      await page.goto('/no/such/page');
      await expect(page.getByRole('heading', { level: 1, name: text(locale, 'notFound.title') })).toBeVisible();
      expect(pathOf(page)).toBe('/no/such/page');
      await page.getByRole('link', { name: text(locale, 'notFound.backHome') }).click();
      await expect(page.getByRole('heading', { level: 2, name: text(locale, 'home:games.popular') })).toBeVisible();
      await expect.poll(() => pathOf(page)).toBe('/');
    });
  }

  test('/index goes to /', async ({ page }) => {
    await page.goto('/index');
    await expect.poll(() => pathOf(page)).toBe('/');
    await expect(page.getByRole('heading', { level: 2, name: text('ja-JP', 'home:games.popular') })).toBeVisible();
  });
});

test.describe('protected routes while signed out', () => {
  test('opening /user/user-center shows the login dialog over home; dismissing it stays home', async ({ page }) => {
    await page.goto('/user/user-center');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('tab', { name: text('ja-JP', 'auth.login') })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(dialog.getByRole('tab', { name: text('ja-JP', 'auth.register') })).toBeVisible();
    await expect.poll(() => pathOf(page)).toBe('/');
    await expect(page.getByRole('heading', { level: 1, name: text('ja-JP', 'account:userCenter.title') })).toHaveCount(
      0,
    );

    await dialog.getByRole('button', { name: text('ja-JP', 'authDialog.close') }).click();
    await expect(dialog).toBeHidden();
    await expect.poll(() => pathOf(page)).toBe('/');
    await expect(page.getByRole('heading', { level: 2, name: text('ja-JP', 'home:games.popular') })).toBeVisible();
  });

  test('following a link to a protected page keeps the visitor where they were', async ({ page }) => {
    await useLanguage(page, 'en-US');
    await page.goto('/game/notice');
    await page
      .getByRole('navigation', { name: text('en-US', 'layout.gameMenu') })
      .getByRole('link', { name: text('en-US', 'menu.gameHall') })
      .click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    expect(pathOf(page)).toBe('/game/notice');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    expect(pathOf(page)).toBe('/game/notice');
    await expect(page.getByRole('heading', { level: 1, name: text('en-US', 'content:notice.title') })).toBeVisible();
  });
});

test.describe('scrolling', () => {
  // A short window, so that every page of the walk has somewhere to scroll to.
  test.use({ viewport: { width: 1280, height: 480 } });

  test('every navigation starts at the top of the page', async ({ page, request }) => {
    const faq = await pageTitle(request, 'faq');
    const aboutUs = await pageTitle(request, 'about-us');
    await useLanguage(page, 'en-US');
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 2, name: text('en-US', 'home:notices.title') })).toBeVisible();
    await scrollToBottom(page);

    const footer = page.getByRole('navigation', { name: text('en-US', 'layout.footerMenu') });
    await footer.getByRole('link', { name: text('en-US', 'menu.faq') }).click();
    await expect(page.getByRole('heading', { level: 1, name: faq })).toBeVisible();
    await expectAtTop(page);

    await scrollToBottom(page);
    await footer.getByRole('link', { name: text('en-US', 'menu.aboutUs') }).click();
    await expect(page.getByRole('heading', { level: 1, name: aboutUs })).toBeVisible();
    expect(pathOf(page)).toBe('/about/about-us');
    await expectAtTop(page);
  });

  test('going back and forward starts at the top too', async ({ page, request }) => {
    const faq = await pageTitle(request, 'faq');
    const support = text('en-US', 'support:support.title');
    await useLanguage(page, 'en-US');
    await page.goto('/game/guide/faq');
    await expect(page.getByRole('heading', { level: 1, name: faq })).toBeVisible();
    await scrollToBottom(page);
    await page
      .getByRole('navigation', { name: text('en-US', 'layout.footerMenu') })
      .getByRole('link', { name: text('en-US', 'menu.support') })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: support })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await scrollToBottom(page);

    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: faq })).toBeVisible();
    await expectAtTop(page);
    await page.goForward();
    await expect(page.getByRole('heading', { level: 1, name: support })).toBeVisible();
    await expectAtTop(page);
  });
});

/** Scrolls to the bottom, again while the page is still growing (content still loading). */
async function scrollToBottom(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => {
        window.scrollTo(0, document.documentElement.scrollHeight);
        return window.scrollY;
      }),
    )
    .toBeGreaterThan(100);
}

/** The router resets the scroll once the new page has rendered, a moment after the URL changes. */
async function expectAtTop(page: Page) {
  await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5_000 }).toBe(0);
}
