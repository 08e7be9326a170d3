import type { ContentPageSlug } from '@contract/content';
import type { Locale } from '@contract/locales';
import type { BrowserContext } from '@playwright/test';
import { test as base, callApi, expect, text, useLanguage } from './fixtures';

/**
 * Each test opens its route in a new page, fully loaded from its address as a visitor's link opens
 * it, in a browser context the worker keeps for the language (`pageLanguage`): after the first
 * route, the app's files come from the context's cache instead of a new profile's empty one.
 */
const test = base.extend<{ pageLanguage: Locale }, { languageContext: (locale: Locale) => Promise<BrowserContext> }>({
  pageLanguage: ['ja-JP', { option: true }],
  languageContext: [
    async ({ browser }, use, workerInfo) => {
      const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, locale, baseURL } = workerInfo.project.use;
      const contexts = new Map<Locale, Promise<BrowserContext>>();
      await use((language) => {
        let context = contexts.get(language);
        if (!context) {
          context = browser.newContext({ viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, locale, baseURL });
          contexts.set(language, context);
        }
        return context;
      });
      for (const context of contexts.values()) await (await context).close();
    },
    { scope: 'worker' },
  ],
  page: async ({ languageContext, pageLanguage }, use) => {
    const page = await (await languageContext(pageLanguage)).newPage();
    await use(page);
    await page.close();
  },
});

/**
 * Every public route of the requirements (docs/requirements.md §2) and where its heading comes from: an operator page's
 * title served by the API, or a text of the locale files.
 */
const publicRoutes: { path: string; heading: { page: ContentPageSlug } | { text: string; level?: number } }[] = [
  { path: '/', heading: { text: 'common:layout.siteName', level: 1 } },
  { path: '/about/about-us', heading: { page: 'about-us' } },
  { path: '/about/privacy-policy', heading: { page: 'privacy-policy' } },
  { path: '/about/user-agreement', heading: { page: 'user-agreement' } },
  { path: '/about/responsible-game', heading: { page: 'responsible-game' } },
  { path: '/about/discount-statute', heading: { page: 'discount-statute' } },
  { path: '/account-transfer', heading: { text: 'account-transfer:global.title', level: 1 } },
  { path: '/account-transfer-jp', heading: { text: 'account-transfer:japan.title', level: 1 } },
  { path: '/activity', heading: { page: 'activity' } },
  { path: '/download', heading: { text: 'support:download.title' } },
  { path: '/app-sign-in', heading: { text: 'app-access:qrSignIn.title' } },
  { path: '/support', heading: { text: 'support:support.title' } },
  { path: '/game/guide', heading: { text: 'content:guide.title' } },
  { path: '/game/guide/1', heading: { text: 'content:guide.title' } },
  { path: '/game/guide/deposit', heading: { page: 'deposit-guide' } },
  { path: '/game/guide/faq', heading: { page: 'faq' } },
  { path: '/game/promotion', heading: { text: 'content:promotion.title' } },
  { path: '/game/notice', heading: { text: 'content:notice.title' } },
  { path: '/privacy-policy', heading: { page: 'licence-privacy-policy' } },
  { path: '/terms-conditions', heading: { page: 'terms-conditions' } },
  { path: '/responsible-gaming', heading: { page: 'responsible-gaming' } },
  { path: '/user/station-letter', heading: { text: 'account:stationLetter.title' } },
];

const languages: Locale[] = ['ja-JP', 'en-US'];

for (const locale of languages) {
  test.describe(`public routes in ${locale}`, () => {
    test.use({ pageLanguage: locale });
    test.beforeEach(async ({ page }) => {
      if (locale !== 'ja-JP') await useLanguage(page, locale);
    });

    for (const route of publicRoutes) {
      test(`${route.path} renders its heading`, async ({ page, request }) => {
        const expected =
          'page' in route.heading
            ? (await callApi<{ title: string }>(request, '/v2/app/page/query', { slug: route.heading.page }, locale))
                .title
            : text(locale, route.heading.text);
        const level = 'level' in route.heading ? route.heading.level : 1;

        await page.goto(route.path);
        await expect(page.getByRole('heading', { level, name: expected, exact: true })).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await expect(page.getByRole('navigation', { name: text(locale, 'layout.footerMenu') })).toBeVisible();
        // Nothing still loading: no skeleton left on the page.
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      });
    }
  });
}

test('/robots.txt is a robots file, not the page', async ({ request }) => {
  const response = await request.get('/robots.txt');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^text\/plain/);
  expect(await response.text()).toMatch(/^User-agent: \*$/m);
});

for (const locale of languages) {
  test.describe(() => {
    test.use({ pageLanguage: locale });
    test(`home describes the site in ${locale} for search engines`, async ({ page }) => {
      if (locale !== 'ja-JP') await useLanguage(page, locale);
      await page.goto('/');
      await expect(page.locator('meta[name="description"]')).toHaveAttribute(
        'content',
        text(locale, 'layout.metaDescription'),
      );
    });
  });
}
