import { pushChannelMachine, selectPushOpen } from '@machines/push-channel.machine';
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, SimulatedClock } from 'xstate';
import { pushChannelModel } from '../models/push-channel.model';
import { modelPaths, replayPath } from './model-paths';

describe('push channel machine model', () => {
  const paths = modelPaths(pushChannelModel);

  it('reaches every state', () => {
    const reached = new Set(paths.map((p) => p.endState));
    for (const value of ['{"streaming":"connecting"}', '{"streaming":"open"}', '"waitingToReconnect"', '"refused"'])
      expect(reached).toContain(value);
  });

  for (const { path, description } of paths) {
    it(`replays ${description}`, async () => {
      await replayPath(pushChannelModel, path, (live, model) => {
        expect(selectPushOpen(live)).toBe(selectPushOpen(model));
      });
    });
  }
});

describe('push channel rules', () => {
  it('asks again after a drop, waiting longer after each failure in a row and from the start once one opens', () => {
    const clock = new SimulatedClock();
    let opened = 0;
    const actor = createActor(
      pushChannelMachine.provide({
        actors: {
          stream: fromCallback(() => {
            opened += 1;
          }),
        },
      }),
      { clock },
    ).start();
    expect(opened).toBe(1);
    actor.send({ type: 'stream.closed' });
    clock.increment(999);
    expect(opened).toBe(1);
    clock.increment(1);
    expect(opened).toBe(2);
    actor.send({ type: 'stream.closed' });
    clock.increment(1_999);
    expect(opened).toBe(2);
    clock.increment(1);
    expect(opened).toBe(3);
    actor.send({ type: 'stream.opened' });
    expect(selectPushOpen(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'stream.closed' });
    clock.increment(1_000);
    expect(opened).toBe(4);
    actor.send({ type: 'stream.refused' });
    clock.increment(60_000);
    expect(opened).toBe(4);
    expect(actor.getSnapshot().value).toBe('refused');
  });
});
