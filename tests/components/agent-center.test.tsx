import type { AgentApplication } from '@contract/agent';
import { type AgentStanding, agentApplicationMachine } from '@machines/agent-application.machine';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { AgentApplicationView } from '@/features/agent/agent-center-page';
import { startI18nIn } from './render';
import { renderPlayerView } from './user-pages-harness';

const application = (status: AgentApplication['status'], rejectReason: string | null = null): AgentApplication => ({
  id: 4,
  status,
  remark: null,
  submittedAt: '2026-11-21T00:00:00.000Z',
  reviewedAt: status === 'pendingReview' ? null : '2026-11-21T01:00:00.000Z',
  rejectReason,
});

/** The page's views over the real machine, whose calls answer as the test says. */
function renderApplication(standing: AgentStanding) {
  let applied = 0;
  const actor = createActor(
    agentApplicationMachine.provide({
      actors: {
        loadStanding: fromPromise(async () => standing),
        submitApplication: fromPromise(async () => {
          applied += 1;
          return application('pendingReview');
        }),
      },
    }),
  ).start();
  renderPlayerView(<AgentApplicationView application={actor} />);
  return { actor, applied: () => applied };
}

describe('agent centre for a player who is not an agent (§12.1–§12.2)', () => {
  it('shows the terms, asks for a confirmation and sends nothing when cancelled', async () => {
    await startI18nIn('en-US');
    const user = userEvent.setup();
    const { applied } = renderApplication({ isAgent: false, application: null });
    expect(await screen.findByText('What the agent programme offers')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Apply to become an agent' }));
    const prompt = await screen.findByRole('dialog', { name: 'Apply to become an agent?' });
    expect(prompt).toHaveTextContent('You agree to the terms above');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(applied()).toBe(0);
    await user.click(await screen.findByRole('button', { name: 'Apply to become an agent' }));
    await user.click(await screen.findByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Under review')).toBeInTheDocument();
    expect(screen.getByText('The decision will appear on this page by itself.')).toBeInTheDocument();
    expect(applied()).toBe(1);
  });

  it('shows the reason of a rejection and offers to apply again, in Japanese', async () => {
    await startI18nIn('ja-JP');
    const user = userEvent.setup();
    renderApplication({ isAgent: false, application: application('rejected', 'チームの人数が足りません') });
    expect(await screen.findByText('申請は却下されました')).toBeInTheDocument();
    expect(screen.getByTestId('agent-reject-reason')).toHaveTextContent('理由：チームの人数が足りません');
    await user.click(screen.getByRole('button', { name: 'もう一度申請する' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('前回の申請は却下されました');
  });
});
