import type { LimitChange, ProtectionState } from '@contract/protection';
import { playSafelyMachine } from '@machines/play-safely.machine';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { PlaySafelyView } from '@/features/protection/play-safely-page';
import { excluded, exclusionEnded, limitRefusal, open, reopening, timedOut } from '../models/play-safely.model';
import { startI18nIn } from './render';
import { renderPlayerView } from './user-pages-harness';

function startPlaySafely(
  state: ProtectionState,
  answers: { saveLimit?: (change: LimitChange) => ProtectionState } = {},
) {
  const sent: { call: string; input: unknown }[] = [];
  const answer = (call: string, result: (input: never) => ProtectionState) =>
    fromPromise(async ({ input }: { input: never }) => {
      sent.push({ call, input });
      return result(input);
    });
  const flow = createActor(
    playSafelyMachine.provide({
      actors: {
        loadProtectionState: fromPromise(async () => state),
        saveLimit: answer('saveLimit', (change: LimitChange) => answers.saveLimit?.(change) ?? state) as never,
        saveRealityCheck: answer('saveRealityCheck', (input: { minutes: 15 | null }) => ({
          ...state,
          realityCheckMinutes: input.minutes,
        })) as never,
        startTimeOut: answer('startTimeOut', () => timedOut) as never,
        startSelfExclusion: answer('startSelfExclusion', () => excluded) as never,
        requestReopen: answer('requestReopen', () => reopening) as never,
      },
    }),
  ).start();
  return { flow, sent };
}

describe('play safely page', () => {
  it('lists every limit, sets one with its unit, and keeps the server’s sentence on the field', async () => {
    await startI18nIn('en-US');
    const user = userEvent.setup();
    let refuse = true;
    const { flow, sent } = startPlaySafely(open, {
      saveLimit: () => {
        if (refuse) {
          refuse = false;
          throw limitRefusal;
        }
        return open;
      },
    });
    renderPlayerView(<PlaySafelyView flow={flow} />);
    expect(await screen.findAllByRole('article')).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'Change Deposits per day' }));
    const field = await screen.findByLabelText('New limit in yen');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a whole number of at least 1')).toBeInTheDocument();
    await user.type(field, '5000');
    expect(screen.getByText('This limit applies at once.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(limitRefusal.fields.value)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(flow.getSnapshot().value).toBe('overview'));
    expect(sent.map(({ input }) => input)).toEqual([
      { kind: 'deposit', period: 'day', value: 5000 },
      { kind: 'deposit', period: 'day', value: 5000 },
    ]);
  });

  it('shows a pending raise with the time until it applies, in Japanese', async () => {
    await startI18nIn('ja-JP');
    const appliesAt = new Date(Date.now() + (23 * 60 + 12) * 60_000 - 30_000).toISOString();
    const state: ProtectionState = {
      ...open,
      limits: [
        {
          kind: 'loss',
          period: 'week',
          value: 1000,
          used: 200,
          resetsAt: null,
          pending: { value: 3000, appliesAt },
          setBy: 'player',
        },
      ],
    };
    renderPlayerView(<PlaySafelyView flow={startPlaySafely(state).flow} />);
    const card = await screen.findByRole('article', { name: '損失（1週間）' });
    expect(within(card).getByText('上限：1,000コイン')).toBeInTheDocument();
    expect(within(card).getByText('3,000コインに変更予定（あと23時間12分で適用）')).toBeInTheDocument();
  });

  it('chooses the reality check at once', async () => {
    await startI18nIn('en-US');
    const user = userEvent.setup();
    const { flow, sent } = startPlaySafely(open);
    renderPlayerView(<PlaySafelyView flow={flow} />);
    const group = await screen.findByRole('group', { name: 'Reality check' });
    expect(within(group).getByRole('button', { name: 'Every 60 min' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(group).getByRole('button', { name: 'Off' }));
    await waitFor(() =>
      expect(within(group).getByRole('button', { name: 'Off' })).toHaveAttribute('aria-pressed', 'true'),
    );
    expect(sent).toEqual([{ call: 'saveRealityCheck', input: { minutes: null } }]);
  });

  it('starts a self-exclusion only after the player ticks that it cannot be undone', async () => {
    await startI18nIn('en-US');
    const user = userEvent.setup();
    const { flow, sent } = startPlaySafely(open);
    renderPlayerView(<PlaySafelyView flow={flow} />);
    await user.click(await screen.findByRole('button', { name: '5 years' }));
    expect(await screen.findByText(/^The exclusion starts now and cannot be undone/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exclude me' })).toBeDisabled();
    expect(sent).toEqual([]);
    await user.click(screen.getByRole('checkbox', { name: 'I understand this cannot be undone' }));
    await user.click(screen.getByRole('button', { name: 'Exclude me' }));
    expect(await screen.findByText('You are self-excluded')).toBeInTheDocument();
    expect(sent).toEqual([{ call: 'startSelfExclusion', input: { duration: '5y' } }]);
  });

  it('a time-out is confirmed with a plain warning; going back starts nothing', async () => {
    await startI18nIn('en-US');
    const user = userEvent.setup();
    const { flow, sent } = startPlaySafely(open);
    renderPlayerView(<PlaySafelyView flow={flow} />);
    await user.click(await screen.findByRole('button', { name: '30 days' }));
    expect(
      await screen.findByText('The break starts now and cannot be ended early, not even by you.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go back' }));
    await user.click(await screen.findByRole('button', { name: '24 hours' }));
    await user.click(screen.getByRole('button', { name: 'Start the break' }));
    expect(await screen.findByText('You are taking a break')).toBeInTheDocument();
    expect(sent).toEqual([{ call: 'startTimeOut', input: { duration: '24h' } }]);
  });

  it('offers to reopen only once the exclusion’s period ended, then says when the account opens', async () => {
    await startI18nIn('en-US');
    const user = userEvent.setup();
    const ongoing = renderPlayerView(<PlaySafelyView flow={startPlaySafely(excluded).flow} />);
    expect(await screen.findByText('It has no end date (permanent).')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ask to reopen my account' })).toBeNull();
    ongoing.unmount();
    const { flow, sent } = startPlaySafely(exclusionEnded);
    renderPlayerView(<PlaySafelyView flow={flow} />);
    await user.click(await screen.findByRole('button', { name: 'Ask to reopen my account' }));
    expect(await screen.findByText(/Your account opens on/)).toBeInTheDocument();
    expect(sent).toEqual([{ call: 'requestReopen', input: undefined }]);
  });
});
