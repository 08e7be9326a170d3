import { adminLogout } from '@contract/admin';
import { type OperatorRole, operatorRoles } from '@contract/admin-roles';
import { endpoints } from '@contract/endpoints';
import { operatorCredentials } from '@server/db/schema/admin';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOperator, type TestPlayer } from '../support/players';
import { createTestServer, type TestServer } from './harness';

// Every desk call names the roles it allows; the server refuses the others with 403 before the
// handler runs (and before the body is read), so an empty body tells the two apart: an allowed
// role gets past the check to the body's or the handler's own answer.

let server: TestServer;
const operators = new Map<OperatorRole, TestPlayer>();
const deskCalls = endpoints.filter((endpoint) => endpoint.access === 'admin');

beforeAll(async () => {
  server = await createTestServer();
  for (const role of operatorRoles) operators.set(role, await newOperator(server, [role]));
});

afterAll(async () => {
  await server?.close();
});

const rolesOf = (endpoint: (typeof deskCalls)[number]) => (endpoint.access === 'admin' ? endpoint.roles : []);

describe('operator roles', () => {
  it('names on every desk call the roles it allows, the administrator always among them', () => {
    expect(deskCalls.length).toBeGreaterThan(40);
    for (const endpoint of deskCalls) {
      expect(rolesOf(endpoint), endpoint.path).toContain('administrator');
    }
  });

  it('refuses every role a call does not name, and lets every named one through', async () => {
    const refusedWrongly: string[] = [];
    const allowedWrongly: string[] = [];
    for (const endpoint of deskCalls) {
      // Signing out would end the session the rest of the matrix uses: it is walked last.
      if (endpoint === adminLogout) continue;
      for (const role of operatorRoles) {
        const operator = operators.get(role) as TestPlayer;
        const answer = await server.call(endpoint.path, {}, { token: operator.token });
        const allowed = rolesOf(endpoint).includes(role);
        if (allowed && answer.status === 403) {
          refusedWrongly.push(`${role} ${endpoint.path}`);
        }
        if (!allowed && answer.status !== 403) allowedWrongly.push(`${role} ${endpoint.path} (${answer.status})`);
      }
    }
    expect(refusedWrongly).toEqual([]);
    expect(allowedWrongly).toEqual([]);
  });

  it('lets the auditor read and nothing else', () => {
    const auditorCalls = deskCalls.filter((endpoint) => rolesOf(endpoint).includes('auditor'));
    const changes =
      /\/(approve|reject|confirm|fail|freeze|unfreeze|set|save|send|reply|import|update|block|enabled|setting)$/;
    expect(auditorCalls.filter((endpoint) => changes.test(endpoint.path)).map((endpoint) => endpoint.path)).toEqual([]);
    expect(auditorCalls.length).toBeGreaterThan(10);
  });

  it('answers the roles with the sign-in and checks a change of roles from the next call', async () => {
    const operator = await newOperator(server, ['content']);
    const withdrawals = '/v2/admin/withdrawal/list';
    expect((await server.call(withdrawals, {}, { token: operator.token })).status).toBe(403);
    await server.db
      .update(operatorCredentials)
      .set({ roles: ['finance'] })
      .where(eq(operatorCredentials.userId, operator.userId));
    // The change is announced to the session cache, which forgets the operator's kept session.
    await expect.poll(async () => (await server.call(withdrawals, {}, { token: operator.token })).status).toBe(200);
    expect((await server.call('/v2/admin/notice/list', {}, { token: operator.token })).status).toBe(403);
  });

  it('lets every role sign out', async () => {
    for (const role of operatorRoles) {
      const operator = operators.get(role) as TestPlayer;
      expect((await server.call(adminLogout.path, {}, { token: operator.token })).status, role).toBe(200);
    }
  });
});
