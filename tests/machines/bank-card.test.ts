import { bankCardForm, normalisedReading } from '@contract/bank';
import {
  type BankCardSave,
  bankCardMachine,
  type PlayerNames,
  selectBankCardNames,
  selectBankCardRefusals,
  selectBankCardStage,
  selectUnbindingCard,
} from '@machines/bank-card.machine';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { bankCardModels, boundCard, card, names, refused } from '../models/bank-card.model';
import { modelPaths, replayPath } from './model-paths';

describe('bank card machine model', () => {
  for (const model of bankCardModels) {
    const onRecord = Boolean(model.input?.names.firstName);
    const label = onRecord ? '[names on record]' : '[no names yet]';
    const paths = modelPaths(model);

    it(`reaches every state it can ${label}`, () => {
      const reached = new Set(paths.map((p) => p.endState));
      const expected = onRecord
        ? ['"idle"', '"editing"', '"saving"', '"confirmingUnbind"', '"unbinding"']
        : ['"idle"', '"needsPersonalInformation"', '"confirmingUnbind"', '"unbinding"'];
      expect([...reached].sort()).toEqual(expected.sort());
    });

    for (const { path, description } of paths) {
      it(`replays ${label} ${description}`, async () => {
        await replayPath(model, path, (live, model) => {
          expect(selectBankCardRefusals(live)).toEqual(selectBankCardRefusals(model));
          expect(selectBankCardStage(live)).toBe(selectBankCardStage(model));
        });
      });
    }
  }
});

/** The form shows each field's first message. */
function messages(playerNames: PlayerNames, values: Record<string, unknown>) {
  const result = v.safeParse(bankCardForm(playerNames), values);
  const nested = result.success ? {} : (v.flatten(result.issues).nested ?? {});
  return Object.fromEntries(Object.entries(nested).map(([field, keys]) => [field, keys?.[0]]));
}

describe('bank card rules', () => {
  function start(playerNames: PlayerNames = names, failSave?: unknown) {
    const saved: BankCardSave[] = [];
    const unbound: number[] = [];
    const effects: string[] = [];
    const actor = createActor(
      bankCardMachine.provide({
        actors: {
          saveCard: fromPromise(async ({ input }) => {
            saved.push(input);
            if (failSave) throw failSave;
            return boundCard;
          }),
          unbindCard: fromPromise(async ({ input }) => void unbound.push(input.id)),
        },
        actions: {
          cardBound: () => void effects.push('cardBound'),
          cardUnbound: () => void effects.push('cardUnbound'),
        },
      }),
      { input: { names: playerNames } },
    ).start();
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    return { actor, saved, unbound, effects, settle };
  }

  it('asks for personal information before a card can be bound', () => {
    const { actor } = start({ firstName: '花子', lastName: null, pinyinName: null });
    actor.send({ type: 'card.bind' });
    expect(selectBankCardStage(actor.getSnapshot())).toBe('needsPersonalInformation');
  });

  it('the form checks every field format after normalising the typing', () => {
    const blank = { bankCode: null, branchName: '', isDefault: false };
    expect(
      messages(names, {
        ...blank,
        cardNumber: '12-34',
        branchCode: '1 0',
        holderFirstName: '花子',
        holderLastName: '山田',
        holderPinyinName: 'ヤマダ ハナコ',
      }),
    ).toEqual({
      bankCode: 'validation.bankCode',
      cardNumber: 'validation.cardNumber',
      branchCode: 'validation.branchCode',
      branchName: 'validation.branchName',
    });
  });

  it('the form holds a card to the Japanese transfer format the server checks: 3-digit branch, 7-digit account', () => {
    const card = {
      bankCode: '0009',
      branchName: '本店営業部',
      holderFirstName: '花子',
      holderLastName: '山田',
      holderPinyinName: 'ヤマダ ハナコ',
      isDefault: false,
    };
    expect(messages(names, { ...card, cardNumber: '123456789', branchCode: '1010' })).toEqual({
      cardNumber: 'bank.accountNumberFormat',
      branchCode: 'bank.branchCodeFormat',
    });
    expect(messages(names, { ...card, cardNumber: '1234567', branchCode: '101' })).toEqual({});
  });

  it("the form's holder must match the player's names; width, spaces and kana style do not matter", () => {
    const typed = {
      bankCode: '0009',
      cardNumber: '１２３ ４５６７',
      branchCode: '１０１',
      branchName: ' 本店営業部 ',
      holderFirstName: '華子',
      holderLastName: '山田',
      holderPinyinName: 'やまだはなこ',
      isDefault: true,
    };
    expect(messages(names, typed)).toEqual({ holderFirstName: 'validation.holderMismatch' });
    expect(v.parse(bankCardForm(names), { ...typed, holderFirstName: ' 花子 ' })).toEqual({
      bankCode: '0009',
      cardNumber: '1234567',
      branchCode: '101',
      branchName: '本店営業部',
      holderFirstName: '花子',
      holderLastName: '山田',
      holderPinyinName: 'やまだはなこ',
      isDefault: true,
    });
    expect(normalisedReading('やまだ　はなこ')).toBe(normalisedReading('ヤマダハナコ'));
  });

  it('binds the card the form sent, once, and gives the form the names on record', async () => {
    const { actor, saved, effects, settle } = start();
    expect(selectBankCardNames(actor.getSnapshot())).toEqual(names);
    actor.send({ type: 'card.bind' });
    expect(selectBankCardStage(actor.getSnapshot())).toBe('form');
    actor.send({ type: 'form.submit', ...card });
    await settle();
    expect(saved).toEqual([card]);
    expect(effects).toEqual(['cardBound']);
    expect(selectBankCardStage(actor.getSnapshot())).toBe('idle');
  });

  it("keeps the form open with the server's sentence on the refused field until it is sent again", async () => {
    const { actor, settle } = start(names, refused);
    actor.send({ type: 'card.bind' });
    actor.send({ type: 'form.submit', ...card });
    await settle();
    expect(selectBankCardStage(actor.getSnapshot())).toBe('form');
    expect(selectBankCardRefusals(actor.getSnapshot())).toEqual({ cardNumber: 'この口座はすでに登録されています' });
    actor.send({ type: 'form.submit', ...card, cardNumber: '7654321' });
    expect(selectBankCardRefusals(actor.getSnapshot())).toEqual({});
  });

  it('unbinds a card only once the player confirms', async () => {
    const { actor, unbound, effects, settle } = start();
    actor.send({ type: 'card.unbind', card: boundCard });
    expect(selectUnbindingCard(actor.getSnapshot())).toEqual(boundCard);
    actor.send({ type: 'unbind.cancel' });
    expect(unbound).toEqual([]);
    actor.send({ type: 'card.unbind', card: boundCard });
    actor.send({ type: 'unbind.confirm' });
    await settle();
    expect(unbound).toEqual([3]);
    expect(effects).toEqual(['cardUnbound']);
    expect(selectBankCardStage(actor.getSnapshot())).toBe('idle');
  });
});
