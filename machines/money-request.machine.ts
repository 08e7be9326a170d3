/**
 * moneyRequest: the front of a deposit or a withdrawal, from checking that the player may move money
 * at all to the server's answer. The deposit, withdraw and crypto-withdraw machines invoke it, each
 * with its own prerequisites, form and call; once it is done they follow the order with the
 * order-follow machine.
 *
 * States:
 * - checkingPrerequisites: what decides whether the player may go on (profile, bound cards, open
 *   channels or pairs) is fetched.
 * - prerequisitesUnavailable: it could not be fetched; the page offers a retry.
 * - needsPersonalInformation: the names used for currency exchange are missing ("please complete
 *   personal information", with "Go to edit"; docs/requirements.md §8).
 * - needsBankCard: no card is bound ("please bind the bank card first"; docs/requirements.md §5).
 * - needsKyc: identity is not verified, and nothing is under review (not sent, or rejected).
 * - awaitingKycReview: identity photos are sent and wait for an operator's review.
 * - needsPayPassword: no payment password is set, and the request is confirmed with it.
 * - noChannel: no channel for this request (a deposit channel, a coin and network to withdraw on) is
 *   open right now.
 *   Which of these gates apply, and in which order, is the flow's own (`gates`): the machine has
 *   only those, and the first closed one is shown, as there is nothing the player can do on the form
 *   before it opens.
 * - editing: waiting for the form, which the view checks against the contract's rules and sends as
 *   one `form.submit` with the call's body (the parsed values). A form with steps and checks of its
 *   own (the crypto withdrawal's coin, address and amount) is a machine the flow gives (`form`),
 *   started as the `form` child the first time the form opens and kept for the request's life, so a
 *   refusal or an interruption comes back to where the player was; it sends `form.submit` itself.
 *   After a refusal the server's sentence per field is kept here for the view to show on that field
 *   (and the form child hears `request.refused`).
 * - sending: the server opens the order. Sending generates ONE Idempotency-Key for this request; a
 *   retry after no answer reuses it, and a second submit while sending is ignored, so a double click
 *   or a retry moves money once. A refusal is an answer: back to the form with the server's
 *   sentences, and the next attempt gets a new key.
 * - interrupted: no answer came (network, timeout, server fault): retry with the same key and body,
 *   or go back to the form (a new request, a new key), which starts from what was sent.
 * - sent: the server accepted the request; its answer is the machine's output.
 */

import type { Profile } from '@contract/auth';
import type { BankCard } from '@contract/bank';
import { hasPersonalInformation } from '@contract/user-profile';
import {
  type ActorRef,
  type AnyActorLogic,
  assign,
  type DoneActorEvent,
  fromPromise,
  type Snapshot,
  type SnapshotFrom,
  sendTo,
  setup,
  spawnChild,
} from 'xstate';
import { answerMissing, refusedFields } from './call-refusals';

/** The states that stand before the form when something else must be done first. */
export type MoneyRequestGate =
  | 'needsPersonalInformation'
  | 'needsBankCard'
  | 'needsKyc'
  | 'awaitingKycReview'
  | 'needsPayPassword'
  | 'noChannel';

/** A bound card as the form offers it. */
export type RequestCard = Pick<BankCard, 'id' | 'bankName' | 'maskedCardNumber' | 'isDefault'>;

/** A yen request moves money from or to a bound card (docs/requirements.md §5); coins go to an address. */
interface WithCards {
  cards: RequestCard[];
}

/** Whether a gate is closed, by what the flow fetched; the gates before it are open. */
export type GateCheck<TPrerequisites> = (prerequisites: TPrerequisites) => boolean;

/**
 * A flow's gates, in the order they are checked: the first closed one is shown. The machine has a
 * state for each of them, and none for a gate the flow does not have.
 */
export type RequestGates<TPrerequisites> = Partial<Record<MoneyRequestGate, GateCheck<TPrerequisites>>>;

/**
 * The gates of a request that moves money from or to a bound card: the names used for currency
 * exchange, then a bound card (docs/requirements.md §5, §8).
 */
export const accountGates = {
  needsPersonalInformation: ({ profile }: { profile: Pick<Profile, 'firstName' | 'lastName' | 'pinyinName'> }) =>
    !hasPersonalInformation(profile),
  needsBankCard: ({ cards }: WithCards) => cards.length === 0,
};

/**
 * The gates before coins leave the hall, for a withdrawal to a card or to an address: verified
 * identity (one under review is said as such), then a payment password to confirm it with.
 */
export const payoutGates = {
  awaitingKycReview: ({ profile }: { profile: Pick<Profile, 'kycStatus'> }) => profile.kycStatus === 'pendingReview',
  needsKyc: ({ profile }: { profile: Pick<Profile, 'kycStatus'> }) => profile.kycStatus !== 'approved',
  needsPayPassword: ({ profile }: { profile: Pick<Profile, 'hasPayPassword'> }) => !profile.hasPayPassword,
};

/** The card the form starts with: the default one, else the first. */
export function startingCardId(cards: readonly RequestCard[]): number | null {
  return (cards.find((card) => card.isDefault) ?? cards[0])?.id ?? null;
}

type MoneyRequestEvent<TBody> =
  | { type: 'prerequisites.retry' }
  | { type: 'form.submit'; body: TBody }
  | { type: 'request.retry' }
  | { type: 'request.edit' };

interface MoneyRequestContext<TPrerequisites, TBody, TAnswer> {
  /** As last fetched; null until the first fetch succeeds. */
  prerequisites: TPrerequisites | null;
  /** The body last sent: a retry sends it again, and the form starts from it after an interruption. */
  sent: TBody | null;
  /** The server's sentence per field it refused at the last try. */
  refusals: Record<string, string>;
  idempotencyKey: string | null;
  answer: TAnswer | null;
}

/** The call that opens the order: its body, and the one key of this request. */
export interface RequestInput<TBody> {
  body: TBody;
  idempotencyKey: string;
}

/** What a form machine of the flow's own starts from. */
export interface RequestFormInput<TPrerequisites> {
  prerequisites: TPrerequisites;
}

/**
 * What a form machine hears when the server refused what it sent: the server's sentence, and its
 * sentence per field it names.
 */
export interface RequestRefused {
  type: 'request.refused';
  message: string;
  refusals: Record<string, string>;
}

export interface MoneyRequestOptions<TPrerequisites> {
  /** The flow's gates, in its order; the form is shown when all are open. */
  gates: RequestGates<TPrerequisites>;
  /**
   * A form with steps and checks of its own, as a machine: started with the prerequisites
   * (RequestFormInput) the first time the form opens, it sends its parent `form.submit` with the body,
   * and hears `request.refused`. Without one, the view's form sends `form.submit`.
   */
  form?: AnyActorLogic;
}

/** The message of a refused call, as the server said it. */
const refusalMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Stands for the form machine of a request that has none: never started. */
const formOfTheView = fromPromise<never>(async () => {
  throw new Error('this request has no form machine: its view sends form.submit');
});

/** The output of an invoked call, read from its done event (named actions see the machine's events). */
function outputOf<TOutput>(event: { type: string }): TOutput {
  return (event as unknown as DoneActorEvent<TOutput>).output;
}

/** The flow's gates as entries, in its order. */
const gateEntries = <TPrerequisites>(options: MoneyRequestOptions<TPrerequisites>) =>
  Object.entries(options.gates) as [MoneyRequestGate, GateCheck<TPrerequisites>][];

/** The named actors, actions and guards of one kind of money request. */
function moneyRequestSetup<TPrerequisites, TBody, TAnswer>(options: MoneyRequestOptions<TPrerequisites>) {
  const gates = gateEntries(options);
  const firstClosed = (prerequisites: TPrerequisites) => gates.find(([, closed]) => closed(prerequisites))?.[0] ?? null;
  return setup({
    types: {
      context: {} as MoneyRequestContext<TPrerequisites, TBody, TAnswer>,
      events: {} as MoneyRequestEvent<TBody>,
      output: {} as TAnswer,
    },
    actors: {
      loadPrerequisites: fromPromise<TPrerequisites>(async () => {
        throw new Error('loadPrerequisites must be provided');
      }),
      sendRequest: fromPromise<TAnswer, RequestInput<TBody>>(async () => {
        throw new Error('sendRequest must be provided');
      }),
      form: options.form ?? formOfTheView,
    },
    actions: {
      storePrerequisites: assign({ prerequisites: ({ event }) => outputOf<TPrerequisites>(event) }),
      /** Reads the done event of the prerequisites' fetch. */
      openForm: spawnChild('form', {
        id: 'form',
        input: ({ event }): RequestFormInput<TPrerequisites> => ({ prerequisites: outputOf<TPrerequisites>(event) }),
      }),
      /** Reads the error event of the invoked call. */
      tellFormRefused: sendTo('form', ({ event }): RequestRefused => {
        const { error } = event as { error?: unknown };
        return { type: 'request.refused', message: refusalMessage(error), refusals: refusedFields(error) };
      }),
      storeAnswer: assign(({ event }) => ({ answer: outputOf<TAnswer>(event), refusals: {} })),
      // An answer: nothing moved; the next attempt is a new request with a new key.
      showRefusal: assign(({ event }) => ({
        idempotencyKey: null,
        refusals: refusedFields((event as { error?: unknown }).error),
      })),
    },
    guards: {
      /** Reads the done event of the prerequisites' fetch. */
      gateClosed: ({ event }, gate: MoneyRequestGate) => firstClosed(outputOf<TPrerequisites>(event)) === gate,
      /** Reads the error event of the invoked call. */
      noAnswer: ({ event }) => answerMissing((event as { error?: unknown }).error),
    },
  });
}

/** The front of one kind of money request; see the states above. */
export function moneyRequestMachine<TPrerequisites, TBody, TAnswer>(options: MoneyRequestOptions<TPrerequisites>) {
  const gates = gateEntries(options);
  const gateIs = (gate: MoneyRequestGate) => ({
    guard: { type: 'gateClosed' as const, params: gate },
    target: gate,
    actions: 'storePrerequisites' as const,
  });
  // One state a gate the flow has: its view says what to do first.
  const gateStates = Object.fromEntries(gates.map(([gate]) => [gate, {}])) as Record<MoneyRequestGate, object>;
  return moneyRequestSetup<TPrerequisites, TBody, TAnswer>(options).createMachine({
    id: 'moneyRequest',
    context: {
      prerequisites: null,
      sent: null,
      refusals: {},
      idempotencyKey: null,
      answer: null,
    },
    // The only final state is reached with the answer just stored.
    output: ({ context }) => context.answer as TAnswer,
    initial: 'checkingPrerequisites',
    states: {
      checkingPrerequisites: {
        invoke: {
          id: 'loadPrerequisites',
          src: 'loadPrerequisites',
          onDone: [
            ...gates.map(([gate]) => gateIs(gate)),
            {
              target: 'editing',
              actions: options.form ? ['storePrerequisites', 'openForm'] : 'storePrerequisites',
            },
          ],
          onError: { target: 'prerequisitesUnavailable' },
        },
      },
      prerequisitesUnavailable: {
        on: { 'prerequisites.retry': { target: 'checkingPrerequisites' } },
      },
      ...gateStates,
      editing: {
        on: {
          'form.submit': {
            target: 'sending',
            actions: assign(({ event }) => ({ sent: event.body, idempotencyKey: crypto.randomUUID() })),
          },
        },
      },
      sending: {
        invoke: {
          id: 'sendRequest',
          src: 'sendRequest',
          input: ({ context }) => ({
            // Every way into this state has just stored what is sent.
            body: context.sent as TBody,
            idempotencyKey: context.idempotencyKey ?? '',
          }),
          onDone: { target: 'sent', actions: 'storeAnswer' },
          onError: [
            { guard: 'noAnswer', target: 'interrupted' },
            { target: 'editing', actions: options.form ? ['showRefusal', 'tellFormRefused'] : 'showRefusal' },
          ],
        },
      },
      interrupted: {
        on: {
          'request.retry': { target: 'sending' },
          'request.edit': {
            target: 'editing',
            actions: assign({ idempotencyKey: null }),
          },
        },
      },
      sent: { type: 'final' },
    },
  });
}

/** The states of any money request, whatever its prerequisites, form and answer. */
export type MoneyRequestStage = SnapshotFrom<
  ReturnType<typeof moneyRequestMachine<WithCards, unknown, unknown>>
>['value'];

/** The view to show: the state itself, as the machine has no nested states. */
export const selectRequestStage = (snapshot: { value: MoneyRequestStage }): MoneyRequestStage => snapshot.value;
/** Whether the request is on its way: the form stays, disabled, until the answer. */
export const selectRequestSending = (snapshot: { value: MoneyRequestStage }) =>
  snapshot.value === 'sending' || snapshot.value === 'sent';

/** The body last sent, for the form to start from after an interruption; null before the first. */
export const selectRequestSent = <TBody>(snapshot: { context: { sent: TBody | null } }) => snapshot.context.sent;
/** The server's sentence on each field it refused at the last try. */
export const selectRequestRefusals = (snapshot: { context: { refusals: Record<string, string> } }) =>
  snapshot.context.refusals;
/** The bound cards the form offers, once the prerequisites are known. */
export const selectRequestCards = (snapshot: { context: { prerequisites: WithCards | null } }) =>
  snapshot.context.prerequisites?.cards ?? [];

/** What the shared views need of any money request: where it stands, and the events every one takes. */
export type AnyMoneyRequestActor = ActorRef<
  Snapshot<unknown> & { value: MoneyRequestStage },
  { type: 'prerequisites.retry' } | { type: 'request.retry' } | { type: 'request.edit' }
>;
