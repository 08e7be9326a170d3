import { endpoints } from '@contract/endpoints';
import { maxPhotoDataUrlLength, submitKyc } from '@contract/kyc';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithTestPrincipals } from '../support/test-principals';
import { createTestServer, type TestServer } from './harness';

/**
 * Contract entries that have no handler yet and so answer 501. The list may only shrink: a path
 * whose handler lands must be removed here, and a new entry must either get its handler or be
 * added here on purpose.
 */
const stillUnbuilt = [
  '/v2/app/jsy/transfer/validate',
  '/v2/app/jsy/transfer/validate/card',
  '/v2/app/jsy/transfer/resend/validate/code',
  '/v2/app/jsy/transfer/login',
  '/v2/app/jsy/transfer/confirm',
];

let server: TestServer;
let calls: ReturnType<typeof appWithTestPrincipals>;
const unbuilt: string[] = [];

beforeAll(async () => {
  server = await createTestServer();
  // Access is checked before the 501, so each call is made as a principal its access level admits.
  calls = appWithTestPrincipals(server);
  for (const endpoint of endpoints) {
    const response = await calls.app.request(endpoint.path, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'accept-language': 'en-US',
        cookie: server.xsrf.cookie,
        'x-xsrf-token': server.xsrf.token,
        token: calls.tokenFor(endpoint),
        'idempotency-key': `unbuilt-check-${endpoint.path.replaceAll('/', '-')}`,
      },
      body: '{}',
    });
    if (response.status !== 501) continue;
    const envelope = (await response.json()) as { code: number; msg: string };
    expect(envelope.code).toBe(501);
    expect(envelope.msg).toContain(endpoint.path);
    unbuilt.push(endpoint.path);
  }
});
afterAll(() => server.close());

describe('unbuilt contract entries', () => {
  it('lists only paths of the contract, once each', () => {
    const contractPaths = new Set(endpoints.map((e) => e.path));
    expect(stillUnbuilt.filter((path) => !contractPaths.has(path))).toEqual([]);
    expect(new Set(stillUnbuilt).size).toBe(stillUnbuilt.length);
  });

  it('has no call answering 501 that is missing from the list', () => {
    expect(unbuilt.filter((path) => !stillUnbuilt.includes(path))).toEqual([]);
  });

  it('has no call on the list that has been built (remove it from the list)', () => {
    expect(stillUnbuilt.filter((path) => !unbuilt.includes(path))).toEqual([]);
  });

  it('answers a visitor 401, not 501, on every listed call that needs a signed-in caller', async () => {
    const guarded = endpoints.filter((e) => stillUnbuilt.includes(e.path) && e.access !== 'public');
    expect(guarded.length).toBeGreaterThan(0);
    for (const endpoint of guarded) {
      const response = await server.call(endpoint.path, {});
      expect(response.status, endpoint.path).toBe(401);
    }
  });

  it('lets the largest KYC submission the contract accepts through the body limit', async () => {
    const prefix = 'data:image/jpeg;base64,';
    const photo = prefix + 'A'.repeat(maxPhotoDataUrlLength - prefix.length);
    const body = { front: photo, back: photo, handheld: photo };
    expect(v.safeParse(submitKyc.body, body).success).toBe(true);
    const response = await calls.app.request(submitKyc.path, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: server.xsrf.cookie,
        'x-xsrf-token': server.xsrf.token,
        token: calls.tokenFor(submitKyc),
      },
      body: JSON.stringify(body),
    });
    expect(response.status).not.toBe(413);
    expect(response.status).not.toBe(400);
  });
});
