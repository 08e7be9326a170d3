import {
  type AgentStanding,
  agentApplicationMachine,
  selectApplicationStage,
  selectReapplying,
  selectRejectReason,
  selectSubmittedAt,
} from '@machines/agent-application.machine';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { agentApplicationModel, application, standing } from '../models/agent-application.model';
import { modelPaths, replayPath } from './model-paths';

describe('agent application machine model', () => {
  const paths = modelPaths(agentApplicationModel);

  it('reaches every state', () => {
    const reached = new Set(paths.map((p) => p.endState));
    for (const value of [
      '"loadingStatus"',
      '"statusUnavailable"',
      '"notAgent"',
      '"confirming"',
      '"applying"',
      '{"pendingReview":"waiting"}',
      '{"pendingReview":"checking"}',
      '"approved"',
      '"rejected"',
    ]) {
      expect(reached).toContain(value);
    }
  });

  it('reaches the confirmation both as a first application and after a rejection', () => {
    const reached = new Set(paths.map(({ path }) => JSON.stringify([path.state.value, selectReapplying(path.state)])));
    expect(reached).toContain(JSON.stringify(['confirming', false]));
    expect(reached).toContain(JSON.stringify(['confirming', true]));
  });

  for (const { path, description } of paths) {
    it(`replays ${description}`, async () => {
      await replayPath(agentApplicationModel, path, (live, model) => {
        expect(selectApplicationStage(live)).toBe(selectApplicationStage(model));
        expect(selectRejectReason(live)).toBe(selectRejectReason(model));
        expect(selectReapplying(live)).toBe(selectReapplying(model));
        expect(selectSubmittedAt(live)).toBe(selectSubmittedAt(model));
      });
    });
  }
});

describe('agent application rules', () => {
  function start(options: { standings: AgentStanding[]; submitError?: unknown }) {
    const clock = new SimulatedClock();
    const effects: string[] = [];
    const standings = [...options.standings];
    let submitted = 0;
    const actor = createActor(
      agentApplicationMachine.provide({
        actors: {
          loadStanding: fromPromise(async () => {
            const next = standings.length > 1 ? standings.shift() : standings[0];
            if (!next) throw new Error('no standing');
            return next;
          }),
          submitApplication: fromPromise(async () => {
            submitted += 1;
            if (options.submitError) throw options.submitError;
            return application('pendingReview');
          }),
        },
        actions: {
          agentGranted: () => void effects.push('agentGranted'),
          applicationChanged: () => void effects.push('applicationChanged'),
        },
      }),
      { clock },
    ).start();
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    return { actor, clock, effects, settle, submitted: () => submitted };
  }

  it('sends nothing until the player confirms; cancelling sends nothing at all', async () => {
    const { actor, settle, submitted, effects } = start({ standings: [standing(null)] });
    await settle();
    expect(selectApplicationStage(actor.getSnapshot())).toBe('notAgent');
    actor.send({ type: 'application.start' });
    expect(selectApplicationStage(actor.getSnapshot())).toBe('confirming');
    actor.send({ type: 'application.cancel' });
    await settle();
    expect(selectApplicationStage(actor.getSnapshot())).toBe('notAgent');
    expect(submitted()).toBe(0);
    actor.send({ type: 'application.start' });
    actor.send({ type: 'application.confirm' });
    await settle();
    expect(submitted()).toBe(1);
    expect(selectApplicationStage(actor.getSnapshot())).toBe('pendingReview');
    expect(effects).toEqual(['applicationChanged']);
  });

  it('follows the review without a reload and opens the agent centre when approved', async () => {
    const { actor, clock, effects, settle } = start({
      standings: [standing('pendingReview'), standing('pendingReview'), standing('approved')],
    });
    await settle();
    expect(selectApplicationStage(actor.getSnapshot())).toBe('pendingReview');
    clock.increment(5_000);
    await settle();
    expect(selectApplicationStage(actor.getSnapshot())).toBe('pendingReview');
    expect(effects).toEqual([]);
    clock.increment(5_000);
    await settle();
    expect(selectApplicationStage(actor.getSnapshot())).toBe('approved');
    expect(effects).toEqual(['applicationChanged', 'agentGranted']);
  });

  it('shows the reason of a rejection and lets the player apply again', async () => {
    const { actor, clock, settle, submitted } = start({
      standings: [standing('pendingReview'), standing('rejected', 'Too few players yet')],
    });
    await settle();
    clock.increment(5_000);
    await settle();
    expect(selectApplicationStage(actor.getSnapshot())).toBe('rejected');
    expect(selectRejectReason(actor.getSnapshot())).toBe('Too few players yet');
    actor.send({ type: 'application.start' });
    expect(selectReapplying(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'application.cancel' });
    expect(selectApplicationStage(actor.getSnapshot())).toBe('rejected');
    actor.send({ type: 'application.start' });
    actor.send({ type: 'application.confirm' });
    await settle();
    expect(submitted()).toBe(1);
    expect(selectApplicationStage(actor.getSnapshot())).toBe('pendingReview');
    expect(selectRejectReason(actor.getSnapshot())).toBeNull();
  });

  it('reads the status again when the application is refused, instead of guessing', async () => {
    const refused = Object.assign(new Error('already waiting'), { code: 409 });
    const { actor, settle } = start({
      standings: [standing(null), standing('pendingReview')],
      submitError: refused,
    });
    await settle();
    actor.send({ type: 'application.start' });
    actor.send({ type: 'application.confirm' });
    await settle();
    await settle();
    expect(selectApplicationStage(actor.getSnapshot())).toBe('pendingReview');
  });

  it('an agent without an application row is an agent', async () => {
    const { actor, settle, effects } = start({ standings: [{ isAgent: true, application: null }] });
    await settle();
    expect(selectApplicationStage(actor.getSnapshot())).toBe('approved');
    expect(effects).toEqual([]);
  });
});
