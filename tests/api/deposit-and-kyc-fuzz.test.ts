import { randomBytes } from 'node:crypto';
import * as bankContract from '@contract/bank';
import * as cryptoContract from '@contract/crypto';
import * as payContract from '@contract/deposit';
import * as depositDeskContract from '@contract/deposit-desk';
import type { Endpoint } from '@contract/endpoint';
import * as kycContract from '@contract/kyc';
import * as kycDeskContract from '@contract/kyc-desk';
import * as recordContract from '@contract/record';
import { updateIdNumber, updateProfile } from '@contract/user';
import * as drawContract from '@contract/withdrawal';
import * as withdrawalDeskContract from '@contract/withdrawal-desk';
import fc from 'fast-check';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaptchaTexts } from '../support/accounts';
import { nestedBodies } from '../support/deep-json';
import {
  bindCard,
  completeProfile,
  fundPlayer,
  ledgerSum,
  manyPlayersLimits,
  newOperator,
  newPlayer,
  type TestPlayer,
  verifiedIdentity,
} from '../support/players';
import { type SmtpTestServer, startSmtpTestServer } from '../support/smtp-test-server';
import { withUnstorableText } from '../support/unstorable-text';
import { createTestServer, type TestServer } from './harness';

/**
 * Random bodies for every call of the player-money areas (profile, KYC, cards, deposits,
 * withdrawals, crypto, records, and the review desk's queues): arbitrary JSON and bodies near the
 * contract's shape, some with NUL or a lone surrogate in a string (always 400), and bodies nested
 * up to thousands deep (400 past the limit). None may answer 500, and the ledger must still sum to
 * zero afterwards.
 */
const entriesOf = (area: Record<string, unknown>) =>
  Object.values(area).filter(
    (value): value is Endpoint => typeof value === 'object' && value !== null && 'path' in value && 'body' in value,
  );

const reviewPaths = ['/v2/admin/kyc/', '/v2/admin/withdrawal/', '/v2/admin/deposit/manual/'];
const endpoints = [
  updateProfile,
  updateIdNumber,
  ...entriesOf(kycContract),
  ...entriesOf(bankContract),
  ...entriesOf(payContract),
  ...entriesOf(drawContract),
  ...entriesOf(cryptoContract),
  ...entriesOf(recordContract),
  ...[kycDeskContract, withdrawalDeskContract, depositDeskContract]
    .flatMap((area) => entriesOf(area))
    .filter((endpoint) => reviewPaths.some((prefix) => endpoint.path.startsWith(prefix))),
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
  fc.string({ minLength: 200, maxLength: 400 }),
  fc.stringMatching(/^\d{3}$/),
  fc.stringMatching(/^\d{7}$/),
  fc.constantFrom(
    '0005',
    '9900',
    '9999',
    'online-bank',
    'bank-transfer',
    'crypto',
    'manual',
    'pendingReview',
    'withdrawalReview',
  ),
  fc.constantFrom(
    'data:image/jpeg;base64,/9j/4AAQ',
    'data:image/png;base64,iVBORw0KGgo=',
    'data:image/webp;base64,UklGRg==',
  ),
  fc.constantFrom('<script>alert(1)</script>', "' or 1=1 --", '\u0000', '😀'.repeat(40), 'ヤマダ タロウ', '246810'),
  fc.record({
    from: fc.constantFrom('2026-01-01', '2026-13-01', 'x'),
    to: fc.constantFrom('2026-01-31', '2025-01-01', '2026-12-31'),
  }),
  fc.integer(),
  fc.integer({ min: 1, max: 2_000_000 }),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.string(), { maxKeys: 3 }),
);

/** Values that pass some field of these calls, so that bodies get past the contract into the handlers. */
const validSamples: unknown[] = [
  '+819012345678',
  'AB123456',
  '太郎',
  'ヤマダ タロウ',
  'Taro',
  '0005',
  '9900',
  '123',
  '1234567',
  '渋谷支店',
  'online-bank',
  'bank-transfer',
  '246810',
  'D20260101ABCDEFGHJK',
  'W20260101ABCDEFGHJK',
  'A reason\nwith a second line',
  'deposit',
  { from: '2026-03-01', to: '2026-03-31' },
  1,
  2,
  1_000,
  5_000,
  true,
  false,
];

/**
 * Bodies near the contract's shape: each field mostly a value its schema accepts (taken from the
 * samples; a filter over random values could search forever), sometimes anything at all.
 */
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

const nestedTooDeep = 'The request nests objects or arrays more than 32 levels deep';

let smtp: SmtpTestServer;
let server: TestServer;
let player: TestPlayer;
let operator: TestPlayer;

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  server = await createTestServer({
    smtpUrl: smtp.url,
    captchaText: createCaptchaTexts().next,
    authLimits: manyPlayersLimits,
  });
  operator = await newOperator(server);
  player = await newPlayer(server, smtp);
  await completeProfile(server, player);
  await bindCard(server, player);
  const payPassword = await server.call(
    '/v2/app/auth/password/update/payment',
    { newPayPassword: '246810', password: 'Maple leaf 2026!' },
    { token: player.token },
  );
  expect(payPassword.status).toBe(200);
  await verifiedIdentity(server, player, operator);
  await fundPlayer(server, player, 100_000);
}, 120_000);
afterAll(async () => {
  await server.close();
  await smtp.close();
});

describe.each(endpoints.map((endpoint) => [endpoint.path, endpoint] as const))(
  '%s under random bodies',
  (_path, endpoint) => {
    it('never answers 500', async () => {
      const token = endpoint.access === 'admin' ? operator.token : player.token;
      const body = withUnstorableText(fc.oneof(shapeNear(fieldsOf(endpoint.body)), fc.jsonValue({ maxDepth: 2 })));
      await fc.assert(
        fc.asyncProperty(body, async ({ body: value, tainted }) => {
          const response = await server.call(endpoint.path, value, {
            token,
            headers: { 'idempotency-key': `fuzz-${randomBytes(8).toString('hex')}` },
          });
          const what = `${endpoint.path} ${JSON.stringify(value)} → ${JSON.stringify(response.body)}`;
          expect(response.status, what).toBeLessThan(500);
          expect(response.body.code).toBe(response.status);
          if (tainted) expect(response.status, what).toBe(400);
        }),
        { numRuns: 25 },
      );
    });

    it('refuses a body nested past the limit with 400 before reading it', async () => {
      const token = endpoint.access === 'admin' ? operator.token : player.token;
      await fc.assert(
        fc.asyncProperty(nestedBodies(Object.keys(fieldsOf(endpoint.body))), async ({ text, tooDeep }) => {
          const response = await server.call(endpoint.path, undefined, {
            token,
            headers: { 'idempotency-key': `fuzz-${randomBytes(8).toString('hex')}` },
            rawBody: text,
          });
          const what = `${endpoint.path} ${text.slice(0, 80)}… (${text.length} characters) → ${JSON.stringify(response.body)}`;
          expect(response.status, what).toBeLessThan(500);
          if (tooDeep) expect(response.body, what).toMatchObject({ code: 400, msg: nestedTooDeep });
        }),
        { numRuns: 10 },
      );
    });
  },
);

describe('after the random calls', () => {
  it('the ledger still sums to zero', async () => {
    expect(await ledgerSum(server)).toBe(0n);
  });
});
