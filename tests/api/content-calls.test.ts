import { readFileSync } from 'node:fs';
import { contentPageSlugs, type Game, type Notice, type Promotion, type promotionCategories } from '@contract/content';
import { studioTitles } from '@games/catalogue';
import { users } from '@server/db/schema/auth';
import { bonusOffers } from '@server/db/schema/bonus';
import { banners, contentPages, countries, notices, promotions } from '@server/db/schema/content';
import { gameMachines, providerGames } from '@server/db/schema/hall';
import { gameRecords } from '@server/db/schema/record';
import { studioMachinesPerGame } from '@server/modules/hall/providers';
import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock, createTestServer, type TestServer } from './harness';

const minute = 60_000;
const day = 24 * 60 * minute;
const japanese = /[\u3040-\u30ff\u4e00-\u9fff]/;

interface Page<T> {
  list: T[];
  total: number;
}

/** A field's name in the server's messages: its label in locales/<lng>/server.json, else the field's own name. */
function fieldLabel(locale: string, field: string): string {
  const messages = JSON.parse(readFileSync(`locales/${locale}/server.json`, 'utf8')) as {
    fields?: Record<string, string>;
  };
  return messages.fields?.[field] ?? field;
}

const clock = createTestClock();
let server: TestServer;
let now: Date;

beforeAll(async () => {
  server = await createTestServer({ clock });
  now = clock.now();
  // Rows at the edges of what the calls must include or leave out, next to the seeded ones.
  await server.db.insert(promotions).values([
    {
      title: { 'ja-JP': '来月の大会', 'en-US': 'Next month tournament' },
      summary: { 'ja-JP': 'まだ始まっていません', 'en-US': 'Not started yet' },
      content: { 'ja-JP': '準備中', 'en-US': 'Coming soon' },
      imageUrl: '/images/promotions/future.svg',
      startsAt: new Date(now.getTime() + 5 * day),
      endsAt: new Date(now.getTime() + 30 * day),
    },
    {
      title: { 'ja-JP': '終わったばかり', 'en-US': 'Just ended' },
      summary: { 'ja-JP': '一分前に終了', 'en-US': 'Ended a minute ago' },
      content: { 'ja-JP': '終了', 'en-US': 'Ended' },
      imageUrl: '/images/promotions/ended.svg',
      startsAt: new Date(now.getTime() - 10 * day),
      endsAt: new Date(now.getTime() - minute),
    },
    {
      title: { 'ja-JP': 'まもなく終了', 'en-US': 'Ending soon' },
      summary: { 'ja-JP': 'あと一分', 'en-US': 'One minute left' },
      content: { 'ja-JP': '急いで', 'en-US': 'Hurry' },
      imageUrl: '/images/promotions/ending.svg',
      startsAt: new Date(now.getTime() - 10 * day),
      endsAt: new Date(now.getTime() + minute),
    },
  ]);
  await server.db.insert(notices).values([
    {
      title: { 'ja-JP': '予約投稿', 'en-US': 'Scheduled notice' },
      content: { 'ja-JP': '明日公開', 'en-US': 'Published tomorrow' },
      publishedAt: new Date(now.getTime() + day),
    },
    {
      title: { 'ja-JP': '古い固定のお知らせ', 'en-US': 'Old pinned notice' },
      content: { 'ja-JP': 'ずっと上に表示', 'en-US': 'Always on top' },
      pinned: true,
      publishedAt: new Date(now.getTime() - 300 * day),
    },
  ]);
  await server.db.insert(banners).values({
    title: { 'ja-JP': '非表示のバナー', 'en-US': 'Hidden banner' },
    imageUrl: '/images/banners/hidden.svg',
    active: false,
    sort: 0,
  });
});
afterAll(() => server.close());

describe('/v2/app/country', () => {
  it('lists the enabled countries with dialling codes, named in the request language', async () => {
    const en = await server.call<{ code: string; name: string; dialCode: string }[]>(
      '/v2/app/country',
      {},
      { lang: 'en-US' },
    );
    const ja = await server.call<{ code: string; name: string; dialCode: string }[]>('/v2/app/country', undefined, {
      lang: 'ja-JP',
    });
    expect(en.status).toBe(200);
    expect(ja.status).toBe(200);
    const [rows] = await server.db.select({ n: count() }).from(countries);
    expect(en.body.data).toHaveLength(rows?.n ?? -1);
    expect(en.body.data?.[0]).toEqual({ code: 'JP', name: 'Japan', dialCode: '+81' });
    expect(ja.body.data?.[0]).toEqual({ code: 'JP', name: '日本', dialCode: '+81' });
    expect(en.body.data?.find((c) => c.code === 'KR')?.name).toBe('South Korea');
    expect(ja.body.data?.find((c) => c.code === 'KR')?.name).toBe('韓国');
  });
});

describe('/v2/app/banner/query', () => {
  it('lists active home banners in order, titled in Japanese and English', async () => {
    const ja = await server.call<{ title: string; imageUrl: string; linkUrl: string | null }[]>(
      '/v2/app/banner/query',
      {},
      { lang: 'ja-JP' },
    );
    const en = await server.call<{ title: string; imageUrl: string; linkUrl: string | null }[]>(
      '/v2/app/banner/query',
      { position: 'home' },
      { lang: 'en-US' },
    );
    expect(ja.body.data?.map((b) => b.title)).toEqual(['ゲームホールへようこそ', '初回入金ボーナス', '毎週新台入荷']);
    expect(en.body.data?.map((b) => b.title)).toEqual([
      'Welcome to the game hall',
      'First deposit bonus',
      'New machines every week',
    ]);
    expect(en.body.data?.map((b) => b.linkUrl)).toEqual(['/game/guide', '/game/promotion', '/game/notice']);
    expect(en.body.data?.some((b) => b.title === 'Hidden banner')).toBe(false);
  });

  it('keeps positions apart', async () => {
    await server.db.insert(banners).values({
      position: 'promotion',
      title: { 'ja-JP': 'プロモーション専用', 'en-US': 'Promotion page only' },
      imageUrl: '/images/banners/promo-only.svg',
    });
    const promotion = await server.call<{ title: string }[]>(
      '/v2/app/banner/query',
      { position: 'promotion' },
      { lang: 'en-US' },
    );
    expect(promotion.body.data?.map((b) => b.title)).toEqual(['Promotion page only']);
    const home = await server.call<{ title: string }[]>('/v2/app/banner/query', {}, { lang: 'en-US' });
    expect(home.body.data?.map((b) => b.title)).not.toContain('Promotion page only');
  });
});

describe('/v2/app/notice/query', () => {
  async function allNotices(lang: string, pageSize: number) {
    const pages: Notice[][] = [];
    let total = -1;
    for (let pageNum = 1; pageNum <= 20; pageNum++) {
      const page = await server.call<Page<Notice>>('/v2/app/notice/query', { pageNum, pageSize }, { lang });
      expect(page.status).toBe(200);
      total = page.body.data?.total ?? -1;
      if (!page.body.data?.list.length) break;
      expect(page.body.data.list.length).toBeLessThanOrEqual(pageSize);
      pages.push(page.body.data.list);
    }
    return { list: pages.flat(), total, pages: pages.length };
  }

  it('pages through published notices: pinned first, then newest first, none twice, none from the future', async () => {
    const { list, total, pages } = await allNotices('en-US', 2);
    expect(pages).toBe(3);
    expect(total).toBe(5);
    expect(list).toHaveLength(total);
    expect(new Set(list.map((n) => n.id)).size).toBe(list.length);
    expect(list.map((n) => n.title)).not.toContain('Scheduled notice');
    const firstUnpinned = list.findIndex((n) => !n.pinned);
    expect(list.slice(0, firstUnpinned).every((n) => n.pinned)).toBe(true);
    expect(list.slice(firstUnpinned).every((n) => !n.pinned)).toBe(true);
    for (const group of [list.slice(0, firstUnpinned), list.slice(firstUnpinned)]) {
      const times = group.map((n) => Date.parse(n.publishedAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
    }
    expect(list[1]?.title).toBe('Old pinned notice');
  });

  it('uses the default page and answers in Japanese', async () => {
    const ja = await server.call<Page<Notice>>('/v2/app/notice/query', {}, { lang: 'ja-JP' });
    expect(ja.body.data?.total).toBe(5);
    expect(ja.body.data?.list[0]?.title).toBe('定期メンテナンスのお知らせ');
    expect(ja.body.data?.list.every((n) => japanese.test(n.title) && japanese.test(n.content))).toBe(true);
    const beyond = await server.call<Page<Notice>>('/v2/app/notice/query', { pageNum: 9 }, { lang: 'ja-JP' });
    expect(beyond.body.data).toEqual({ list: [], total: 5 });
  });
});

describe('/v2/app/favorable/query', () => {
  async function listOf(category: (typeof promotionCategories)[number] | undefined, lang = 'en-US') {
    const response = await server.call<Page<Promotion>>(
      '/v2/app/favorable/query',
      category ? { category, pageSize: 100 } : { pageSize: 100 },
      { lang },
    );
    expect(response.status).toBe(200);
    return response.body.data as Page<Promotion>;
  }

  type PromotionRow = typeof promotions.$inferSelect;
  async function expectedIds(test: (row: PromotionRow, offersBonus: boolean) => boolean) {
    const rows = await server.db.select().from(promotions);
    const offered = new Set((await server.db.select().from(bonusOffers)).map((offer) => offer.promotionId));
    return rows
      .filter((row) => test(row, offered.has(row.id)))
      .map((row) => row.id)
      .sort((a, b) => a - b);
  }
  const running = (row: PromotionRow) => row.startsAt <= now && (row.endsAt === null || row.endsAt > now);
  // Written out again from the rule players read: no end is long-term, an end with a bonus is
  // limited-time, an end without one is a special event.
  const categoryOf = (row: PromotionRow, offersBonus: boolean) =>
    row.endsAt === null ? 'longTerm' : offersBonus ? 'limited' : 'special';
  const ids = (page: Page<Promotion>) => page.list.map((p) => p.id).sort((a, b) => a - b);

  it("'all' (the default) lists only running promotions", async () => {
    const all = await listOf('all');
    const expected = await expectedIds(running);
    expect(expected.length).toBeGreaterThan(3);
    expect(ids(all)).toEqual(expected);
    expect(all.total).toBe(expected.length);
    expect(all.list.map((p) => p.title)).toContain('Ending soon');
    expect(all.list.map((p) => p.title)).not.toContain('Next month tournament');
    expect(all.list.map((p) => p.title)).not.toContain('Just ended');
    expect(ids(await listOf(undefined))).toEqual(expected);
  });

  it.each(['limited', 'longTerm', 'special'] as const)(
    "'%s' lists only running promotions of that category",
    async (category) => {
      const page = await listOf(category);
      const expected = await expectedIds(
        (row, offersBonus) => running(row) && categoryOf(row, offersBonus) === category,
      );
      expect(expected.length).toBeGreaterThan(0);
      expect(ids(page)).toEqual(expected);
      expect(page.list.every((p) => p.category === category)).toBe(true);
    },
  );

  it("'past' lists only ended promotions, marked as past", async () => {
    const past = await listOf('past');
    const expected = await expectedIds((row) => row.endsAt !== null && row.endsAt <= now);
    expect(expected.length).toBeGreaterThanOrEqual(3);
    expect(ids(past)).toEqual(expected);
    expect(
      past.list.every((p) => p.category === 'past' && p.endsAt !== null && Date.parse(p.endsAt) <= now.getTime()),
    ).toBe(true);
    expect(past.list.map((p) => p.title)).toContain('Just ended');
  });

  it('moves a promotion to past when its end passes', async () => {
    clock.advance(2 * minute);
    try {
      expect((await listOf('past')).list.map((p) => p.title)).toContain('Ending soon');
      expect((await listOf('all')).list.map((p) => p.title)).not.toContain('Ending soon');
    } finally {
      clock.set(now);
    }
  });

  it('answers in Japanese, newest start first, with paging', async () => {
    const ja = await listOf('all', 'ja-JP');
    expect(ja.list.every((p) => japanese.test(p.title) && japanese.test(p.summary) && japanese.test(p.content))).toBe(
      true,
    );
    const starts = ja.list.map((p) => Date.parse(p.startsAt));
    expect(starts).toEqual([...starts].sort((a, b) => b - a));
    const first = await server.call<Page<Promotion>>('/v2/app/favorable/query', { pageSize: 2, pageNum: 1 });
    const second = await server.call<Page<Promotion>>('/v2/app/favorable/query', { pageSize: 2, pageNum: 2 });
    expect(first.body.data?.total).toBe(ja.total);
    expect([...(first.body.data?.list ?? []), ...(second.body.data?.list ?? [])].map((p) => p.id)).toEqual(
      ja.list.slice(0, 4).map((p) => p.id),
    );
  });
});

describe('/v2/app/game/query/pop/new and /latest/new', () => {
  /** Paid rounds (and one free) on a game's first machine, `daysAgo` before now. */
  async function playRounds(gameCode: string, rounds: number, daysAgo: number, bet = 10) {
    const [machine] = await server.db
      .select({ id: gameMachines.id, gameId: gameMachines.gameId })
      .from(gameMachines)
      .innerJoin(providerGames, eq(providerGames.id, gameMachines.gameId))
      .where(eq(providerGames.gameCode, gameCode))
      .orderBy(asc(gameMachines.number))
      .limit(1);
    const [player] = await server.db
      .insert(users)
      .values({ username: `rounds${gameCode.replace(/\W/g, '')}${daysAgo}${rounds}${bet}`, registeredAt: now })
      .returning({ id: users.id });
    await server.db.insert(gameRecords).values(
      Array.from({ length: rounds }, (_, index) => ({
        userId: player?.id ?? 0,
        gameName: gameCode,
        machineId: '1',
        betAmount: bet,
        winAmount: 0,
        playedAt: new Date(now.getTime() - daysAgo * day + index),
        providerId: 'studio',
        round: `${gameCode}-${daysAgo}-${bet}-${index}`,
        gameId: machine?.gameId ?? 0,
        gameMachineId: machine?.id ?? 0,
      })),
    );
  }

  it("lists the hall's games, most played in the last 7 days first, in the request language", async () => {
    const before = await server.call<Game[]>('/v2/app/game/query/pop/new', {}, { lang: 'en-US' });
    const games = before.body.data ?? [];
    expect(games.map((game) => game.kind).sort()).toEqual(studioTitles.map((title) => title.kind).sort());
    const machineCount = studioMachinesPerGame(studioTitles.length);
    expect(games.every((game) => game.machineCount === machineCount && game.popularity === 0)).toBe(true);
    expect(games.every((game) => game.imageUrl.startsWith('/images/games/'))).toBe(true);
    const [slot, pachinko] = ['slot', 'pachinko'].map((kind) => games.find((game) => game.kind === kind));

    await playRounds(pachinko?.code ?? '', 3, 1);
    await playRounds(slot?.code ?? '', 2, 2);
    // Older than a week, and free rounds, do not count.
    await playRounds(slot?.code ?? '', 5, 8);
    await playRounds(slot?.code ?? '', 5, 1, 0);
    const popular = await server.call<Game[]>('/v2/app/game/query/pop/new', {}, { lang: 'en-US' });
    expect(popular.body.data?.slice(0, 2).map((game) => [game.code, game.popularity])).toEqual([
      [pachinko?.code, 3],
      [slot?.code, 2],
    ]);
    expect(popular.body.data?.slice(2).every((game) => game.popularity === 0)).toBe(true);
    const ja = await server.call<Game[]>('/v2/app/game/query/pop/new', { limit: 1 }, { lang: 'ja-JP' });
    expect(ja.body.data).toHaveLength(1);
    expect(ja.body.data?.[0]?.code).toBe(pachinko?.code);
    expect(japanese.test(ja.body.data?.[0]?.name ?? '')).toBe(true);
  });

  it('lists the newest games first, and leaves disabled games out', async () => {
    const newest = await server.db
      .insert(providerGames)
      .values({
        providerId: 'studio',
        gameCode: 'today',
        kind: 'slot',
        name: { 'ja-JP': '今日の新台', 'en-US': "Today's machine" },
        enabled: true,
        addedAt: now,
      })
      .returning({ id: providerGames.id });
    await server.db.insert(gameMachines).values({ gameId: newest[0]?.id ?? 0, number: 1, enabled: true });
    await server.db.insert(providerGames).values({
      providerId: 'studio',
      gameCode: 'retired',
      kind: 'slot',
      name: { 'ja-JP': '引退台', 'en-US': 'Retired' },
      enabled: false,
      addedAt: new Date(now.getTime() + day),
    });
    const latest = await server.call<Game[]>('/v2/app/game/query/latest/new', { limit: 5 }, { lang: 'en-US' });
    expect(latest.body.data).toHaveLength(Math.min(5, studioTitles.length + 1));
    expect(latest.body.data?.[0]).toMatchObject({
      code: 'today',
      name: "Today's machine",
      machineCount: 1,
      imageUrl: '/images/games/slot.svg',
    });
    const released = latest.body.data?.map((g) => Date.parse(g.releasedAt)) ?? [];
    expect(released).toEqual([...released].sort((a, b) => b - a));
    const popular = await server.call<Game[]>('/v2/app/game/query/pop/new', { limit: 50 }, { lang: 'en-US' });
    expect(popular.body.data?.some((game) => game.code === 'today')).toBe(true);
    expect(popular.body.data?.some((game) => game.code === 'retired')).toBe(false);
  });
});

describe('/v2/app/page/query', () => {
  it.each(contentPageSlugs)('serves %s in Japanese and English', async (slug) => {
    const ja = await server.call<{ slug: string; title: string; body: string }>(
      '/v2/app/page/query',
      { slug },
      { lang: 'ja-JP' },
    );
    const en = await server.call<{ slug: string; title: string; body: string }>(
      '/v2/app/page/query',
      { slug },
      { lang: 'en-US' },
    );
    expect(ja.status).toBe(200);
    expect(en.status).toBe(200);
    expect(ja.body.data?.slug).toBe(slug);
    expect(japanese.test(ja.body.data?.title ?? '')).toBe(true);
    expect(japanese.test(ja.body.data?.body ?? '')).toBe(true);
    expect(en.body.data?.title).toMatch(/^[\x20-\x7e]+$/);
    expect(en.body.data?.body.length).toBeGreaterThan(40);
    expect(en.body.data?.title).not.toBe(ja.body.data?.title);
  });
});

describe('bad bodies', () => {
  async function contentRowCounts() {
    const tables = { banners, contentPages, countries, providerGames, notices, promotions };
    const entries = await Promise.all(
      Object.entries(tables).map(async ([name, table]) => {
        const [row] = await server.db.select({ n: count() }).from(table);
        return [name, row?.n] as const;
      }),
    );
    return Object.fromEntries(entries);
  }

  const cases: [string, unknown, string][] = [
    ['/v2/app/notice/query', { pageNum: 0 }, 'pageNum'],
    ['/v2/app/notice/query', { pageSize: 101 }, 'pageSize'],
    ['/v2/app/notice/query', { pageNum: 'two' }, 'pageNum'],
    ['/v2/app/notice/query', { pageNum: 1.5 }, 'pageNum'],
    ['/v2/app/favorable/query', { category: 'future' }, 'category'],
    ['/v2/app/game/query/pop/new', { limit: 0 }, 'limit'],
    ['/v2/app/game/query/latest/new', { limit: 51 }, 'limit'],
    ['/v2/app/banner/query', { position: 'sidebar' }, 'position'],
    ['/v2/app/page/query', { slug: 'secrets' }, 'slug'],
  ];

  it.each(cases)('%s with %j is refused with a message for %s in Japanese and English', async (path, body, field) => {
    const before = await contentRowCounts();
    const en = await server.call(path, body, { lang: 'en-US' });
    const ja = await server.call(path, body, { lang: 'ja-JP' });
    expect(en.status).toBe(400);
    expect(en.body.code).toBe(400);
    expect(en.body.msg).toBe('Some fields are not valid');
    expect(en.body.data).toBeUndefined();
    expect(Object.keys(en.body.fields ?? {})).toEqual([field]);
    expect(en.body.fields?.[field]).toBe(`${fieldLabel('en-US', field)} is not valid`);
    expect(ja.status).toBe(400);
    expect(ja.body.msg).toBe('入力内容に誤りがあります');
    expect(ja.body.fields?.[field]).toBe(`${fieldLabel('ja-JP', field)}の形式が正しくありません`);
    expect(await contentRowCounts()).toEqual(before);
  });

  it('asks for a missing required field by name', async () => {
    const en = await server.call('/v2/app/page/query', {}, { lang: 'en-US' });
    const ja = await server.call('/v2/app/page/query', {}, { lang: 'ja-JP' });
    expect(en.status).toBe(400);
    expect(en.body.fields).toEqual({ slug: `please input ${fieldLabel('en-US', 'slug')}` });
    expect(ja.status).toBe(400);
    expect(ja.body.msg).toBe('入力内容に誤りがあります');
    expect(ja.body.fields).toEqual({ slug: `${fieldLabel('ja-JP', 'slug')}を入力してください` });
    const noBody = await server.call('/v2/app/page/query', undefined, { lang: 'ja-JP' });
    expect(noBody.status).toBe(400);
    expect(noBody.body.msg).toBe('入力内容に誤りがあります');
    expect(noBody.body.fields).toEqual({ slug: `${fieldLabel('ja-JP', 'slug')}を入力してください` });
  });

  it('refuses unknown fields on a no-body call and bodies that are not objects', async () => {
    const extra = await server.call('/v2/app/country', { code: 'JP' });
    expect(extra.status).toBe(400);
    expect(Object.keys(extra.body.fields ?? {})).toEqual(['code']);
    for (const body of ['notice', 42, null, true, []]) {
      const response = await server.call('/v2/app/notice/query', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.code).toBe(400);
    }
  });
});
