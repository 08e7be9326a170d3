import type { Banner } from '@contract/content';
import type { DeskBanner, DeskContentPage } from '@contract/content-desk';
import { locales } from '@contract/locales';
import { banners, contentPages } from '@server/db/schema/content';
import { seedPages } from '@server/db/seed-pages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOperator, newPlayer, refusal, type TestPlayer } from '../support/players';
import { createTestClock, createTestServer, type TestServer } from './harness';

// Docs: docs/requirements.md §1.8 (content per language; the desk edits banners and pages).

const start = new Date('2026-12-01T03:00:00Z');
const clock = createTestClock(start);
let server: TestServer;
let editor: TestPlayer;
let auditor: TestPlayer;
let player: TestPlayer;

beforeAll(async () => {
  server = await createTestServer({ clock });
  editor = await newOperator(server, ['content']);
  auditor = await newOperator(server, ['auditor']);
  player = await newPlayer(server);
}, 60_000);
afterAll(() => server.close());

const desk = <T>(path: string, body: Record<string, unknown>, token = editor.token, lang = 'en-US') =>
  server.call<T>(path, body, { token, lang });

async function shownBanners(lang: string): Promise<Banner[]> {
  const answer = await server.call<Banner[]>('/v2/app/banner/query', {}, { lang });
  expect(answer.body.code, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data ?? [];
}

async function auditActions(subject: string): Promise<string[]> {
  const [subjectType, subjectId] = subject.split(':');
  const audit = await desk<{ list: { action: string }[] }>(
    '/v2/admin/audit/list',
    { subjectType, subjectId },
    auditor.token,
  );
  return (audit.body.data?.list ?? []).map((entry) => entry.action).reverse();
}

/** The public answer at another time; the desk's short sessions stay on the start's clock. */
async function shownAt<T>(at: string, read: () => Promise<T>): Promise<T> {
  clock.set(new Date(at));
  try {
    return await read();
  } finally {
    clock.set(start);
  }
}

const title = (ja: string, en = '') => ({ 'ja-JP': ja, 'en-US': en });

describe('desk banners', () => {
  it('writes a banner withdrawn, rewrites it, and shows it once published, inside its schedule by the clock', async () => {
    const created = await desk<{ id: number }>('/v2/admin/banner/save', {
      position: 'home',
      title: title('冬の大感謝祭'),
      imageUrl: '/images/banners/banner-1.svg',
      sort: 5,
    });
    expect(created.body.code, JSON.stringify(created.body)).toBe(200);
    const id = created.body.data?.id as number;
    expect((await shownBanners('ja-JP')).map((banner) => banner.id)).not.toContain(id);

    const rewritten = await desk('/v2/admin/banner/save', {
      id,
      position: 'home',
      title: title('冬の大感謝祭', 'Winter thanks festival'),
      imageUrl: '/images/banners/banner-2.svg',
      linkUrl: '/game/promotion',
      sort: 5,
      showsFrom: '2026-12-10T00:00:00.000Z',
      showsUntil: '2026-12-20T00:00:00.000Z',
    });
    expect(rewritten.body.code, JSON.stringify(rewritten.body)).toBe(200);
    const published = await desk('/v2/admin/banner/publish', { id, active: true });
    expect(published.body.data).toEqual({ id, active: true });

    const listed = await desk<DeskBanner[]>('/v2/admin/banner/list', {}, auditor.token);
    expect(listed.body.data?.find((banner) => banner.id === id)).toEqual({
      id,
      position: 'home',
      title: {
        ...Object.fromEntries(locales.map((locale) => [locale, ''])),
        ...title('冬の大感謝祭', 'Winter thanks festival'),
      },
      imageUrl: '/images/banners/banner-2.svg',
      linkUrl: '/game/promotion',
      sort: 5,
      active: true,
      showsFrom: '2026-12-10T00:00:00.000Z',
      showsUntil: '2026-12-20T00:00:00.000Z',
    });

    // Before the window, inside it (from its first instant), and from its end on.
    expect((await shownBanners('en-US')).map((banner) => banner.id)).not.toContain(id);
    expect(
      (await shownAt('2026-12-10T00:00:00Z', () => shownBanners('en-US'))).find((banner) => banner.id === id),
    ).toMatchObject({
      title: 'Winter thanks festival',
      lang: 'en-US',
      imageUrl: '/images/banners/banner-2.svg',
      linkUrl: '/game/promotion',
    });
    expect(
      (await shownAt('2026-12-19T23:59:59Z', () => shownBanners('ko-KR'))).find((banner) => banner.id === id),
    ).toMatchObject({ title: '冬の大感謝祭', lang: 'ja-JP' });
    expect(
      (await shownAt('2026-12-20T00:00:00Z', () => shownBanners('en-US'))).map((banner) => banner.id),
    ).not.toContain(id);

    const withdrawn = await desk('/v2/admin/banner/publish', { id, active: false });
    expect(withdrawn.body.data).toEqual({ id, active: false });
    expect(
      (await shownAt('2026-12-15T00:00:00Z', () => shownBanners('en-US'))).map((banner) => banner.id),
    ).not.toContain(id);

    expect(await auditActions(`banner:${id}`)).toEqual([
      'banner.create',
      'banner.update',
      'banner.publish',
      'banner.withdraw',
    ]);
  });

  it('shows a published banner without a schedule at any time, and one with an open end from its start', async () => {
    const always = await desk<{ id: number }>('/v2/admin/banner/save', {
      position: 'promotion',
      title: title('いつでも'),
      imageUrl: 'https://cdn.example.com/banner.png',
    });
    const fromOn = await desk<{ id: number }>('/v2/admin/banner/save', {
      position: 'promotion',
      title: title('開始後ずっと'),
      imageUrl: '/images/banners/banner-3.svg',
      showsFrom: '2027-01-01T00:00:00.000Z',
    });
    for (const answer of [always, fromOn])
      await desk('/v2/admin/banner/publish', { id: answer.body.data?.id, active: true });
    const shown = async () =>
      (await server.call<Banner[]>('/v2/app/banner/query', { position: 'promotion' })).body.data?.map(
        (banner) => banner.id,
      );
    expect(await shown()).toEqual([always.body.data?.id]);
    expect(await shownAt('2030-01-01T00:00:00Z', shown)).toEqual([always.body.data?.id, fromOn.body.data?.id]);
  });

  it('refuses a banner without its Japanese title, an end before its start or a bad address, changing nothing', async () => {
    const before = await server.db.select().from(banners);
    const english = await desk('/v2/admin/banner/save', {
      position: 'home',
      title: title('', 'English only'),
      imageUrl: '/images/banners/banner-1.svg',
    });
    refusal(english, 400, 'The Japanese title is required');
    expect(english.body.fields).toEqual({ 'title.ja-JP': 'The Japanese title is required' });
    refusal(
      await desk(
        '/v2/admin/banner/save',
        { position: 'home', title: title(' '), imageUrl: '/a.svg' },
        editor.token,
        'ja-JP',
      ),
      400,
      '日本語のタイトルは必須です',
    );
    const backwards = await desk('/v2/admin/banner/save', {
      position: 'home',
      title: title('逆順'),
      imageUrl: '/images/banners/banner-1.svg',
      showsFrom: '2026-12-20T00:00:00.000Z',
      showsUntil: '2026-12-10T00:00:00.000Z',
    });
    expect(backwards.status).toBe(400);
    expect(Object.keys(backwards.body.fields ?? {})).toEqual(['showsUntil']);
    for (const imageUrl of ['javascript:alert(1)', '//evil.example/x.png', 'http://plain.example/x.png']) {
      const bad = await desk('/v2/admin/banner/save', { position: 'home', title: title('画像'), imageUrl });
      expect(Object.keys(bad.body.fields ?? {}), imageUrl).toEqual(['imageUrl']);
    }
    refusal(
      await desk('/v2/admin/banner/save', {
        id: 1_999_999,
        position: 'home',
        title: title('無い'),
        imageUrl: '/a.svg',
      }),
      404,
      'Banner not found',
    );
    refusal(await desk('/v2/admin/banner/publish', { id: 1_999_999, active: true }), 404, 'Banner not found');
    expect(await server.db.select().from(banners)).toEqual(before);
  });
});

describe('desk content pages', () => {
  const faq = seedPages.find((page) => page.slug === 'faq');

  it('lists every seeded page with its texts in each language', async () => {
    const listed = await desk<DeskContentPage[]>('/v2/admin/page/list', {}, auditor.token);
    expect(listed.body.data?.map((page) => page.slug)).toEqual(
      expect.arrayContaining(seedPages.map((page) => page.slug)),
    );
    expect(listed.body.data?.find((page) => page.slug === 'faq')).toMatchObject({ title: faq?.title, body: faq?.body });
  });

  it('rewrites a page per language; a language left empty reads in Japanese, marked; the rewrite is audited', async () => {
    if (!faq) throw new Error('no seeded FAQ');
    const empty = Object.fromEntries(locales.map((locale) => [locale, '']));
    const saved = await desk('/v2/admin/page/save', {
      slug: 'faq',
      title: { ...empty, 'ja-JP': 'よくある質問(改訂)', 'en-US': 'FAQ (revised)' },
      body: { ...empty, 'ja-JP': '改訂した本文です。', 'en-US': 'The revised text.' },
    });
    expect(saved.body).toMatchObject({ code: 200, data: { slug: 'faq' } });
    const read = async (lang: string) => (await server.call('/v2/app/page/query', { slug: 'faq' }, { lang })).body.data;
    expect(await read('en-US')).toMatchObject({ title: 'FAQ (revised)', body: 'The revised text.', lang: 'en-US' });
    expect(await read('vi-VN')).toMatchObject({
      title: 'よくある質問(改訂)',
      body: '改訂した本文です。',
      lang: 'ja-JP',
    });
    expect(await read('en-US')).toMatchObject({ updatedAt: clock.now().toISOString() });
    expect(await auditActions('contentPage:faq')).toEqual(['contentPage.update']);
    await server.db.update(contentPages).set({ title: faq.title, body: faq.body }).where(eq(contentPages.slug, 'faq'));
  });

  it('refuses a page without Japanese, a language half written or a slug the product has not, changing nothing', async () => {
    const before = await server.db.select().from(contentPages);
    const english = await desk('/v2/admin/page/save', {
      slug: 'about-us',
      title: { 'en-US': 'About' },
      body: { 'en-US': 'Text' },
    });
    refusal(english, 400, 'The Japanese title and text are required');
    expect(Object.keys(english.body.fields ?? {})).toEqual(['title.ja-JP', 'body.ja-JP']);
    const half = await desk(
      '/v2/admin/page/save',
      { slug: 'about-us', title: { 'ja-JP': '会社概要', 'ko-KR': '회사 소개' }, body: { 'ja-JP': '本文' } },
      editor.token,
      'ja-JP',
    );
    refusal(half, 400, '韓国語はタイトルと本文の両方を入力するか、両方とも空にしてください');
    expect(Object.keys(half.body.fields ?? {})).toEqual(['body.ko-KR']);
    const unknown = await desk('/v2/admin/page/save', {
      slug: 'new-page',
      title: { 'ja-JP': 'a' },
      body: { 'ja-JP': 'b' },
    });
    expect(unknown.status).toBe(400);
    expect(Object.keys(unknown.body.fields ?? {})).toEqual(['slug']);
    expect(await server.db.select().from(contentPages)).toEqual(before);
  });
});

describe('who may edit', () => {
  const banner = { position: 'home', title: title('権限'), imageUrl: '/images/banners/banner-1.svg' };
  const page = { slug: 'faq', title: { 'ja-JP': 'a' }, body: { 'ja-JP': 'b' } };

  it('lets a read-only operator read and not write', async () => {
    expect((await desk('/v2/admin/banner/list', {}, auditor.token)).body.code).toBe(200);
    expect((await desk('/v2/admin/page/list', {}, auditor.token)).body.code).toBe(200);
    for (const [path, body] of [
      ['/v2/admin/banner/save', banner],
      ['/v2/admin/banner/publish', { id: 1, active: false }],
      ['/v2/admin/page/save', page],
    ] as const) {
      expect((await desk(path, body, auditor.token)).status, path).toBe(403);
    }
  });

  it('answers no player and nobody signed out', async () => {
    for (const path of [
      '/v2/admin/banner/list',
      '/v2/admin/page/list',
      '/v2/admin/banner/save',
      '/v2/admin/page/save',
    ]) {
      expect((await desk(path, {}, player.token)).status, path).toBe(403);
      expect((await server.call(path, {})).status, path).toBe(401);
    }
  });
});
