import type { Game, Notice, Promotion } from '@contract/content';
import { promotionCategories } from '@contract/content';
import type { Locale } from '@contract/locales';
import { callApi, expect, pathOf, test, text, useLanguage } from './fixtures';

for (const locale of ['ja-JP', 'en-US'] as const satisfies Locale[]) {
  test(`home shows the seeded banners, games and notices (${locale})`, async ({ page, request }) => {
    if (locale !== 'ja-JP') await useLanguage(page, locale);
    const banners = await callApi<{ title: string }[]>(request, '/v2/app/banner/query', {}, locale);
    const popular = await callApi<Game[]>(request, '/v2/app/game/query/pop/new', { limit: 6 }, locale);
    const latest = await callApi<Game[]>(request, '/v2/app/game/query/latest/new', { limit: 6 }, locale);
    const notices = await callApi<{ list: Notice[] }>(
      request,
      '/v2/app/notice/query',
      { pageNum: 1, pageSize: 5 },
      locale,
    );
    expect(banners.length).toBeGreaterThan(0);
    expect(popular.length).toBeGreaterThan(0);
    expect(notices.list.length).toBeGreaterThan(0);

    await page.goto('/');
    const bannerStrip = page.getByRole('region', { name: text(locale, 'home:banners') });
    for (const banner of banners) {
      await expect(bannerStrip.getByRole('img', { name: banner.title })).toBeAttached();
    }

    const popularSection = page.locator('section', {
      has: page.getByRole('heading', { name: text(locale, 'home:games.popular') }),
    });
    await expect(popularSection.getByRole('link')).toHaveText(
      popular.map((game) => new RegExp(escapeRegExp(game.name))),
    );
    const latestSection = page.locator('section', {
      has: page.getByRole('heading', { name: text(locale, 'home:games.latest') }),
    });
    await expect(latestSection.getByRole('link')).toHaveText(latest.map((game) => new RegExp(escapeRegExp(game.name))));

    const noticeSection = page.locator('section', {
      has: page.getByRole('heading', { name: text(locale, 'home:notices.title') }),
    });
    for (const notice of notices.list) {
      await expect(noticeSection.getByText(notice.title, { exact: true })).toBeVisible();
    }
  });
}

test('a home banner opens the page it links to', async ({ page, request }) => {
  await useLanguage(page, 'en-US');
  const banners = await callApi<{ title: string; linkUrl: string | null }[]>(
    request,
    '/v2/app/banner/query',
    {},
    'en-US',
  );
  const first = banners.find((banner) => banner.linkUrl?.startsWith('/'));
  if (!first?.linkUrl) throw new Error('the seed has no banner linking inside the site');
  await page.goto('/');
  await page.getByRole('button', { name: first.title }).click();
  await expect.poll(() => pathOf(page)).toBe(first.linkUrl);
});

test('a notice on /game/notice opens to show its text', async ({ page, request }) => {
  await useLanguage(page, 'en-US');
  const notices = await callApi<{ list: Notice[] }>(
    request,
    '/v2/app/notice/query',
    { pageNum: 1, pageSize: 5 },
    'en-US',
  );
  const notice = notices.list[1];
  if (!notice) throw new Error('the seed has fewer than two notices');
  await page.goto('/game/notice');
  const control = page.getByRole('main').getByRole('button', { name: new RegExp(escapeRegExp(notice.title)) });
  await expect(control).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByText(notice.content)).toBeHidden();
  await control.click();
  await expect(control).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText(notice.content)).toBeVisible();
});

test('a notice headline on home opens that notice on /game/notice', async ({ page, request }) => {
  await useLanguage(page, 'en-US');
  const notices = await callApi<{ list: Notice[] }>(
    request,
    '/v2/app/notice/query',
    { pageNum: 1, pageSize: 5 },
    'en-US',
  );
  const notice = notices.list[2] ?? notices.list[0];
  if (!notice) throw new Error('the seed has no notice');
  await page.goto('/');
  await page.getByRole('link', { name: new RegExp(escapeRegExp(notice.title)) }).click();
  await expect.poll(() => pathOf(page)).toBe('/game/notice');
  const control = page.getByRole('main').getByRole('button', { name: new RegExp(escapeRegExp(notice.title)) });
  await expect(control).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText(notice.content)).toBeVisible();
});

test('/game/promotion switches between the five categories', async ({ page, request }) => {
  await useLanguage(page, 'en-US');
  await page.goto('/game/promotion');
  const cards = page.getByRole('article');

  for (const category of [...promotionCategories.slice(1), 'all'] as const) {
    const expected = await callApi<{ list: Promotion[] }>(
      request,
      '/v2/app/favorable/query',
      { category, pageNum: 1, pageSize: 12 },
      'en-US',
    );
    expect(expected.list.length, `seeded promotions in ${category}`).toBeGreaterThan(0);

    await page.getByRole('tab', { name: text('en-US', `content:promotion.categories.${category}`) }).click();
    await expect(
      page.getByRole('tab', { name: text('en-US', `content:promotion.categories.${category}`) }),
    ).toHaveAttribute('aria-selected', 'true');
    await expect(cards.getByRole('heading')).toHaveText(expected.list.map((promotion) => promotion.title));
    const query = new URL(page.url()).searchParams.get('category');
    expect(query).toBe(category === 'all' ? null : category);
  }
});

test('a promotion category in the address opens on that tab', async ({ page, request }) => {
  const past = await callApi<{ list: Promotion[] }>(request, '/v2/app/favorable/query', { category: 'past' }, 'ja-JP');
  await page.goto('/game/promotion?category=past');
  await expect(page.getByRole('tab', { name: text('ja-JP', 'content:promotion.categories.past') })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('article').getByRole('heading')).toHaveText(
    past.list.map((promotion) => promotion.title),
  );
});

test('/game/notice lists the notices, pinned first', async ({ page, request }) => {
  await useLanguage(page, 'en-US');
  const notices = await callApi<{ list: Notice[] }>(
    request,
    '/v2/app/notice/query',
    { pageNum: 1, pageSize: 20 },
    'en-US',
  );
  await page.goto('/game/notice');
  const main = page.getByRole('main');
  const titles = main.getByRole('button', { expanded: false });
  await expect(titles).toHaveCount(notices.list.length);
  for (const [index, notice] of notices.list.entries()) {
    await expect(titles.nth(index)).toContainText(notice.title);
  }
});

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
