import * as authContract from '@contract/auth';
import type { Endpoint } from '@contract/endpoint';
import { auditLog, captchaSpends, emailCodes, identities, mailOutbox, sessions, users } from '@server/db/schema/auth';
import { getTableName, inArray, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import fc from 'fast-check';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaptchaTexts, registerThroughMail } from '../support/accounts';
import { nestedBodies } from '../support/deep-json';
import { startIdentityProvider, type TestIdentityProvider } from '../support/identity-provider';
import { type SmtpTestServer, startSmtpTestServer } from '../support/smtp-test-server';
import { withUnstorableText } from '../support/unstorable-text';
import { createTestClock, createTestServer, type TestServer } from './harness';

/**
 * Random bodies for every accounts call: arbitrary JSON, and bodies shaped like the contract's with
 * each field missing, mistyped, empty, huge or plausible, some with NUL or a lone surrogate in a
 * string (always 400), and bodies nested up to thousands deep (400 past the limit). None may produce a 500, and a refused call may change no row. The attempt
 * counters (rate_limits) are left out on purpose: counting refused attempts is their job.
 */
const watchedTables: PgTable[] = [users, identities, sessions, captchaSpends, emailCodes, mailOutbox, auditLog];

const endpoints = (Object.values(authContract) as unknown[]).filter(
  (value): value is Endpoint => typeof value === 'object' && value !== null && 'path' in value && 'body' in value,
);

function fieldsOf(schema: v.GenericSchema): Record<string, v.GenericSchema> {
  const inner = 'wrapped' in schema ? (schema.wrapped as v.GenericSchema) : schema;
  return 'entries' in inner ? (inner.entries as Record<string, v.GenericSchema>) : {};
}

const plausibleValue = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.string({ minLength: 8, maxLength: 40 }),
  fc.constant(''),
  fc.constant('   '),
  fc.string({ minLength: 200, maxLength: 400 }),
  fc.stringMatching(/^\d{6}$/),
  fc.stringMatching(/^[A-Za-z0-9]{4,20}$/),
  fc.emailAddress(),
  fc.uuid(),
  // Shaped like a captcha token (72 base64url characters), but never one the server signed.
  fc.stringMatching(/^[A-Za-z0-9_-]{72}$/),
  fc.constantFrom('google', 'line', 'facebook', 'GOOGLE'),
  fc.constantFrom('<script>alert(1)</script>', "' or 1=1 --", '\u0000', '😀'.repeat(40), 'ユーザー'),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.string(), { maxKeys: 3 }),
);

/**
 * Bodies near the contract's shape: every field present and mostly valid for its own schema (so
 * calls get past validation into the handlers), or fields left out, or unknown fields added.
 */
function shapeNear(fields: Record<string, v.GenericSchema>) {
  const near = Object.fromEntries(
    Object.entries(fields).map(([name, schema]) => [
      name,
      fc.oneof(
        { arbitrary: plausibleValue.filter((value) => v.safeParse(schema, value).success), weight: 9 },
        { arbitrary: plausibleValue, weight: 1 },
      ),
    ]),
  );
  return fc
    .tuple(
      fc.oneof(
        { arbitrary: fc.record(near), weight: 3 },
        { arbitrary: fc.record(near, { requiredKeys: [] }), weight: 1 },
      ),
      fc.dictionary(fc.string({ maxLength: 10 }), plausibleValue, { maxKeys: 2 }),
      fc.boolean(),
    )
    .map(([known, extra, withExtra]) => (withExtra ? { ...extra, ...known } : known));
}

const nestedTooDeep = 'The request nests objects or arrays more than 32 levels deep';

const clock = createTestClock(new Date('2026-03-07T09:00:00Z'));
let smtp: SmtpTestServer;
let google: TestIdentityProvider;
let line: TestIdentityProvider;
let server: TestServer;
let token = '';

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  google = await startIdentityProvider({ clientId: 'google-fuzz' });
  line = await startIdentityProvider({
    clientId: 'line-fuzz',
    clientSecret: 'secret',
    redirectUri: 'http://127.0.0.1/cb',
  });
  server = await createTestServer({
    clock,
    smtpUrl: smtp.url,
    captchaText: createCaptchaTexts().next,
    identityProviders: {
      google: { clientId: 'google-fuzz', issuers: [google.issuer], jwksUrl: google.jwksUrl },
      line: {
        clientId: 'line-fuzz',
        channelSecret: 'secret',
        issuers: [line.issuer],
        jwksUrl: line.jwksUrl,
        tokenUrl: line.tokenUrl,
        authorizeUrl: `${line.issuer}/authorize`,
        redirectUri: 'http://127.0.0.1/cb',
      },
    },
  });
  token = await registerThroughMail(server, smtp, {
    account: 'fuzzer2026',
    email: 'fuzzer@example.test',
    password: 'Fuzzing all day 1',
  });
});
afterAll(async () => {
  await server.close();
  await Promise.all([smtp.close(), google.close(), line.close()]);
});

async function undeliveredMail(): Promise<number> {
  const rows = await server.db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(inArray(mailOutbox.status, ['pending', 'sending']));
  return rows.length;
}

async function fingerprint(): Promise<Record<string, string>> {
  const entries = await Promise.all(
    watchedTables.map(async (table) => {
      const name = getTableName(table);
      const result = await server.db.execute(
        sql.raw(`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from "${name}" t`),
      );
      const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { digest: string }[];
      return [name, rows[0]?.digest ?? ''] as const;
    }),
  );
  return Object.fromEntries(entries);
}

describe.each(endpoints.map((endpoint) => [endpoint.path, endpoint] as const))(
  '%s under random bodies',
  (_path, endpoint) => {
    it('never answers 500 and changes nothing when it refuses', async () => {
      const fields = fieldsOf(endpoint.body);
      const body = withUnstorableText(
        fc.oneof(
          { arbitrary: fc.jsonValue({ stringUnit: 'binary' }), weight: 1 },
          { arbitrary: shapeNear(fields), weight: 3 },
        ),
      );
      let pastValidation = 0;
      await fc.assert(
        fc.asyncProperty(body, async ({ body: candidate, tainted }) => {
          // Ending the session under test would only test logout; every other valid body is welcome.
          fc.pre(!(endpoint.path === authContract.logout.path && v.safeParse(endpoint.body, candidate).success));
          // Mail accepted by an earlier call is delivered by its job in the background; let it finish first.
          await expect.poll(undeliveredMail, { timeout: 10_000, interval: 10 }).toBe(0);
          const before = await fingerprint();
          const response = await server.call(endpoint.path, candidate, endpoint.access === 'public' ? {} : { token });
          expect(response.status, JSON.stringify(response.body)).toBeLessThan(500);
          expect(response.body.code).toBe(response.status);
          if (tainted) expect(response.status, JSON.stringify(candidate)).toBe(400);
          else if (v.safeParse(endpoint.body, candidate).success) pastValidation += 1;
          if (response.status !== 200) expect(await fingerprint(), JSON.stringify(candidate)).toEqual(before);
        }),
        { numRuns: 60 },
      );
      // The generator must reach the handlers, not only the schema check.
      if (Object.keys(fields).length > 0) expect(pastValidation).toBeGreaterThan(5);
    });

    it('refuses a body nested past the limit with 400 before reading it, and changes nothing', async () => {
      await fc.assert(
        fc.asyncProperty(nestedBodies(Object.keys(fieldsOf(endpoint.body))), async ({ text, tooDeep }) => {
          await expect.poll(undeliveredMail, { timeout: 10_000, interval: 10 }).toBe(0);
          const before = await fingerprint();
          const response = await server.call(endpoint.path, undefined, {
            ...(endpoint.access === 'public' ? {} : { token }),
            rawBody: text,
          });
          const what = `${endpoint.path} ${text.slice(0, 80)}… (${text.length} characters) → ${JSON.stringify(response.body)}`;
          expect(response.status, what).toBeLessThan(500);
          if (tooDeep) expect(response.body, what).toMatchObject({ code: 400, msg: nestedTooDeep });
          if (response.status !== 200) expect(await fingerprint(), what).toEqual(before);
        }),
        { numRuns: 10 },
      );
    });

    it('refuses malformed JSON with 400', async () => {
      for (const raw of ['{', '{"account":', 'undefined', "{'a':1}", '\u0000']) {
        const response = await fetch(`${server.url}${endpoint.path}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            cookie: server.xsrf.cookie,
            'x-xsrf-token': server.xsrf.token,
            token,
          },
          body: raw,
        });
        expect(response.status, raw).toBe(400);
      }
    });
  },
);
