import { endpoints } from '@contract/endpoints';
import type { OpenApiDocument } from '@server/openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './harness';

let server: TestServer;
let document: OpenApiDocument;

beforeAll(async () => {
  server = await createTestServer();
  const response = await fetch(`${server.url}/v2/openapi.json`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  document = (await response.json()) as OpenApiDocument;
});
afterAll(() => server.close());

/** Every `$ref` in the document, wherever it sits. */
function refsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) refsIn(item, found);
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') found.push(child);
      else refsIn(child, found);
    }
  }
  return found;
}

function resolve(ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = document;
  for (const part of ref.slice(2).split('/')) {
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  }
  return node;
}

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 with the 2020-12 JSON Schema dialect', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.jsonSchemaDialect).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(document.info.title).toBeTruthy();
    expect(document.info.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('has exactly the contract’s paths, each a POST with a unique operation id', () => {
    expect(Object.keys(document.paths).sort()).toEqual(endpoints.map((e) => e.path).sort());
    const operationIds = Object.values(document.paths).map((item) => item.post.operationId);
    expect(new Set(operationIds).size).toBe(endpoints.length);
    for (const item of Object.values(document.paths)) expect(Object.keys(item)).toEqual(['post']);
  });

  it('gives every call its request body schema and its envelope with the data schema', () => {
    for (const endpoint of endpoints) {
      const operation = document.paths[endpoint.path]!.post;
      const body = operation.requestBody.content['application/json'].schema;
      expect(body, endpoint.path).toBeTypeOf('object');
      expect(body.type ?? body.anyOf ?? body.oneOf ?? body.allOf, endpoint.path).toBeDefined();
      expect(operation.requestBody.required, endpoint.path).toBe(endpoint.body.type !== 'optional');
      expect(operation.summary).toBe(endpoint.summary);
      const ok = (
        operation.responses['200'] as {
          content: Record<string, { schema: { properties: Record<string, unknown>; required: string[] } }>;
        }
      ).content['application/json']!.schema;
      expect(ok.required).toEqual(['code', 'msg', 'data']);
      expect(ok.properties.data, endpoint.path).toBeTypeOf('object');
    }
  });

  it('writes request bodies as the caller sends them: required fields, enums and patterns', () => {
    const withdraw = document.paths['/v2/app/draw/withdraw']!.post.requestBody.content['application/json'].schema;
    expect(withdraw.required).toEqual(['bankCardId', 'amount', 'payPassword']);
    expect(withdraw.properties?.amount).toMatchObject({ type: 'integer', minimum: 1 });

    const payments = document.paths['/v2/app/pay/list']!.post.requestBody.content['application/json'].schema;
    expect((payments.properties!.status as { enum: string[] }).enum).toEqual(
      expect.arrayContaining(['pendingPayment', 'paymentSuccessful', 'refundInProcess', 'refundSuccessful']),
    );
    expect(payments.properties?.period).toMatchObject({
      required: ['from', 'to'],
      properties: { from: { format: 'date' }, to: { format: 'date' } },
    });

    const cryptoWithdraw =
      document.paths['/v2/cpp/coins/withdraw']!.post.requestBody.content['application/json'].schema;
    expect(cryptoWithdraw.properties?.amount).toMatchObject({ type: 'string', pattern: '^[1-9]\\d{0,77}$' });
  });

  it('asks for the TOKEN on signed-in calls only and documents the XSRF header everywhere', () => {
    expect(document.components.securitySchemes.token).toMatchObject({ type: 'apiKey', in: 'header', name: 'TOKEN' });
    expect(document.components.securitySchemes.xsrf).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'X-XSRF-TOKEN',
    });
    for (const endpoint of endpoints) {
      const operation = document.paths[endpoint.path]!.post;
      const schemes = operation.security.flatMap((requirement) => Object.keys(requirement));
      expect(schemes, endpoint.path).toContain('xsrf');
      expect(schemes.includes('token'), endpoint.path).toBe(['user', 'agent', 'admin'].includes(endpoint.access));
      expect(operation['x-access']).toBe(endpoint.access);
      expect('401' in operation.responses, endpoint.path).toBe(schemes.includes('token'));
    }
  });

  it('requires the Idempotency-Key header exactly on the calls that move money or send letters to players', () => {
    const idempotent = endpoints.filter((e) => e.idempotent).map((e) => e.path);
    expect(idempotent.sort()).toEqual(
      [
        '/v2/app/pay/order',
        '/v2/app/draw/withdraw',
        '/v2/app/agent/type/member/transfer',
        '/v2/app/agent/type/member/transfer/decrease',
        '/v2/cpp/coins/withdraw',
        '/v2/app/jsy/transfer/confirm',
        // One operator's send is one letter, however often it is retried (docs/requirements.md §13.6).
        '/v2/admin/station/send',
      ].sort(),
    );
    expect(document.components.parameters.IdempotencyKey).toMatchObject({
      name: 'Idempotency-Key',
      in: 'header',
      required: true,
    });
    for (const endpoint of endpoints) {
      const refs = document.paths[endpoint.path]!.post.parameters.map((p) => p.$ref);
      expect(refs.includes('#/components/parameters/IdempotencyKey'), endpoint.path).toBe(endpoint.idempotent === true);
    }
  });

  it('has no reference that points nowhere', () => {
    const refs = refsIn(document);
    expect(refs.length).toBeGreaterThan(0);
    expect(refs.filter((ref) => resolve(ref) === undefined)).toEqual([]);
  });
});

describe('the API reference page', () => {
  it('is an HTML page whose scripts are all files, so it runs under the CSP', async () => {
    const response = await fetch(`${server.url}/v2/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = response.headers.get('content-security-policy') ?? '';
    const scriptSources = csp
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .find(([name]) => name === 'script-src');
    expect(scriptSources?.slice(1)).toEqual(["'self'"]);
    const html = await response.text();
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.map((s) => s[1]?.match(/src="([^"]+)"/)?.[1])).toEqual([
      '/v2/docs/swagger-ui-bundle.js',
      '/v2/docs/swagger-init.js',
    ]);
    expect(scripts.every((s) => s[2]?.trim() === '')).toBe(true);
    expect(html).toContain('href="/v2/docs/swagger-ui.css"');
    expect(html).toContain('data-spec-url="/v2/openapi.json"');
  });

  it.each([
    ['/v2/docs/swagger-ui-bundle.js', /^text\/javascript/, 'SwaggerUIBundle'],
    ['/v2/docs/swagger-init.js', /^text\/javascript/, 'X-XSRF-TOKEN'],
    ['/v2/docs/swagger-ui.css', /^text\/css/, '.swagger-ui'],
  ])('serves %s', async (assetPath, contentType, marker) => {
    const response = await fetch(`${server.url}${assetPath}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(contentType);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.text()).toContain(marker);
  });

  it('answers 404 in the envelope for a file it does not serve', async () => {
    const response = await fetch(`${server.url}/v2/docs/package.json`);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { code: number }).code).toBe(404);
  });
});
