import { locales } from '@contract/locales';
import { apiCaller, callApi, expect, operatorApiToken, registeredPlayer, test, text, useLanguage } from './fixtures';

// Docs: docs/requirements.md §1.7 (no text left as its key), §1.8 (content in every language,
// Japanese fallback marked).

/** Public pages with the most translated text, each with a heading that says it has loaded. */
const pages = [
  { path: '/', heading: 'common:layout.siteName', level: 1 },
  { path: '/game/notice', heading: 'content:notice.title', level: 1 },
  { path: '/game/promotion', heading: 'content:promotion.title', level: 1 },
  { path: '/game/guide', heading: 'content:guide.title', level: 1 },
] as const;

/** `notice.title`, `games.kind.slot`: a key shown instead of its text. */
const dottedKey = /\b[a-z][a-zA-Z0-9]+(?:\.[a-zA-Z][a-zA-Z0-9_]+)+\b/g;
/** `content:notice.title`: a key with its namespace. */
const namespacedKey = /\b[a-z]+:[a-zA-Z]+(?:\.[a-zA-Z0-9_]+)+/g;
/** Domain names and file names look like keys; their last part tells them apart. */
const notAKey = /\.(?:com|net|org|jp|io|dev|test|svg|png|jpg|html)$/;

function rawKeys(body: string): string[] {
  const found = [...body.matchAll(dottedKey), ...body.matchAll(namespacedKey)].map((match) => match[0]);
  const interpolations = body.match(/\{\{[^}]*\}\}/g) ?? [];
  return [...found.filter((token) => !notAKey.test(token)), ...interpolations];
}

test('the key finder finds keys and leaves domains alone', () => {
  expect(rawKeys('お知らせ notice.title と content:promotion.title {{count}}')).toEqual([
    'notice.title',
    'promotion.title',
    'content:promotion.title',
    '{{count}}',
  ]);
  expect(rawKeys('support@example.com · www.example.jp · v1.2 · 1.5 coins · e.g. slots')).toEqual([]);
});

for (const locale of locales) {
  test(`public pages show no raw keys in ${locale}`, async ({ page }) => {
    await useLanguage(page, locale);
    for (const shown of pages) {
      await page.goto(shown.path);
      await expect(page.getByRole('heading', { level: shown.level, name: text(locale, shown.heading) })).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      // biome-ignore lint/performance/useDomNodeTextContent: only text a reader sees counts, not hidden nodes
      const body = await page.locator('body').innerText();
      expect(rawKeys(body), `${shown.path} in ${locale}`).toEqual([]);
    }
  });
}

for (const [locale, title] of [
  ['en-US', 'Scheduled maintenance'],
  ['ko-KR', '정기 점검 안내'],
] as const) {
  test(`a notice reads in the page’s language in ${locale}`, async ({ page, request }) => {
    const listed = await callApi<{ list: { title: string; lang: string }[] }>(
      request,
      '/v2/app/notice/query',
      { pageSize: 100 },
      locale,
    );
    expect(listed.list.find((notice) => notice.title === title)?.lang).toBe(locale);
    await useLanguage(page, locale);
    await page.goto('/game/notice');
    await expect(page.getByRole('button', { name: title })).toBeVisible();
    await expect(page.getByText('定期メンテナンスのお知らせ')).toHaveCount(0);
  });
}

test('a notice left unwritten in English shows in Japanese, marked and read as Japanese', async ({ page, request }) => {
  const token = await operatorApiToken(request, 'en-US');
  const title = `日本語だけのお知らせ ${Date.now()}`;
  await apiCaller(request, 'en-US')(
    '/v2/admin/notice/save',
    { title: { 'ja-JP': title }, content: { 'ja-JP': '英語の本文はまだありません。' } },
    { token },
  );

  await useLanguage(page, 'en-US');
  const shownTitle = page.getByText(title, { exact: true });
  // Public answers are cached for a few seconds: the new notice shows once they expire.
  await expect(async () => {
    await page.goto('/game/notice');
    await expect(shownTitle).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await expect(shownTitle).toHaveAttribute('lang', 'ja');
  const row = page.getByRole('button', { name: new RegExp(title) });
  await expect(row.getByText(text('en-US', 'common:shownInJapanese'), { exact: true })).toBeVisible();
  // The seeded notices next to it are English and carry no mark.
  const seeded = page.getByRole('button', { name: /Scheduled maintenance/ });
  await expect(seeded.getByText(text('en-US', 'common:shownInJapanese'))).toHaveCount(0);
});

/** The crypto pages, signed in, with the chain sandbox: each with what says it has loaded. */
const cryptoPages = [
  { path: '/user/finance/deposit/cryptocurrency', loaded: 'crypto:deposit.seen.title' },
  { path: '/user/finance/withdraw/cryptocurrency', loaded: 'finance:withdraw.kyc.title' },
  { path: '/sandbox/chain', loaded: 'crypto:sandbox.recent' },
] as const;

for (const locale of locales) {
  test(`crypto pages show no raw keys in ${locale}`, async ({ page, request }) => {
    const { token } = await registeredPlayer(request, apiCaller(request, locale), 'Maple leaf 2026!');
    await useLanguage(page, locale);
    await page.addInitScript((stored) => localStorage.setItem('token', stored), token);
    for (const shown of cryptoPages) {
      await page.goto(shown.path);
      await expect(page.getByText(text(locale, shown.loaded)).first()).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      // biome-ignore lint/performance/useDomNodeTextContent: only text a reader sees counts, not hidden nodes
      const body = await page.locator('body').innerText();
      expect(rawKeys(body), `${shown.path} in ${locale}`).toEqual([]);
    }
  });
}
