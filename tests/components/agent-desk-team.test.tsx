import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DeskServer, openPagesOn, renderApp, startDeskServer, storeDeskSession } from './admin-desk-harness';
import { startI18nIn } from './render';

let server: DeskServer;
let desk: Awaited<ReturnType<DeskServer['operatorSession']>>;

beforeAll(async () => {
  server = await startDeskServer();
  openPagesOn(server);
  desk = await server.operatorSession();
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe('an agent’s team on the desk (§12.5)', () => {
  it('shows the code, rate and members with balance and state; a new rate is saved with its reason in the audit log', async () => {
    await startI18nIn('en-US');
    const user = userEvent.setup();
    const agent = await server.newPlayer('deskagent');
    const application = await server.ok<{ id: number }>('/v2/app/agent/apply', {}, { token: agent.token });
    await server.ok('/v2/admin/agent/application/approve', { applicationId: application.id }, { token: desk.token });
    const { agentCode } = await server.ok<{ agentCode: string }>('/v2/app/agent/code', {}, { token: agent.token });
    const member = await server.ok<{ userId: number; account: string }>(
      '/v2/app/agent/sub/member/create',
      { account: `tm${Date.now() % 1_000_000}`, password: 'Cedar grove 2026!' },
      { token: agent.token },
    );
    await server.ok('/v2/admin/user/freeze', { userId: member.userId, reason: 'chargeback' }, { token: desk.token });
    storeDeskSession(desk);
    renderApp('/admin/users');

    const keyword = await screen.findByRole('textbox', { name: 'Account, e-mail, nickname or ID' });
    await user.type(keyword, `${agent.account}{Enter}`);
    const row = (await within(await screen.findByRole('table', { name: 'Players' })).findByText(agent.account)).closest(
      'tr',
    )!;
    await user.click(within(row).getByRole('link', { name: 'Team' }));

    expect(await screen.findByRole('heading', { name: `Team of agent ${agent.account}` })).toBeInTheDocument();
    expect(screen.getByTestId('agent-code')).toHaveTextContent(agentCode);
    expect(screen.getByTestId('agent-rebate')).toHaveTextContent('0 %');
    expect(screen.getByTestId('agent-members')).toHaveTextContent('1');
    const members = await screen.findByRole('table', { name: 'Direct members' });
    const memberRow = (await within(members).findByText(member.account)).closest('tr')!;
    expect(within(memberRow).getByText('Frozen')).toBeInTheDocument();
    expect(within(memberRow).getByText('0')).toBeInTheDocument();

    const rate = screen.getByRole('textbox', { name: /Rebate rate \(%\)/ });
    await user.clear(rate);
    await user.type(rate, '2.5');
    const save = screen.getByRole('button', { name: 'Save' });
    // Without a reason the form says so, and nothing is saved.
    await user.click(save);
    expect(await screen.findByText('Please write the reason')).toBeInTheDocument();
    expect(screen.getByTestId('agent-rebate')).toHaveTextContent('0 %');
    await user.type(screen.getByRole('textbox', { name: /Reason/ }), 'Brought forty players this month');
    await user.click(save);
    expect(await screen.findByText('Rebate rate set to 2.5 %')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('agent-rebate')).toHaveTextContent('2.5 %'));

    const audit = await server.ok<{ list: { action: string; reason: string | null }[] }>(
      '/v2/admin/audit/list',
      { action: 'agent.rebateSet', subjectId: String(agent.userId) },
      { token: desk.token },
    );
    expect(audit.list.map((entry) => entry.reason)).toEqual([
      'Brought forty players this month (rebate 0 → 250 basis points)',
    ]);
  });
});
