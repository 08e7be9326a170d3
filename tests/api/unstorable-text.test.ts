import type { Endpoint } from '@contract/endpoint';
import { endpoints } from '@contract/endpoints';
import type * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithTestPrincipals } from '../support/test-principals';
import { createTestServer, type TestServer } from './harness';

/**
 * NUL and lone UTF-16 surrogates arrive as JSON escapes and PostgreSQL cannot store them: every
 * string field of every call refuses them as invalid input, before any handler sees the body.
 */
const unstorableTexts = ['a\u0000b', 'ok \ud800', '\udc00 first', 'last \udbff'];

let server: TestServer;
let calls: ReturnType<typeof appWithTestPrincipals>;

beforeAll(async () => {
  server = await createTestServer();
  calls = appWithTestPrincipals(server);
});
afterAll(() => server.close());

type Path = (string | number)[];

/** Where a schema takes a string, as key paths (an array's first item stands for all of them). */
function stringPaths(schema: v.GenericSchema, path: Path = []): Path[] {
  const s = schema as v.GenericSchema & {
    entries?: Record<string, v.GenericSchema>;
    wrapped?: v.GenericSchema;
    item?: v.GenericSchema;
    options?: v.GenericSchema[];
  };
  if (s.type === 'string') return [path];
  if (s.entries) return Object.entries(s.entries).flatMap(([key, entry]) => stringPaths(entry, [...path, key]));
  if (s.wrapped) return stringPaths(s.wrapped, path);
  if (s.item) return stringPaths(s.item, [...path, 0]);
  if (Array.isArray(s.options)) return s.options.flatMap((option) => stringPaths(option, path));
  return [];
}

function bodyWith(path: Path, text: string): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return text;
  return typeof head === 'number' ? [bodyWith(rest, text)] : { [head]: bodyWith(rest, text) };
}

/** Every string field of the call, or an unknown field when it takes none. */
function fieldsOf(endpoint: Endpoint): Path[] {
  const unique = new Map(stringPaths(endpoint.body).map((path) => [path.join('.'), path]));
  return unique.size > 0 ? [...unique.values()] : [['note']];
}

describe.each(endpoints.map((endpoint) => [endpoint.path, endpoint] as const))('%s', (_path, endpoint) => {
  it('refuses NUL and lone surrogates in every string field with 400 on the field', async () => {
    for (const path of fieldsOf(endpoint)) {
      for (const text of unstorableTexts) {
        const response = await calls.app.request(endpoint.path, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'accept-language': 'en-US',
            cookie: server.xsrf.cookie,
            'x-xsrf-token': server.xsrf.token,
            token: calls.tokenFor(endpoint),
            'idempotency-key': 'unstorable-text-check',
          },
          body: JSON.stringify(bodyWith(path, text)),
        });
        const envelope = (await response.json()) as { code: number; msg: string; fields?: Record<string, string> };
        // Unbuilt calls answer 501 whatever the body (unbuilt-endpoints.test.ts keeps their list).
        if (response.status === 501) {
          expect(envelope.msg).toContain(endpoint.path);
          return;
        }
        const what = `${path.join('.')} = ${JSON.stringify(text)} → ${JSON.stringify(envelope)}`;
        expect(response.status, what).toBe(400);
        expect(envelope.msg, what).toBe('Some fields are not valid');
        expect(envelope.fields?.[path.join('.')], what).toMatch(/is not valid$/);
      }
    }
  });
});
