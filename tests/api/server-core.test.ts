import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

/** A POST with the XSRF pair and a raw body, for bodies the harness's JSON call cannot send. */
async function rawPost(path: string, body: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: server.xsrf.cookie,
      'x-xsrf-token': server.xsrf.token,
      ...headers,
    },
    body,
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as { code: number; msg: string; requestId?: string },
  };
}

describe('the database under test', () => {
  it('is the PostgreSQL server when TEST_DATABASE_URL names one, PGlite otherwise', () => {
    const template = inject('databaseTemplate');
    expect(template.kind).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
    expect(server.databaseKind).toBe(template.kind);
  });
});

describe('envelope and errors', () => {
  it('wraps success as { code: 200, msg, data } with HTTP 200', async () => {
    const response = await server.call('/v2/app/banner/query', {}, { lang: 'en-US' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ code: 200, msg: 'success' });
    expect(Array.isArray(response.body.data)).toBe(true);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('answers an unknown /v2 path with a 404 envelope, for POST and GET alike', async () => {
    const post = await server.call('/v2/app/no/such/call', {}, { lang: 'en-US' });
    expect(post.status).toBe(404);
    expect(post.body).toMatchObject({ code: 404, msg: 'Not found' });
    const get = await fetch(`${server.url}/v2/app/banner/query`, { headers: { 'accept-language': 'ja-JP' } });
    expect(get.status).toBe(404);
    expect(await get.json()).toMatchObject({ code: 404, msg: '見つかりません' });
  });

  it('refuses malformed JSON with 400', async () => {
    const response = await rawPost('/v2/app/notice/query', '{"pageNum": 1,', { 'accept-language': 'en-US' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 400, msg: 'The request body is not valid JSON' });
  });

  it('refuses a body over 1 MB with 413, with or without a declared length', async () => {
    const big = JSON.stringify({ pageNum: 1, padding: 'x'.repeat(1024 * 1024) });
    const declared = await rawPost('/v2/app/notice/query', big, { 'accept-language': 'en-US' });
    expect(declared.status).toBe(413);
    expect(declared.body).toMatchObject({ code: 413, msg: 'The request is too large' });

    const chunks = [big.slice(0, 600_000), big.slice(600_000)];
    const streamed = await fetch(`${server.url}/v2/app/notice/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: server.xsrf.cookie, 'x-xsrf-token': server.xsrf.token },
      body: new ReadableStream({
        pull(controller) {
          const next = chunks.shift();
          if (next === undefined) controller.close();
          else controller.enqueue(new TextEncoder().encode(next));
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(((await streamed.json()) as { code: number }).code).toBe(413);
  });

  it('accepts a body just under the limit', async () => {
    const body = JSON.stringify({ pageNum: 1, pageSize: 1 });
    const padded = body.slice(0, -1) + ' '.repeat(1024 * 1024 - body.length - 1) + '}';
    expect(Buffer.byteLength(padded)).toBe(1024 * 1024 - 1);
    const response = await rawPost('/v2/app/notice/query', padded);
    expect(response.status).toBe(200);
  });

  it('always answers with the same HTTP status as the envelope code, and names the request', async () => {
    const responses = [
      await server.call('/v2/app/banner/query'),
      await server.call('/v2/app/nothing'),
      await server.call('/v2/app/page/query', { slug: 'nope' }),
      await server.call('/v2/app/notice/query', {}, { withoutXsrf: true }),
      await rawPost('/v2/app/notice/query', '{'),
    ];
    expect(responses.map((r) => r.status)).toEqual([200, 404, 400, 403, 400]);
    for (const response of responses) {
      expect(response.body.code).toBe(response.status);
      expect(typeof response.body.msg).toBe('string');
      expect(response.body.msg.length).toBeGreaterThan(0);
    }
    for (const response of responses.slice(1)) {
      expect(response.body.requestId).toBeTruthy();
      expect(response.headers.get('x-request-id')).toBe(response.body.requestId);
    }
  });
});

describe('message language follows Accept-Language', () => {
  const notFoundIn: Record<string, string> = {
    'ja-JP': '見つかりません',
    'en-US': 'Not found',
  };

  it.each([
    [undefined, 'ja-JP'],
    ['', 'ja-JP'],
    ['de-DE', 'ja-JP'],
    ['xx;q=1, yy;q=0.5', 'ja-JP'],
    ['en-US', 'en-US'],
    ['en', 'en-US'],
    ['en-GB,en;q=0.9', 'en-US'],
    ['de-DE, en;q=0.8, ja;q=0.5', 'en-US'],
    ['ja;q=0.9, en;q=0.3', 'ja-JP'],
  ])('Accept-Language %j gets %s', async (header, locale) => {
    const response = await fetch(`${server.url}/v2/app/nothing`, {
      method: 'POST',
      headers: {
        cookie: server.xsrf.cookie,
        'x-xsrf-token': server.xsrf.token,
        ...(header === undefined ? {} : { 'accept-language': header }),
      },
    });
    expect(((await response.json()) as { msg: string }).msg).toBe(notFoundIn[locale]);
  });

  it('has a message in each of the seven locales, each different from the default', async () => {
    const messages = new Map<string, string>();
    for (const lang of ['ja-JP', 'en-US', 'ko-KR', 'zh-CN', 'zh-TW', 'fil-PH', 'vi-VN']) {
      const response = await server.call('/v2/app/nothing', {}, { lang });
      messages.set(lang, response.body.msg);
    }
    expect(new Set(messages.values()).size).toBe(7);
  });
});
