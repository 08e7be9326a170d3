import { randomBytes } from 'node:crypto';
import * as agentContract from '@contract/agent';
import * as agentDeskContract from '@contract/agent-desk';
import type { Endpoint } from '@contract/endpoint';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaptchaTexts } from '../support/accounts';
import { nestedBodies } from '../support/deep-json';
import { ledgerViolations, queryRows } from '../support/ledger-invariants';
import { fundPlayer, manyPlayersLimits, newOperator, newPlayer, type TestPlayer } from '../support/players';
import { type SmtpTestServer, startSmtpTestServer } from '../support/smtp-test-server';
import { withUnstorableText } from '../support/unstorable-text';
import { createTestServer, type TestServer } from './harness';

/**
 * Random bodies for every call of the agent programme and the desk's agent applications: arbitrary
 * JSON and bodies near the contract's shape, some with NUL or a lone surrogate in a string (always
 * 400), and bodies nested up to thousands deep (400 past the limit). None may answer 500, a refused
 * call changes nothing, and the ledger keeps its rules afterwards.
 */
const entriesOf = (area: Record<string, unknown>) =>
  Object.values(area).filter(
    (value): value is Endpoint => typeof value === 'object' && value !== null && 'path' in value && 'body' in value,
  );

const endpoints = [
  ...entriesOf(agentContract),
  ...entriesOf(agentDeskContract).filter((endpoint) => endpoint.path.startsWith('/v2/admin/agent/')),
];

function fieldsOf(schema: v.GenericSchema): Record<string, v.GenericSchema> {
  const inner = 'wrapped' in schema ? (schema.wrapped as v.GenericSchema) : schema;
  return 'entries' in inner ? (inner.entries as Record<string, v.GenericSchema>) : {};
}

const plausibleValue = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constant(''),
  fc.constant('   '),
  fc.string({ minLength: 200, maxLength: 600 }),
  fc.constantFrom('pendingReview', 'approved', 'rejected', 'successful', 'withdrawalReview', 'recharge'),
  fc.constantFrom('<script>alert(1)</script>', "' or 1=1 --", '\u0000', '😀'.repeat(40), 'ヤマダ タロウ', 'a%_\\'),
  fc.record({
    from: fc.constantFrom('2026-01-01', '2026-13-01', 'x'),
    to: fc.constantFrom('2026-01-31', '2025-01-01', '2026-12-31'),
  }),
  fc.integer(),
  fc.integer({ min: 1, max: 2_000_000 }),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, 2 ** 31, 2 ** 52, 2 ** 63, -1, 0, 0.5),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.string(), { maxKeys: 3 }),
);

const nestedTooDeep = 'The request nests objects or arrays more than 32 levels deep';

let smtp: SmtpTestServer;
let server: TestServer;
let player: TestPlayer;
let agent: TestPlayer;
let operator: TestPlayer;
const memberIds: number[] = [];
const validSamples: unknown[] = [
  1,
  2_147_483_647,
  2,
  50,
  999,
  'Cedar grove 2026!',
  'short',
  'fuzzmember1',
  'Fuzz Member',
  'A remark\nwith a second line',
  'pendingReview',
  'approved',
  'successful',
  'withdrawalReview',
  { from: '2026-03-01', to: '2026-03-31' },
  true,
];

/** Bodies near the contract's shape: each field mostly a value its schema accepts, sometimes anything. */
function shapeNear(fields: Record<string, v.GenericSchema>) {
  const near = Object.fromEntries(
    Object.entries(fields).map(([name, schema]) => {
      const accepted = validSamples.filter((sample) => v.safeParse(schema, sample).success);
      return [
        name,
        accepted.length > 0
          ? fc.oneof({ arbitrary: fc.constantFrom(...accepted), weight: 9 }, { arbitrary: plausibleValue, weight: 1 })
          : plausibleValue,
      ];
    }),
  );
  return fc.oneof(
    { arbitrary: fc.record(near), weight: 3 },
    { arbitrary: fc.record(near, { requiredKeys: [] }), weight: 1 },
  );
}

/** What a call could change: players and their agent links, applications, money, audit rows. */
async function stateFingerprint(): Promise<string> {
  const [row] = await queryRows<Record<string, unknown>>(
    server.db,
    sql`SELECT
      (SELECT string_agg(id || ':' || is_agent || ':' || coalesce(referral_code, '') || ':' || coalesce(agent_code, ''), ',' ORDER BY id) FROM users) AS users,
      (SELECT string_agg(id || ':' || status, ',' ORDER BY id) FROM agent_applications) AS applications,
      (SELECT string_agg(id || ':' || balance || ':' || held, ',' ORDER BY id) FROM ledger_accounts) AS accounts,
      (SELECT count(*) FROM ledger_transfers) AS transfers,
      (SELECT count(*) FROM audit_log) AS audit`,
  );
  return JSON.stringify(row);
}

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  server = await createTestServer({
    smtpUrl: smtp.url,
    captchaText: createCaptchaTexts().next,
    authLimits: manyPlayersLimits,
  });
  operator = await newOperator(server);
  player = await newPlayer(server, smtp, 'fuzzplayer');
  agent = await newPlayer(server, smtp, 'fuzzagent');
  const applied = await server.call<{ id: number }>('/v2/app/agent/apply', {}, { token: agent.token });
  expect(
    (
      await server.call(
        '/v2/admin/agent/application/approve',
        { applicationId: applied.body.data?.id },
        { token: operator.token },
      )
    ).body,
  ).toMatchObject({ code: 200 });
  await fundPlayer(server, agent, 100_000);
  for (const account of ['fuzzmembera', 'fuzzmemberb']) {
    const created = await server.call<{ userId: number }>(
      '/v2/app/agent/sub/member/create',
      { account, password: 'Cedar grove 2026!' },
      { token: agent.token },
    );
    expect(created.body).toMatchObject({ code: 200 });
    validSamples.push(created.body.data?.userId);
    memberIds.push(created.body.data?.userId as number);
  }
  // Waiting applications for the desk's calls to decide.
  for (let index = 0; index < 3; index += 1) {
    const applicant = await newPlayer(server, smtp, 'fuzzapplicant');
    validSamples.push(
      (await server.call<{ id: number }>('/v2/app/agent/apply', {}, { token: applicant.token })).body.data?.id,
    );
  }
}, 120_000);
afterAll(async () => {
  await server.close();
  await smtp.close();
});

const tokenFor = (endpoint: Endpoint) =>
  endpoint.access === 'admin' ? operator.token : endpoint.access === 'agent' ? agent.token : player.token;

describe.each(endpoints.map((endpoint) => [endpoint.path, endpoint] as const))(
  '%s under random bodies',
  (_path, endpoint) => {
    it('never answers 500, and a refusal changes nothing', async () => {
      const body = withUnstorableText(fc.oneof(shapeNear(fieldsOf(endpoint.body)), fc.jsonValue({ maxDepth: 2 })));
      await fc.assert(
        fc.asyncProperty(body, async ({ body: value, tainted }) => {
          const before = await stateFingerprint();
          const response = await server.call(endpoint.path, value, {
            token: tokenFor(endpoint),
            headers: { 'idempotency-key': `fuzz-${randomBytes(8).toString('hex')}` },
          });
          const what = `${endpoint.path} ${JSON.stringify(value)} → ${JSON.stringify(response.body)}`;
          expect(response.status, what).toBeLessThan(500);
          expect(response.body.code, what).toBe(response.status);
          if (tainted) expect(response.status, what).toBe(400);
          if (response.status !== 200) expect(await stateFingerprint(), what).toBe(before);
        }),
        { numRuns: 25 },
      );
    });

    it('refuses a body nested past the limit with 400 before reading it, and changes nothing', async () => {
      await fc.assert(
        fc.asyncProperty(nestedBodies(Object.keys(fieldsOf(endpoint.body))), async ({ text, tooDeep }) => {
          const before = await stateFingerprint();
          const response = await server.call(endpoint.path, undefined, {
            token: tokenFor(endpoint),
            headers: { 'idempotency-key': `fuzz-${randomBytes(8).toString('hex')}` },
            rawBody: text,
          });
          const what = `${endpoint.path} ${text.slice(0, 80)}… (${text.length} characters) → ${JSON.stringify(response.body)}`;
          expect(response.status, what).toBeLessThan(500);
          if (tooDeep) expect(response.body, what).toMatchObject({ code: 400, msg: nestedTooDeep });
          if (response.status !== 200) expect(await stateFingerprint(), what).toBe(before);
        }),
        { numRuns: 10 },
      );
    });
  },
);

describe('values random bodies found', () => {
  it.each([
    ['/v2/app/agent/type/report/statistics', { userId: 2 ** 52 }, 'userId'],
    ['/v2/app/agent/type/member/transfer', { memberUserId: 2 ** 31, amount: 1 }, 'memberUserId'],
    ['/v2/admin/agent/application/approve', { applicationId: 2 ** 31 }, 'applicationId'],
    ['/v2/app/agent/sub/member/page', { account: 'a\u0000b' }, 'account'],
    [
      '/v2/app/agent/sub/member/create',
      { account: 'nulnickname1', password: 'Cedar grove 2026!', nickname: 'a\u0000b' },
      'nickname',
    ],
  ] as const)('%s refuses %j as invalid input (400 on the field), changing nothing', async (path, body, field) => {
    const before = await stateFingerprint();
    const endpoint = endpoints.find((candidate) => candidate.path === path) as Endpoint;
    const response = await server.call(path, body, {
      token: tokenFor(endpoint),
      headers: { 'idempotency-key': `fuzz-${randomBytes(8).toString('hex')}` },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(400);
    expect(response.body.fields).toHaveProperty(field);
    expect(await stateFingerprint()).toBe(before);
  });

  it.each(['/v2/app/agent/type/member/transfer', '/v2/app/agent/type/member/transfer/decrease'])(
    '%s refuses a lone surrogate or NUL in the remark of a move to a real member (400, was 500), moving nothing',
    async (path) => {
      for (const remark of ['ok \ud800', 'a\u0000b']) {
        const before = await stateFingerprint();
        const body = { memberUserId: memberIds[0], amount: 1, remark };
        const response = await server.call(path, body, {
          token: agent.token,
          headers: { 'idempotency-key': `fuzz-${randomBytes(8).toString('hex')}` },
        });
        expect(response.status, JSON.stringify(response.body)).toBe(400);
        expect(response.body.fields).toEqual({ remark: 'remark is not valid' });
        expect(await stateFingerprint()).toBe(before);
      }
    },
  );
});

describe('after the random calls', () => {
  it('the ledger keeps all its rules', async () => {
    expect(await ledgerViolations(server.db)).toEqual([]);
  });
});
