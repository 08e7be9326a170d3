import { captchaMachine } from '@machines/captcha.machine';
import { type ActorOutcome, type EventFixtures, machineModel } from '../machines/model-paths';

/** Alone, the captcha has no form to tell; the rules below record what it would tell one. */
const withoutForm = captchaMachine.provide({ actions: { tellForm: () => {} } });

const fixtures: EventFixtures<typeof captchaMachine> = {
  'captcha.refresh': [{ type: 'captcha.refresh' }],
};

const outcomes: ActorOutcome[] = [
  {
    type: 'xstate.done.actor.fetchCaptcha',
    output: { img: 'data:image/svg+xml;base64,PHN2Zy8+', uuid: '6f1c2b9e-3a57-4f4e-9a7b-2f1d8c0e5a11' },
  },
  { type: 'xstate.error.actor.fetchCaptcha', error: new Error('offline') },
];

type Snapshot = ReturnType<typeof captchaMachine.getInitialSnapshot>;
const serializeState = (snapshot: Snapshot) => JSON.stringify([snapshot.value, snapshot.context.captcha !== null]);

export const captchaModel = machineModel({
  title: 'captchaMachine',
  machine: withoutForm,
  fixtures,
  outcomes,
  serializeState,
  actorNames: ['fetchCaptcha'],
});
