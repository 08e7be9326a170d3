import { composeApp } from '@server/compose';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabaseFromTemplate } from './database-template';
import { createTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

describe('health probes', () => {
  it('/healthz answers 200 while the process lives', async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('/readyz answers 200 with a live database', async () => {
    const response = await fetch(`${server.url}/readyz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ready' });
  });

  it('/readyz answers 503 once the database is gone, while /healthz stays 200', async () => {
    const database = await openDatabaseFromTemplate(inject('databaseTemplate'));
    const { app, stopBackgroundWork } = await composeApp(database, {
      logger: pino({ level: 'silent' }),
      production: false,
      publicUrl: 'http://127.0.0.1',
      staticDir: null,
    });
    expect((await app.request('/readyz')).status).toBe(200);
    await stopBackgroundWork();
    await database.drop();
    const response = await app.request('/readyz');
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: 'unavailable' });
    expect((await app.request('/healthz')).status).toBe(200);
  });

  it('once shutdown has begun, /readyz and every new call answer 503, and the connection is not kept', async () => {
    const database = await openDatabaseFromTemplate(inject('databaseTemplate'));
    const { app, refuseNewCalls, stopBackgroundWork } = await composeApp(database, {
      logger: pino({ level: 'silent' }),
      production: false,
      publicUrl: 'http://127.0.0.1',
      staticDir: null,
    });
    try {
      expect((await app.request('/readyz')).status).toBe(200);
      refuseNewCalls();
      expect((await app.request('/readyz')).status).toBe(503);
      const refused = await app.request('/v2/app/banner/query', {
        method: 'POST',
        headers: { 'accept-language': 'vi-VN' },
      });
      expect(refused.status).toBe(503);
      expect(refused.headers.get('connection')).toBe('close');
      expect(await refused.json()).toMatchObject({
        code: 503,
        msg: 'Máy chủ đang khởi động lại, vui lòng thử lại sau giây lát',
      });
    } finally {
      await stopBackgroundWork();
      await database.drop();
    }
  });
});
