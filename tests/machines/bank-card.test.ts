import {
  type BankCardSave,
  bankCardMachine,
  normalisedReading,
  type PlayerNames,
  selectBankCardMessages,
  selectBankCardStage,
  selectBankCardValues,
  selectUnbindingCard,
} from '@machines/bank-card.machine';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { bankCardModels, boundCard, names, refused } from '../models/bank-card.model';
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
          expect(selectBankCardMessages(live)).toEqual(selectBankCardMessages(model));
          expect(selectBankCardStage(live)).toBe(selectBankCardStage(model));
        });
      });
    }
  }
});

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
    const change = (field: string, value: string | boolean) =>
      actor.send({ type: 'field.changed', field, value } as never);
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    return { actor, saved, unbound, effects, change, settle };
  }

  it('asks for personal information before a card can be bound', () => {
    const { actor } = start({ firstName: '花子', lastName: null, pinyinName: null });
    actor.send({ type: 'card.bind' });
    expect(selectBankCardStage(actor.getSnapshot())).toBe('needsPersonalInformation');
  });

  it('prefills the holder with the names on record and checks every field format', () => {
    const { actor, change, saved } = start();
    actor.send({ type: 'card.bind' });
    expect(selectBankCardValues(actor.getSnapshot())).toMatchObject({
      holderFirstName: '花子',
      holderLastName: '山田',
      holderPinyinName: 'ヤマダ ハナコ',
    });
    change('cardNumber', '12-34');
    change('branchCode', '1 0');
    actor.send({ type: 'form.submit' });
    expect(selectBankCardMessages(actor.getSnapshot())).toEqual({
      bankCode: { key: 'validation.bankCode' },
      cardNumber: { key: 'validation.cardNumber' },
      branchCode: { key: 'validation.branchCode' },
      branchName: { key: 'validation.branchName' },
    });
    expect(saved).toEqual([]);
  });

  it("the holder's names must match the player's; width, spaces and kana style do not matter", async () => {
    const { actor, change, saved, effects, settle } = start();
    actor.send({ type: 'card.bind' });
    change('bankCode', '0009');
    change('cardNumber', '１２３ ４５６７');
    change('branchCode', '101');
    change('branchName', ' 本店営業部 ');
    change('holderFirstName', '華子');
    change('holderPinyinName', 'やまだはなこ');
    actor.send({ type: 'form.submit' });
    expect(selectBankCardMessages(actor.getSnapshot())).toEqual({
      holderFirstName: { key: 'validation.holderMismatch' },
    });
    change('holderFirstName', ' 花子 ');
    change('isDefault', true);
    actor.send({ type: 'form.submit' });
    await settle();
    expect(saved).toEqual([
      {
        bankCode: '0009',
        cardNumber: '1234567',
        branchCode: '101',
        branchName: '本店営業部',
        holderFirstName: '花子',
        holderLastName: '山田',
        holderPinyinName: 'やまだはなこ',
        isDefault: true,
      },
    ]);
    expect(effects).toEqual(['cardBound']);
    expect(selectBankCardStage(actor.getSnapshot())).toBe('idle');
    expect(normalisedReading('やまだ　はなこ')).toBe(normalisedReading('ヤマダハナコ'));
  });

  it("keeps the form open with the server's sentence on the refused field", async () => {
    const { actor, change, settle } = start(names, refused);
    actor.send({ type: 'card.bind' });
    change('bankCode', '0009');
    change('cardNumber', '1234567');
    change('branchCode', '101');
    change('branchName', '本店営業部');
    actor.send({ type: 'form.submit' });
    await settle();
    expect(selectBankCardStage(actor.getSnapshot())).toBe('form');
    expect(selectBankCardMessages(actor.getSnapshot())).toEqual({
      cardNumber: { text: 'この口座はすでに登録されています' },
    });
    change('cardNumber', '7654321');
    expect(selectBankCardMessages(actor.getSnapshot())).toEqual({});
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
