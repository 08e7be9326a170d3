import type { Endpoint } from '@contract/endpoint';
import { endpoints } from '@contract/endpoints';
import { maxJsonNesting, nestsDeeperThan } from '@server/json-nesting';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nestedBodyText } from '../support/deep-json';
import { appWithTestPrincipals } from '../support/test-principals';
import { createTestServer, type TestServer } from './harness';

/**
 * JSON nested thousands deep once overflowed the stack of the checks that walk a body, and every
 * call answered 500. Every call of the contract now refuses a body nested deeper than the limit
 * with a localised 400 before anything reads it, and takes one at the limit as before.
 */
let server: TestServer;
let calls: ReturnType<typeof appWithTestPrincipals>;

beforeAll(async () => {
  server = await createTestServer();
  calls = appWithTestPrincipals(server);
});
afterAll(() => server.close());

const tooDeep = 'The request nests objects or arrays more than 32 levels deep';

async function send(endpoint: Endpoint, text: string, lang = 'en-US') {
  const response = await calls.app.request(endpoint.path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'accept-language': lang,
      cookie: server.xsrf.cookie,
      'x-xsrf-token': server.xsrf.token,
      token: calls.tokenFor(endpoint),
      'idempotency-key': 'deep-json-check',
    },
    body: text,
  });
  const envelope = (await response.json()) as { code: number; msg: string };
  return { status: response.status, envelope, what: `${endpoint.path} → ${JSON.stringify(envelope)}` };
}

/** A field the call takes, or an unknown one when it takes none. */
function fieldOf(endpoint: Endpoint): string {
  const schema = endpoint.body as {
    entries?: Record<string, unknown>;
    wrapped?: { entries?: Record<string, unknown> };
  };
  return Object.keys(schema.entries ?? schema.wrapped?.entries ?? {})[0] ?? 'note';
}

describe('the nesting scan', () => {
  it('counts the brackets of arrays and objects, not those inside strings', () => {
    expect(nestsDeeperThan('{"a":[[1]]}', 3)).toBe(false);
    expect(nestsDeeperThan('{"a":[[[1]]]}', 3)).toBe(true);
    expect(nestsDeeperThan('[{},{},[],[]]', 2)).toBe(false);
    expect(nestsDeeperThan(`{"a":"${'['.repeat(100)}"}`, 1)).toBe(false);
    // An escaped quote does not end the string; an escaped backslash before the quote does.
    expect(nestsDeeperThan(`{"a":"\\"${'{'.repeat(100)}"}`, 1)).toBe(false);
    expect(nestsDeeperThan('{"a":"\\\\","b":[[1]]}', 2)).toBe(true);
  });
});

describe.each(endpoints.map((endpoint) => [endpoint.path, endpoint] as const))('%s', (_path, endpoint) => {
  it(`refuses a body nested past ${maxJsonNesting} levels with 400, and takes one at the limit`, async () => {
    for (const shape of ['array', 'object', 'mixed'] as const) {
      const { status, envelope, what } = await send(endpoint, nestedBodyText(fieldOf(endpoint), 5_000, shape));
      // Unbuilt calls answer 501 whatever the body (unbuilt-endpoints.test.ts keeps their list).
      if (status === 501) {
        expect(envelope.msg).toContain(endpoint.path);
        return;
      }
      expect(status, what).toBe(400);
      expect(envelope, what).toMatchObject({ code: 400, msg: tooDeep });
    }
    const atLimit = await send(endpoint, nestedBodyText(fieldOf(endpoint), maxJsonNesting - 1, 'mixed'));
    expect(atLimit.status, atLimit.what).toBeLessThan(500);
    expect(atLimit.envelope.msg, atLimit.what).not.toBe(tooDeep);
    const bracketsInText = await send(endpoint, JSON.stringify({ [fieldOf(endpoint)]: '['.repeat(5_000) }));
    expect(bracketsInText.status, bracketsInText.what).toBeLessThan(500);
    expect(bracketsInText.envelope.msg, bracketsInText.what).not.toBe(tooDeep);
  });
});

describe('the refusal', () => {
  it.each([
    ['ja-JP', 'リクエストのオブジェクトや配列の入れ子が深すぎます（32 段まで）'],
    ['zh-TW', '請求中的物件或陣列巢狀過深（最多 32 層）'],
    ['vi-VN', 'Yêu cầu lồng đối tượng hoặc mảng quá sâu (tối đa 32 cấp)'],
  ])('is in the caller’s language (%s)', async (lang, message) => {
    const signIn = endpoints.find((endpoint) => endpoint.path === '/v2/app/auth/login') as Endpoint;
    const { status, envelope } = await send(signIn, nestedBodyText('account', 5_000, 'array'), lang);
    expect(status).toBe(400);
    expect(envelope.msg).toBe(message);
  });
});
