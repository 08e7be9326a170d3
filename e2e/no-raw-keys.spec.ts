import { readFileSync } from 'node:fs';
import { locales } from '@contract/locales';
import { pushStreamPath } from '@contract/push';
import type { APIRequestContext, Page, Request } from '@playwright/test';
import {
  apiCaller,
  callApi,
  expect,
  fundedPlayer,
  operatorApiToken,
  pathOf,
  test,
  text,
  useLanguage,
} from './fixtures';
import { englishLeft, japaneseLeft, rawKeys } from './page-words';

// Docs: docs/requirements.md §1.7 (no text left as its key), §1.8 (content in every language,
// Japanese fallback marked), §1.10 (the word crawl and marked content).

test('the word checks find keys, English and Japanese, and leave domains and shared words alone', () => {
  expect(rawKeys('お知らせ notice.title と content:promotion.title {{count}} gameBet')).toEqual([
    'notice.title',
    'promotion.title',
    'content:promotion.title',
    'gameBet',
    '{{count}}',
  ]);
  expect(rawKeys('support@example.com · www.example.jp · v1.2 · 1.5 coins · e.g. slots · iOS')).toEqual([]);
  expect(englishLeft('ja-JP', ['Game bet', 'USDT', 'ゲームのベット', 'ERC20'])).toEqual(['Game bet']);
  expect(englishLeft('vi-VN', ['Game bet', 'Cược trò chơi', 'USDT'])).toEqual(['Game bet']);
  expect(japaneseLeft('ko-KR', ['ゲームのベット', '게임 베팅', '山田'])).toEqual(['ゲームのベット']);
  expect(japaneseLeft('ja-JP', ['ゲームのベット'])).toEqual([]);
});

/** Routes the crawl does not open, and why; every other route of the router is opened. */
const notCrawled: Record<string, string> = {
  '/index': 'an alias of / (navigation.spec.ts)',
  '/redirect/$path': 'leaves for the path it names',
  '/auth/line/callback': 'answers a provider’s sign-in, with its one-time code',
  '/admin/rounds/$roundId': 'needs a played round (hall-journey.spec.ts opens one)',
};

/** The router's full paths, as TanStack Router generated them. */
function routerPaths(): string[] {
  const generated = readFileSync('src/routeTree.gen.ts', 'utf8');
  const union = /fullPaths:([^;]*?)fileRoutesByTo/s.exec(generated)?.[1] ?? '';
  return [...new Set([...union.matchAll(/'([^']+)'/g)].map((match) => match[1] ?? ''))];
}

/** A route's path with its parameters filled in for the crawl's players. */
function crawlPath(route: string, agentUserId: number): string {
  return route
    .replace('/{-$userId}', '')
    .replace('$userId', String(agentUserId))
    .replace('$tabIndex', '1')
    .replace(/(.)\/$/, '$1');
}

interface CrawlSessions {
  /** A funded player the desk made an agent: the player, agent and desk pages all have something to show. */
  agentToken: string;
  agentUserId: number;
  operatorSession: string;
}

let sessions: Promise<CrawlSessions> | undefined;

/** The sessions, made once per worker through the API as the other specs make theirs. */
function crawlSessions(request: APIRequestContext): Promise<CrawlSessions> {
  sessions ??= (async () => {
    const call = apiCaller(request, 'ja-JP');
    const agent = await fundedPlayer(request, call, 'Quiet harbour 2026!', 5_000);
    const application = await call<{ id: number }>('/v2/app/agent/apply', {}, { token: agent.token });
    const operatorToken = await operatorApiToken(request, 'ja-JP');
    await call('/v2/admin/agent/application/approve', { applicationId: application.id }, { token: operatorToken });
    const { userId } = await call<{ userId: number }>('/v2/app/user/info', {}, { token: agent.token });
    const stored = JSON.parse(readFileSync(process.env.E2E_OPERATOR_SESSION_FILE ?? '', 'utf8')) as unknown;
    return { agentToken: agent.token, agentUserId: userId, operatorSession: JSON.stringify(stored) };
  })();
  return sessions;
}

/**
 * The texts a reader meets on the page (text nodes, placeholders, accessible names and titles),
 * once the page has settled: no call in flight, no loader, and the same texts, not none, twice in a row.
 * Marked content (`data-user-content`, or a `lang` other than the page's) is left out.
 */
async function settledTexts(page: Page, inFlight: () => number): Promise<string[]> {
  const read = () =>
    page.evaluate(() => {
      const texts: string[] = [];
      // Marked content shown inside a product text (a notice's title in a button's name) is left out too.
      const marked = [...document.querySelectorAll('[data-user-content]')]
        .map((element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim())
        .filter((content) => content !== '')
        .sort((a, b) => b.length - a.length);
      const withoutMarked = (shown: string) =>
        marked.reduce((left, content) => left.split(content).join(' '), shown).trim();
      // A sample written in another language is marked with its own `lang` (a Japanese bank's
      // reading of a name), as screen readers need it to be.
      const inOtherLanguage = (element: Element) =>
        (element.closest('[lang]')?.getAttribute('lang') ?? document.documentElement.lang) !==
        document.documentElement.lang;
      const judged = (element: Element | null) =>
        element !== null &&
        !element.closest('[data-user-content], script, style, noscript') &&
        !inOtherLanguage(element) &&
        element.checkVisibility({ visibilityProperty: true });
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const shown = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
        if (shown && judged(node.parentElement)) texts.push(withoutMarked(shown));
      }
      for (const element of document.querySelectorAll('[placeholder], [aria-label], [title]'))
        if (judged(element))
          for (const name of ['placeholder', 'aria-label', 'title']) {
            const value = element.getAttribute(name)?.trim();
            if (value) texts.push(withoutMarked(value));
          }
      return texts.filter((shown) => shown !== '');
    });
  let previous = '';
  let texts: string[] = [];
  await expect
    .poll(
      async () => {
        if (inFlight() > 0) return false;
        if ((await page.locator('.mantine-Loader, [aria-busy="true"]').count()) > 0) return false;
        texts = await read();
        const now = texts.join('\n');
        // A route whose code or words are still arriving shows nothing for a moment, with no call out.
        const settled = texts.length > 0 && now === previous && inFlight() === 0;
        previous = now;
        return settled;
      },
      { message: `${pathOf(page)} to settle`, timeout: 15_000, intervals: [100] },
    )
    .toBe(true);
  return texts;
}

/** Opens `to` as a link in the page would: the router follows the history, without a reload. */
async function navigateInPage(page: Page, to: string): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState(window.history.state, '', target);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, to);
}

test('the crawl opens every route of the router but those it names', () => {
  const routes = routerPaths();
  expect(routes.length).toBeGreaterThan(60);
  for (const skipped of Object.keys(notCrawled)) expect(routes).toContain(skipped);
});

for (const locale of locales) {
  test(`every route reads in ${locale}: no keys, no English or Japanese left`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const { agentToken, agentUserId, operatorSession } = await crawlSessions(request);
    await useLanguage(page, locale);
    await page.addInitScript(
      ([token, operator]) => {
        localStorage.setItem('token', token);
        localStorage.setItem('operatorSession', operator);
      },
      [agentToken, operatorSession] as const,
    );
    // The push stream stays open while signed in, so it is not a call the page waits for.
    const counted = (request: Request) => !request.url().includes(pushStreamPath);
    let inFlight = 0;
    page.on('request', (request) => {
      if (counted(request)) inFlight += 1;
    });
    const settled = (request: Request) => {
      if (counted(request)) inFlight -= 1;
    };
    page.on('requestfinished', settled);
    page.on('requestfailed', settled);
    await page.goto('/');
    await expect(page.getByRole('banner')).toBeVisible();
    const found: string[] = [];
    const notFound = text(locale, 'notFound.title');
    for (const route of routerPaths().filter((path) => !(path in notCrawled))) {
      const target = crawlPath(route, agentUserId);
      await navigateInPage(page, target);
      const texts = await settledTexts(page, () => inFlight);
      const where = `${target} (${pathOf(page)})`;
      if (texts.includes(notFound)) found.push(`${where}: not found`);
      for (const key of rawKeys(texts.join('\n'))) found.push(`${where}: key ${key}`);
      for (const left of englishLeft(locale, texts)) found.push(`${where}: English "${left}"`);
      for (const left of japaneseLeft(locale, texts)) found.push(`${where}: Japanese "${left}"`);
    }
    expect([...new Set(found)], `texts left in ${locale}`).toEqual([]);
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
