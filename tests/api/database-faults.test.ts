/**
 * A database fault fails only the calls in flight. Two server processes (server/main.ts) share one
 * PostgreSQL database under a write load through the real API: sign-ups with an agent's code,
 * members created by agents, coins moved between agents and their members, and rounds played at
 * the embedded game studio, which books them at the wallet over HTTP. Meanwhile the
 * app's connections are terminated several times and the server is stopped and started again.
 * Every process must stay up, answer 503 in the envelope (in the caller's language) while the
 * database is away, answer again within seconds, write nothing by halves, and shut down cleanly
 * on SIGTERM while calls keep arriving; afterwards the ledger's rules hold.
 *
 * PostgreSQL only, on a server of its own: stopping the server of the test run would break the
 * other test files running at the same time.
 */
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { HallGame } from '@contract/hall';
import { type Locale, locales } from '@contract/locales';
import type { StudioFairness, StudioRound } from '@contract/studio';
import { systemClock } from '@server/clock';
import { type DatabaseHandle, isDatabaseUnavailable, openDatabase, ping } from '@server/db/client';
import { users } from '@server/db/schema/auth';
import { setUpOperator } from '@server/modules/admin/operator-accounts';
import { houseAccount, playerAccount } from '@server/modules/ledger/accounts';
import { transfer } from '@server/modules/ledger/service';
import { totpCodeAt } from '@server/shared/totp';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerViolations, queryRows } from '../support/ledger-invariants';
import { pgCtl, startThrowawayPostgres, type ThrowawayPostgres } from '../support/postgres-cluster';
import { type ServerProcess, startServerProcess } from '../support/server-process';
import { codeIn, type SmtpTestServer, startSmtpTestServer } from '../support/smtp-test-server';
import { studioRoundBookings } from '../support/studio-bookings';

const transferPath = '/v2/app/agent/type/member/transfer';
const captchaText = 'f4ult';
const operatorPassword = 'Fault desk 2026!';
const decreasePath = '/v2/app/agent/type/member/transfer/decrease';
const createMemberPath = '/v2/app/agent/sub/member/create';
const password = 'Harbour lights 2026!';
const databaseName = 'game_hall_faults';
const agentCount = 3;
const loopsPerAgent = 2;
/** Players playing Fuji Rush at the studio during the load, one round after another. */
const studioPlayerCount = 2;
const studioStake = 10;
const terminations = 4;
/** How soon every process must answer /readyz 200 again once the server is back. */
const recoveryMs = 10_000;
/** How soon a process must exit after SIGTERM, whatever is still running. */
const shutdownMs = 10_000;

function serverMessage(locale: Locale, key: string): string | undefined {
  const messages = JSON.parse(
    readFileSync(new URL(`../../locales/${locale}/server.json`, import.meta.url), 'utf8'),
  ) as {
    error: Record<string, string>;
  };
  return messages.error[key];
}
const unavailableText = new Map(locales.map((locale) => [locale, serverMessage(locale, 'databaseUnavailable')]));
const stoppingText = new Map(locales.map((locale) => [locale, serverMessage(locale, 'shuttingDown')]));

function studioMessage(locale: Locale, key: string): string | undefined {
  const messages = JSON.parse(
    readFileSync(new URL(`../../locales/${locale}/studio.json`, import.meta.url), 'utf8'),
  ) as { api: Record<string, string> };
  return messages.api[key];
}
/** The studio's own 503s: its database away, the wallet not answering (its database away), a round left for later. */
const studioUnavailableTexts = new Map(
  locales.map((locale) => [
    locale,
    ['databaseUnavailable', 'walletUnavailable', 'roundPending'].map((key) => studioMessage(locale, key)),
  ]),
);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
const pick = <T>(items: readonly T[]): T => items[randomInt(items.length)]!;

interface Answer {
  kind: string;
  server: number;
  lang: Locale;
  /** 0 when the call failed without an answer. */
  status: number;
  code?: number;
  msg?: string;
  data?: Record<string, unknown>;
  /** The Retry-After header, on a 503. */
  retryAfter?: string | null;
  failure?: string;
}

interface Agent {
  userId: number;
  token: string;
  members: number[];
}

interface StudioPlayer {
  userId: number;
  session: string;
}

/** One press of spin at the studio with its round key; every answer the key got, first call and retries. */
interface StudioPlay {
  key: string;
  player: StudioPlayer;
  answers: Answer[];
}

/** One coin move with its key; every answer its key got, first call and retries. */
interface Move {
  key: string;
  path: string;
  token: string;
  body: { memberUserId: number; amount: number };
  answers: Answer[];
}

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('database faults under load, two server processes (PostgreSQL)', () => {
  let postgres: ThrowawayPostgres;
  let databaseUrl: string;
  let smtp: SmtpTestServer;
  let dataDir: string;
  const servers: ServerProcess[] = [];
  const xsrf = { cookie: '', token: '' };

  beforeAll(async () => {
    postgres = await startThrowawayPostgres();
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${databaseName}`);
    await admin.end();
    const url = new URL(postgres.url);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
    smtp = await startSmtpTestServer();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'game-hall-faults-'));
    // One after the other: the first migrates and seeds, the second finds it done.
    for (let index = 0; index < 2; index += 1) {
      // Its own address is where the embedded studio reaches the wallet, so it is known before start.
      const port = await freePort();
      servers.push(
        await startServerProcess({
          PORT: String(port),
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          DATABASE_URL: databaseUrl,
          DATA_DIR: dataDir,
          SMTP_URL: smtp.url,
          // Every test call comes from 127.0.0.1: the per-address limits of sign-up are raised.
          NODE_ENV: 'test',
          TEST_CAPTCHA_TEXT: captchaText,
          LOG_LEVEL: 'warn',
        }),
      );
    }
    const response = await fetch(`${servers[0]!.url}/v2/xsrf`);
    xsrf.cookie = (response.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
    xsrf.token = xsrf.cookie.slice(xsrf.cookie.indexOf('=') + 1);
  }, 120_000);

  afterAll(async () => {
    for (const server of servers) {
      if (server.alive()) server.child.kill('SIGKILL');
      await server.exited;
    }
    await smtp?.close();
    await postgres?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  async function call(
    server: number,
    kind: string,
    apiPath: string,
    body: unknown,
    options: { token?: string; key?: string; lang?: Locale; studioSession?: string } = {},
  ): Promise<Answer> {
    const lang = options.lang ?? pick(locales);
    try {
      const response = await fetch(`${servers[server]!.url}${apiPath}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'accept-language': lang,
          cookie: xsrf.cookie,
          'x-xsrf-token': xsrf.token,
          ...(options.token ? { token: options.token } : {}),
          ...(options.key ? { 'idempotency-key': options.key } : {}),
          ...(options.studioSession ? { 'studio-session': options.studioSession } : {}),
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(20_000),
      });
      const envelope = (await response.json()) as { code?: number; msg?: string; data?: Record<string, unknown> };
      return {
        kind,
        server,
        lang,
        status: response.status,
        code: envelope.code,
        msg: envelope.msg,
        data: envelope.data,
        ...(response.status === 503 ? { retryAfter: response.headers.get('retry-after') } : {}),
      };
    } catch (error) {
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
      const failure = (cause as { code?: string }).code ?? (cause instanceof Error ? cause.message : String(cause));
      return { kind, server, lang, status: 0, failure };
    }
  }

  async function succeeded<T>(answer: Promise<Answer>): Promise<T> {
    const settled = await answer;
    expect(settled, JSON.stringify(settled)).toMatchObject({ status: 200, code: 200 });
    return settled.data as T;
  }

  /** Sign-up with the code of the registration mail; the token, or null when a step was refused. */
  async function signUp(
    server: () => number,
    account: string,
    agentCode?: string,
    record?: (answer: Answer) => void,
  ): Promise<string | null> {
    const email = `${account}@example.test`;
    const before = smtp.received.length;
    const step = async (kind: string, apiPath: string, body: unknown) => {
      const answer = await call(server(), kind, apiPath, body);
      record?.(answer);
      return answer.status === 200 ? answer : null;
    };
    if (!(await step('sign-up: code', '/v2/app/register/send/email/code', { email }))) return null;
    const code = await smtp.latestTo(email, before).then(codeIn, () => null);
    if (!code) return null;
    if (!(await step('sign-up: check code', '/v2/app/register/valid', { email, code, acceptTerms: true }))) return null;
    const registered = await step('sign-up: account', '/v2/app/register/user', {
      account,
      email,
      password,
      ...(agentCode ? { agentCode } : {}),
    });
    return (registered?.data?.token as string | undefined) ?? null;
  }

  async function terminateAppConnections(): Promise<number> {
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ ended: number }>(
        'SELECT count(*) FILTER (WHERE pg_terminate_backend(pid))::int AS ended FROM pg_stat_activity WHERE datname = $1',
        [databaseName],
      );
      return rows[0]?.ended ?? 0;
    } finally {
      await admin.end();
    }
  }

  const readiness = (server: number) =>
    fetch(`${servers[server]!.url}/readyz`, { signal: AbortSignal.timeout(5_000) }).then(
      (response) => response.status,
      () => 0,
    );

  async function withDatabase<T>(work: (database: DatabaseHandle) => Promise<T>): Promise<T> {
    const database = await openDatabase({ databaseUrl, poolSize: 2 });
    try {
      return await work(database);
    } finally {
      await database.close();
    }
  }

  it('a transaction whose connection is terminated fails as the database being unavailable, and the pool serves the next query', async () => {
    await withDatabase(async (database) => {
      const failed = await database.db
        .transaction(async (tx) => {
          const [own] = (
            (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] }
          ).rows;
          const admin = new pg.Client({ connectionString: postgres.url });
          await admin.connect();
          await admin.query('SELECT pg_terminate_backend($1)', [own!.pid]);
          await admin.end();
          // The connection hears of its end on its own; give it the time to.
          await sleep(200);
          await tx.execute(sql`select 1`);
        })
        .then(
          () => null,
          (error: unknown) => error,
        );
      expect(failed).toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(failed)).toBe(true);
      expect(await queryRows(database.db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
      // What a call asks for that the database refuses is the call's own failure, not an outage.
      expect(
        isDatabaseUnavailable(await queryRows(database.db, sql`select 1 / 0`).catch((error: unknown) => error)),
      ).toBe(false);
    });
    const stopped = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:1/none', poolSize: 1 });
    expect(isDatabaseUnavailable(await ping(stopped.db).catch((error: unknown) => error))).toBe(true);
    await stopped.close();
  });

  it('terminations and a restart under load fail only the calls in flight; every process answers again; the ledger holds', async () => {
    const next = (() => {
      let turn = 0;
      return () => turn++ % servers.length;
    })();

    // An operator, made as the operator set-up makes one, signs in at the desk and approves three agents.
    const desk = await withDatabase((database) =>
      setUpOperator(database.db, systemClock, {
        username: `ops${randomBytes(3).toString('hex')}`,
        email: `ops${randomBytes(3).toString('hex')}@example.test`,
        password: operatorPassword,
      }),
    );
    const captcha = await succeeded<{ uuid: string }>(call(next(), 'set-up', '/v2/app/auth/captcha', {}));
    const { token: operatorToken } = await succeeded<{ token: string }>(
      call(next(), 'set-up', '/v2/admin/auth/login', {
        account: desk.username,
        password: operatorPassword,
        uuid: captcha.uuid,
        qrcode: captchaText,
        totpCode: totpCodeAt(desk.totpSecret, systemClock.now()),
      }),
    );
    const agents: Agent[] = [];
    for (let index = 0; index < agentCount; index += 1) {
      const token = await signUp(next, `agent${index}${randomBytes(3).toString('hex')}`);
      expect(token).toBeTruthy();
      const application = await succeeded<{ id: number }>(
        call(next(), 'set-up', '/v2/app/agent/apply', {}, { token: token! }),
      );
      await succeeded(
        call(
          next(),
          'set-up',
          '/v2/admin/agent/application/approve',
          { applicationId: application.id },
          { token: operatorToken },
        ),
      );
      const profile = await succeeded<{ userId: number }>(
        call(next(), 'set-up', '/v2/app/user/info', {}, { token: token! }),
      );
      agents.push({ userId: profile.userId, token: token!, members: [] });
    }
    await withDatabase(async (database) => {
      for (const agent of agents) {
        await transfer(database.db, systemClock, {
          actor: 'system',
          reason: 'test funding',
          from: houseAccount('adjustments', 'COIN'),
          to: playerAccount(agent.userId, 'COIN'),
          amount: 1_000_000n,
          currency: 'COIN',
          idempotencyKey: `fund-${randomBytes(6).toString('hex')}`,
          kind: 'adjustment',
        });
      }
    });
    for (const agent of agents) {
      for (let index = 0; index < 2; index += 1) {
        const member = await succeeded<{ userId: number }>(
          call(
            next(),
            'set-up',
            createMemberPath,
            { account: `m${agent.userId}x${index}`, password },
            { token: agent.token },
          ),
        );
        agent.members.push(member.userId);
      }
    }
    const { agentCode } = await succeeded<{ agentCode: string }>(
      call(next(), 'set-up', '/v2/app/agent/code', {}, { token: agents[0]!.token }),
    );

    // Players seated at Fuji Rush machines, their studio sessions open and their client seeds chosen.
    const studioPlayers: StudioPlayer[] = [];
    for (let index = 0; index < studioPlayerCount; index += 1) {
      const token = await signUp(next, `studio${index}${randomBytes(3).toString('hex')}`);
      expect(token).toBeTruthy();
      const { userId } = await succeeded<{ userId: number }>(
        call(next(), 'set-up', '/v2/app/user/info', {}, { token: token! }),
      );
      await withDatabase((database) =>
        transfer(database.db, systemClock, {
          actor: 'system',
          reason: 'test funding',
          from: houseAccount('adjustments', 'COIN'),
          to: playerAccount(userId, 'COIN'),
          amount: 1_000_000n,
          currency: 'COIN',
          idempotencyKey: `fund-${randomBytes(6).toString('hex')}`,
          kind: 'adjustment',
        }),
      );
      const hall = await succeeded<HallGame[]>(call(next(), 'set-up', '/v2/app/game/machines', {}, { token: token! }));
      const machine = hall.find((game) => game.code === 'fuji-rush')?.machines[index];
      const { url } = await succeeded<{ url: string }>(
        call(next(), 'set-up', '/v2/app/game/launch', { machineId: machine?.id }, { token: token! }),
      );
      const opened = await succeeded<{ sessionToken: string; fairness: StudioFairness }>(
        call(next(), 'set-up', '/studio/api/session/open', { launchToken: new URL(url).searchParams.get('token') }),
      );
      await succeeded(
        call(
          next(),
          'set-up',
          '/studio/api/fairness/client-seed',
          { clientSeed: randomBytes(8).toString('hex'), serverSeedHash: opened.fairness.serverSeedHash },
          { studioSession: opened.sessionToken },
        ),
      );
      studioPlayers.push({ userId, session: opened.sessionToken });
    }

    // The load: every answer is kept, with the moves by key.
    const answers: Answer[] = [];
    const moves: Move[] = [];
    const membersAsked: { account: string; answer: Answer }[] = [];
    const plays: StudioPlay[] = [];
    let running = true;
    let accounts = 0;
    const move = async (agent: Agent, server: number, direction: 'to' | 'from', lang?: Locale) => {
      const entry: Move = {
        key: `fault-${randomBytes(8).toString('hex')}`,
        path: direction === 'to' ? transferPath : decreasePath,
        token: agent.token,
        body: { memberUserId: pick(agent.members), amount: direction === 'to' ? randomInt(1, 50) : randomInt(1, 5) },
        answers: [],
      };
      moves.push(entry);
      const answer = await call(server, `move ${direction} member`, entry.path, entry.body, {
        token: agent.token,
        key: entry.key,
        ...(lang ? { lang } : {}),
      });
      entry.answers.push(answer);
      answers.push(answer);
      return answer;
    };
    const playRound = async (player: StudioPlayer, server: number, lang?: Locale) => {
      const entry: StudioPlay = { key: randomUUID(), player, answers: [] };
      plays.push(entry);
      const answer = await call(
        server,
        'studio round',
        '/studio/api/round/play',
        { stake: studioStake, roundKey: entry.key },
        { studioSession: player.session, ...(lang ? { lang } : {}) },
      );
      entry.answers.push(answer);
      answers.push(answer);
      return answer;
    };
    const studioLoop = async (player: StudioPlayer) => {
      while (running) await playRound(player, next());
    };
    const agentLoop = async (agent: Agent) => {
      while (running) {
        const roll = Math.random();
        if (roll < 0.1) {
          accounts += 1;
          const account = `n${agent.userId}x${accounts}`;
          const answer = await call(
            next(),
            'create member',
            createMemberPath,
            { account, password },
            { token: agent.token },
          );
          answers.push(answer);
          membersAsked.push({ account, answer });
          if (answer.status === 200) agent.members.push(answer.data?.userId as number);
        } else await move(agent, next(), roll < 0.75 ? 'to' : 'from');
      }
    };
    const signUpLoop = async () => {
      while (running) {
        accounts += 1;
        await signUp(next, `s${accounts}${randomBytes(3).toString('hex')}`, agentCode, (answer) =>
          answers.push(answer),
        );
      }
    };
    const load = Promise.all([
      ...agents.flatMap((agent) => Array.from({ length: loopsPerAgent }, () => agentLoop(agent))),
      signUpLoop(),
      ...studioPlayers.map(studioLoop),
    ]);

    // The faults, while the load runs.
    const ended: number[] = [];
    await sleep(1_500);
    for (let round = 0; round < terminations; round += 1) {
      ended.push(await terminateAppConnections());
      await sleep(1_200);
    }
    await pgCtl(postgres.control, 'stop');
    // While the server is away: not ready, and calls answer 503 in the caller's language.
    const whileDown = await Promise.all(servers.map((_, server) => readiness(server)));
    const downAnswers: Answer[] = [];
    const studioDownAnswers: Answer[] = [];
    for (const [index, lang] of locales.entries()) {
      downAnswers.push(await move(agents[index % agentCount]!, index % servers.length, 'to', lang));
      studioDownAnswers.push(await playRound(studioPlayers[index % studioPlayerCount]!, index % servers.length, lang));
    }
    await pgCtl(postgres.control, 'start');
    const backAt = performance.now();
    const readyAfterMs: number[] = [];
    await Promise.all(
      servers.map(async (_, server) => {
        while ((await readiness(server)) !== 200 && performance.now() - backAt < recoveryMs) await sleep(100);
        readyAfterMs[server] = performance.now() - backAt;
      }),
    );
    await sleep(1_000);
    ended.push(await terminateAppConnections());
    await sleep(1_500);
    running = false;
    await load;

    const describeProblems = (found: Answer[]) => JSON.stringify(found.slice(0, 5));
    expect(
      servers.map((server) => server.alive()),
      servers.map((server) => server.tail()).join('\n---\n'),
    ).toEqual([true, true]);
    expect(
      ended.every((count) => count > 0),
      `connections ended per termination: ${ended.join(', ')}`,
    ).toBe(true);
    expect(whileDown).toEqual([503, 503]);
    expect(downAnswers.map((answer) => answer.status)).toEqual(locales.map(() => 503));
    expect(studioDownAnswers.map((answer) => [answer.status, answer.code, answer.msg, answer.retryAfter])).toEqual(
      locales.map((lang) => [503, 503, studioMessage(lang, 'databaseUnavailable'), '2']),
    );
    expect(
      readyAfterMs.every((ms) => ms < recoveryMs),
      `ready again after ${readyAfterMs.map(Math.round).join(', ')} ms`,
    ).toBe(true);

    // Only what each call may answer; a fault shows as 503 in the envelope, in the caller's language.
    const allowed: Record<string, number[]> = {
      'move to member': [200, 503],
      'move from member': [200, 422, 503],
      'create member': [200, 503],
      'sign-up: code': [200, 503],
      'sign-up: check code': [200, 503],
      'sign-up: account': [200, 503],
      'studio round': [200, 503],
    };
    const unexpected = answers.filter((answer) => !(allowed[answer.kind] ?? []).includes(answer.status));
    expect(unexpected, describeProblems(unexpected)).toEqual([]);
    const unavailable = answers.filter((answer) => answer.status === 503);
    expect(unavailable.length).toBeGreaterThan(0);
    const badEnvelopes = unavailable.filter(
      (answer) =>
        answer.code !== 503 ||
        !answer.msg ||
        !answer.retryAfter ||
        (answer.kind === 'studio round'
          ? !studioUnavailableTexts.get(answer.lang)?.includes(answer.msg)
          : answer.msg !== unavailableText.get(answer.lang)),
    );
    expect(badEnvelopes, describeProblems(badEnvelopes)).toEqual([]);
    expect(plays.some((entry) => entry.answers[0]!.status === 200)).toBe(true);

    // Answering again: a move through each process, and every move that met a fault sent again under its key.
    for (const [server] of servers.entries()) await succeeded(move(agents[server]!, server, 'to'));
    for (const entry of moves.filter((candidate) => candidate.answers[0]!.status === 503)) {
      const answer = await call(next(), 'retry', entry.path, entry.body, { token: entry.token, key: entry.key });
      entry.answers.push(answer);
      expect([200, 422], JSON.stringify(answer)).toContain(answer.status);
    }
    // Every press of spin that met a fault, or whose win was still on its way, asked again under its
    // key until its round ends: won, or given back. A round a fault cut short mid-step waits for its
    // lease to run out (a minute), as after a crash.
    const roundEnded = (answer: Answer | undefined) =>
      answer?.status === 200 &&
      ['settled', 'rolledBack'].includes((answer.data?.round as StudioRound | undefined)?.status ?? '');
    await Promise.all(
      plays
        .filter((entry) => !roundEnded(entry.answers.at(-1)))
        .map((entry) =>
          expect
            .poll(
              async () => {
                const answer = await call(
                  next(),
                  'studio round again',
                  '/studio/api/round/play',
                  { stake: studioStake, roundKey: entry.key },
                  { studioSession: entry.player.session },
                );
                entry.answers.push(answer);
                return roundEnded(answer) ? 'ended' : JSON.stringify(answer);
              },
              { timeout: 150_000, interval: 1_000 },
            )
            .toBe('ended'),
        ),
    );

    // SIGTERM to both while calls keep arriving: calls in flight finish, later ones are refused.
    const duringStop: Answer[] = [];
    const stopMoves: Move[] = [];
    let stopping = true;
    const stopLoop = async (agent: Agent, server: number) => {
      while (stopping) {
        const entry: Move = {
          key: `stop-${randomBytes(8).toString('hex')}`,
          path: transferPath,
          token: agent.token,
          body: { memberUserId: pick(agent.members), amount: 1 },
          answers: [],
        };
        stopMoves.push(entry);
        const answer = await call(server, 'move during shutdown', entry.path, entry.body, {
          token: agent.token,
          key: entry.key,
        });
        entry.answers.push(answer);
        duringStop.push(answer);
        if (answer.status === 0) await sleep(20);
      }
    };
    const stopLoad = Promise.all(servers.flatMap((_, server) => agents.map((agent) => stopLoop(agent, server))));
    await sleep(500);
    const signalledAt = performance.now();
    for (const server of servers) server.child.kill('SIGTERM');
    const exitCodes = await Promise.all(servers.map((server) => server.exited));
    const exitedAfterMs = performance.now() - signalledAt;
    stopping = false;
    await stopLoad;
    expect(exitCodes).toEqual([0, 0]);
    expect(exitedAfterMs).toBeLessThan(shutdownMs);
    const refusedWrongly = duringStop.filter(
      (answer) =>
        !(
          answer.status === 200 ||
          answer.status === 0 ||
          (answer.status === 503 && answer.code === 503 && answer.msg === stoppingText.get(answer.lang))
        ),
    );
    expect(refusedWrongly, describeProblems(refusedWrongly)).toEqual([]);
    expect(duringStop.some((answer) => answer.status === 200)).toBe(true);
    expect(servers.flatMap((server) => server.errorLines)).toEqual([]);

    // On the database: every answer names what is stored, nothing by halves, the ledger's rules.
    await withDatabase(async (database) => {
      const countsByKey = new Map(
        (
          await queryRows<{ key: string; transfers: number }>(
            database.db,
            sql`SELECT idempotency_key AS key, count(*)::int AS transfers FROM ledger_transfers WHERE idempotency_key LIKE 'agentMove:%' GROUP BY 1`,
          )
        ).map((row) => [row.key.slice('agentMove:'.length), row.transfers]),
      );
      const wrongCounts: string[] = [];
      for (const entry of [...moves, ...stopMoves]) {
        const last = entry.answers.at(-1)!;
        const stored = countsByKey.get(entry.key) ?? 0;
        // 200: moved once. 422 and 503 (refused before anything was done): not moved. No answer: at most once.
        const expected = last.status === 200 ? [1] : last.status === 0 ? [0, 1] : [0];
        if (!expected.includes(stored))
          wrongCounts.push(
            `${entry.key}: answered ${entry.answers.map((answer) => answer.status).join(' then ')}, stored ${stored} times`,
          );
      }
      expect(wrongCounts).toEqual([]);

      // A created account is whole: its row has the audit row written with it.
      const halfWritten = await queryRows<{ username: string }>(
        database.db,
        sql`SELECT u.username FROM users u WHERE NOT EXISTS (
              SELECT 1 FROM audit_log a WHERE a.subject = 'user:' || u.id AND a.action IN ('account.create', 'agent.memberCreate'))
            AND u.role = 'player'`,
      );
      expect(halfWritten).toEqual([]);
      for (const { account, answer } of membersAsked.filter((asked) => asked.answer.status === 200)) {
        expect(
          await database.db.select({ id: users.id }).from(users).where(eq(users.username, account)),
          account,
        ).toHaveLength(1);
        expect(answer.data?.account).toBe(account);
      }

      // Every studio round ended as the wallet booked it, and as its last answer told the player.
      const rounds = await studioRoundBookings(database.db);
      expect(rounds.filter((round) => !round.booked)).toEqual([]);
      const roundByKey = new Map(rounds.map((round) => [round.round_key, round]));
      const toldWrongly = plays.flatMap((entry) => {
        const told = entry.answers.at(-1)?.data?.round as StudioRound | undefined;
        const stored = roundByKey.get(entry.key);
        return told?.id === stored?.id &&
          told?.status === stored?.status &&
          told?.win === (stored?.status === 'rolledBack' ? 0 : stored?.win)
          ? []
          : [`${entry.key}: told ${JSON.stringify(told)}, stored ${JSON.stringify(stored)}`];
      });
      expect(toldWrongly).toEqual([]);

      expect(await ledgerViolations(database.db)).toEqual([]);
    });
  }, 420_000);
});
