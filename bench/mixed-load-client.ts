/**
 * The load's HTTP side: every call is counted by kind and status, and every answer the caller did
 * not expect (a 5xx, a refused connection or timeout, or a status that call should never get) is
 * counted apart and described, since any of them fails the figure.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { studioSessionHeader } from '@contract/studio';
import type { ToldByServers } from './mixed-load-checks';
import type { PreparedHall } from './mixed-load-setup';
import { xsrfHeaders } from './throughput';

export interface Envelope<T = unknown> {
  code?: number;
  msg?: string;
  data?: T;
}

export interface Answer<T = unknown> {
  status: number;
  /** The JSON envelope, when the answer was JSON. */
  body: Envelope<T> | null;
}

/** What a client sends with every API call: the XSRF cookie echoed in its header, and the session. */
export interface Caller {
  xsrf: Record<string, string>;
  token: string;
}

const requestTimeoutMs = 30_000;
const keptProblems = 30;

export class Tally {
  readonly byKind = new Map<string, Map<string, number>>();
  requests = 0;
  serverErrors = 0;
  /** 503 answers, when the database is made to fail on purpose: then they are what a call may answer. */
  unavailable = 0;
  networkErrors = 0;
  unexpected = 0;
  readonly problems: string[] = [];

  /** `databaseFaults`: the database is made to fail during the load, so any call may answer 503. */
  constructor(readonly databaseFaults = false) {}

  count(kind: string, outcome: string): void {
    this.requests += 1;
    const outcomes = this.byKind.get(kind) ?? new Map<string, number>();
    outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
    this.byKind.set(kind, outcomes);
  }

  /** An answer that breaks what the caller was promised (e.g. two orders for one key); fails the figure. */
  problem(description: string): void {
    this.unexpected += 1;
    this.note(description);
  }

  note(description: string): void {
    if (this.problems.length < keptProblems) this.problems.push(description);
  }

  get failures(): number {
    return this.serverErrors + this.networkErrors + this.unexpected;
  }
}

/**
 * One HTTP call, counted under `kind`. Null when it failed outright (counted as a network error);
 * otherwise the answer, whose status has already been judged against `expected`.
 */
export async function send<T>(
  tally: Tally,
  kind: string,
  url: string,
  init: RequestInit,
  expected: readonly number[],
): Promise<Answer<T> | null> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(requestTimeoutMs) });
    text = await response.text();
  } catch (error) {
    tally.count(kind, 'network error');
    tally.networkErrors += 1;
    tally.note(`${kind}: ${url} failed: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
  tally.count(kind, String(response.status));
  let body: Envelope<T> | null = null;
  if (response.headers.get('content-type')?.includes('application/json')) {
    try {
      body = JSON.parse(text) as Envelope<T>;
    } catch {
      body = null;
    }
  }
  if (response.status === 503 && tally.databaseFaults) {
    tally.unavailable += 1;
  } else if (response.status >= 500) {
    tally.serverErrors += 1;
    tally.note(`${kind}: ${url} answered ${response.status}: ${text.slice(0, 300)}`);
  } else if (!expected.includes(response.status)) {
    tally.unexpected += 1;
    tally.note(`${kind}: ${url} answered ${response.status}, expected ${expected.join(' or ')}: ${text.slice(0, 300)}`);
  }
  return { status: response.status, body };
}

/** A POST of the API as the SPA makes it: JSON, XSRF cookie and header, TOKEN, and an Idempotency-Key when given. */
export function callApi<T>(
  tally: Tally,
  kind: string,
  baseUrl: string,
  path: string,
  body: unknown,
  caller: Caller,
  options: { expected: readonly number[]; idempotencyKey?: string },
): Promise<Answer<T> | null> {
  return send<T>(
    tally,
    kind,
    `${baseUrl}${path}`,
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'accept-language': 'ja-JP',
        ...caller.xsrf,
        token: caller.token,
        ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
      },
      body: JSON.stringify(body),
    },
    options.expected,
  );
}

/** A POST of the studio's own API as its game page makes it: JSON, and the studio's session in its header. */
export function callStudio<T>(
  tally: Tally,
  kind: string,
  baseUrl: string,
  path: string,
  body: unknown,
  session: string | null,
  expected: readonly number[],
): Promise<Answer<T> | null> {
  return send<T>(
    tally,
    kind,
    `${baseUrl}${path}`,
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'accept-language': 'ja-JP',
        ...(session ? { [studioSessionHeader]: session } : {}),
      },
      body: JSON.stringify(body),
    },
    expected,
  );
}

/** The payer's click on the sandbox checkout page: a form post answered with a redirect. */
export function clickOnCheckout(
  tally: Tally,
  kind: string,
  checkoutUrl: string,
  action: 'pay' | 'cancel',
): Promise<Answer | null> {
  return send(
    tally,
    kind,
    `${checkoutUrl}/${action}`,
    { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' },
    [303],
  );
}

export function newIdempotencyKey(prefix: string): string {
  return `${prefix}-${randomBytes(12).toString('base64url')}`;
}

/** What every client of a load shares: the processes, the counts, what the servers told, and whether to go on. */
export interface LoadContext {
  urls: string[];
  tally: Tally;
  told: ToldByServers;
  running(): boolean;
}

/** One client's turn-taking between the server processes. */
export class RoundRobin {
  private turn: number;
  constructor(private readonly urls: readonly string[]) {
    this.turn = randomInt(urls.length);
  }
  next(): string {
    this.turn += 1;
    return this.urls[this.turn % this.urls.length]!;
  }
}

export const pick = <T>(items: readonly T[]): T => items[randomInt(items.length)]!;

/**
 * The load's callers: each player with the XSRF cookie of the process its starting deposit goes to
 * (the players in turn across the processes), and the operator with the first process's.
 */
export async function loadCallers(hall: PreparedHall, urls: readonly string[]) {
  const players = await Promise.all(
    hall.players.map(async (player, index) => ({
      xsrf: await xsrfHeaders(urls[index % urls.length]!),
      token: player.token,
    })),
  );
  const operator: Caller = { xsrf: await xsrfHeaders(urls[0]!), token: hall.operatorToken };
  return { players, operator };
}
