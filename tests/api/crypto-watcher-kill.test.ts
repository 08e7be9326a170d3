import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type CryptoDeposit, chainSandboxPath } from '@contract/crypto';
import { openDatabase } from '@server/db/client';
import { cryptoDeposits } from '@server/db/schema/crypto';
import { ledgerTransfers } from '@server/db/schema/ledger';
import { balanceOf } from '@server/modules/ledger/accounts';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerThroughMail } from '../support/accounts';
import { ledgerViolations } from '../support/ledger-invariants';
import { type ServerProcess, startServerProcess } from '../support/server-process';
import { type SmtpTestServer, startSmtpTestServer } from '../support/smtp-test-server';
import type { TestServer } from './harness';

/**
 * The deposit watcher killed with SIGKILL while it credits (docs/requirements.md §16.6): the server
 * runs as its own process on an embedded database, each watcher run is started by a sandbox call and
 * the process is killed a few milliseconds into it, then started again on the same data. Every
 * deposit ends credited exactly once.
 */
let smtp: SmtpTestServer;
let dataDir: string;
let running: ServerProcess | null = null;

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'game-hall-watcher-kill-'));
});
afterAll(async () => {
  if (running?.alive()) running.child.kill('SIGKILL');
  await running?.exited;
  await smtp.close();
  await rm(dataDir, { recursive: true, force: true });
});

const start = async () => {
  running = await startServerProcess({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SMTP_URL: smtp.url });
  return running;
};

/** The calls of the harness's server, against the process. */
async function callsOf(url: string) {
  const cookie = ((await fetch(`${url}/v2/xsrf`)).headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
  const token = cookie.slice(cookie.indexOf('=') + 1);
  return {
    async call<T>(pathname: string, body: unknown, options: { token?: string; lang?: string } = {}) {
      const response = await fetch(`${url}${pathname}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'accept-language': options.lang ?? 'en-US',
          cookie,
          'x-xsrf-token': token,
          ...(options.token ? { token: options.token } : {}),
        },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as { code: number; data?: T } };
    },
  };
}

const sandbox = (url: string, action: string, body: unknown) =>
  fetch(`${url}${chainSandboxPath}/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('the deposit watcher under SIGKILL', () => {
  it('credits every deposit exactly once across kills and restarts', { timeout: 240_000 }, async () => {
    let server = await start();
    let calls = await callsOf(server.url);
    const account = `killtest${Date.now() % 100000}`;
    const playerToken = await registerThroughMail(calls as unknown as TestServer, smtp, {
      account,
      email: `${account}@example.test`,
      password: 'Maple leaf 2026!',
    });
    const address = (
      await calls.call<{ address: string }>(
        '/v2/cpp/coins/deposit/address',
        { coin: 'USDT', network: 'TRC20' },
        { token: playerToken },
      )
    ).body.data?.address as string;
    const deposits = 8;
    for (let i = 0; i < deposits; i++) {
      const sent = await sandbox(server.url, 'send', { coin: 'USDT', network: 'TRC20', address, amount: '10000000' });
      expect(sent.status).toBe(200);
    }
    expect((await sandbox(server.url, 'mine', { network: 'TRC20', blocks: 1 })).status).toBe(200);

    // A run that credits is started by a mine past the threshold; the process dies a moment into it.
    for (const delayMs of [5, 15, 30, 60]) {
      const watching = sandbox(server.url, 'mine', { network: 'TRC20', blocks: 20 }).catch(() => null);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      server.child.kill('SIGKILL');
      await server.exited;
      await watching;
      server = await start();
    }
    calls = await callsOf(server.url);
    // A kill may come before its mine reached the server (on a busy machine, all four may): the last
    // run mines the whole threshold itself, so every deposit is due whatever the kills left.
    expect((await sandbox(server.url, 'mine', { network: 'TRC20', blocks: 19 })).status).toBe(200);
    const listed = await calls.call<{ list: CryptoDeposit[] }>(
      '/v2/cpp/coins/deposit/page',
      {},
      { token: playerToken },
    );
    expect(listed.body.data?.list.map((deposit) => deposit.status)).toEqual(Array(deposits).fill('credited'));
    server.child.kill('SIGTERM');
    await server.exited;
    running = null;

    const database = await openDatabase({ dataDir });
    try {
      const rows = await database.db.select().from(cryptoDeposits);
      expect(rows).toHaveLength(deposits);
      const credits = await database.db
        .select()
        .from(ledgerTransfers)
        .where(like(ledgerTransfers.idempotencyKey, 'crypto-deposit:%'));
      expect(credits).toHaveLength(deposits);
      const userId = rows[0]?.userId as number;
      expect((await balanceOf(database.db, userId, 'COIN')).balance).toBe(BigInt(deposits * 1500));
      expect(await ledgerViolations(database.db)).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
