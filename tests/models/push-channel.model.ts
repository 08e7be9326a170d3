import { type PushChannelSnapshot, pushChannelMachine } from '@machines/push-channel.machine';
import { type ActorOutcome, type EventFixtures, machineModel } from '../machines/model-paths';

const fixtures: EventFixtures<typeof pushChannelMachine> = {
  'stream.opened': [{ type: 'stream.opened' }],
  'stream.closed': [{ type: 'stream.closed' }],
  'stream.refused': [{ type: 'stream.refused' }],
};

// The stream tells of itself with events; its only outcome of its own is the time before asking
// again, which doubles with each failure in a row (the rules test counts them).
const outcomes: ActorOutcome[] = [{ type: 'xstate.after.reconnect.pushChannel.waitingToReconnect', delayMs: 1_000 }];

/** By state alone: the failures count only sets the delay, and the model waits out the first. */
const serializeState = (snapshot: PushChannelSnapshot) => JSON.stringify(snapshot.value);

export const pushChannelModel = machineModel({
  title: 'pushChannelMachine',
  machine: pushChannelMachine,
  fixtures,
  outcomes,
  serializeState,
  actorNames: ['stream'],
});
