import type { BankCard } from '@contract/bank';
import { type BankCardSave, bankCardMachine, type PlayerNames } from '@machines/bank-card.machine';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { BankCardView } from '@/features/bank/bank-card-page';
import { bankCardsQueryOptions, banksQueryOptions } from '@/features/bank/queries';
import { startI18nIn } from './render';
import { renderPlayerView } from './user-pages-harness';

const names: PlayerNames = { firstName: 'Taro', lastName: 'Yamada', pinyinName: 'ヤマダ タロウ' };
const bound: BankCard = {
  id: 4,
  bankCode: '0005',
  bankName: 'MUFG Bank',
  maskedCardNumber: '****4321',
  branchCode: '123',
  branchName: 'Shibuya',
  holderFirstName: 'Taro',
  holderLastName: 'Yamada',
  holderPinyinName: 'ヤマダ タロウ',
  isDefault: true,
  createdAt: '2026-11-22T00:00:00.000Z',
};

function startCards(playerNames: PlayerNames) {
  const saved: BankCardSave[] = [];
  const unbound: number[] = [];
  const flow = createActor(
    bankCardMachine.provide({
      actors: {
        saveCard: fromPromise(async ({ input }) => {
          saved.push(input);
          return bound;
        }),
        unbindCard: fromPromise(async ({ input }) => void unbound.push(input.id)),
      },
    }),
    { input: { names: playerNames } },
  ).start();
  return { flow, saved, unbound };
}

function renderCards(flow: ReturnType<typeof startCards>['flow'], cards: BankCard[]) {
  return renderPlayerView(<BankCardView flow={flow} />, {
    seed: (queryClient) => {
      queryClient.setQueryData(bankCardsQueryOptions('en-US').queryKey, cards);
      queryClient.setQueryData(banksQueryOptions('en-US').queryKey, [
        { code: '0005', name: 'MUFG Bank' },
        { code: '0009', name: 'Sumitomo Mitsui Banking Corporation' },
      ]);
    },
  });
}

describe('bank card page', () => {
  it('binds a card whose holder is the player, with a message for each field format', async () => {
    await startI18nIn('en-US');
    const user = userEvent.setup();
    const { flow, saved } = startCards(names);
    renderCards(flow, []);
    expect(await screen.findByText('No bank card is bound yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Bind a bank card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bind a bank card' });
    expect(within(dialog).getByRole('textbox', { name: 'Cardholder last name' })).toHaveValue('Yamada');
    await user.type(within(dialog).getByRole('textbox', { name: 'Account number' }), '12ab');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Cardholder first name' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Cardholder first name' }), 'Jiro');
    await user.click(within(dialog).getByRole('button', { name: 'Bind' }));
    expect(within(dialog).getByText('Please select the bank')).toBeInTheDocument();
    expect(within(dialog).getByText('Please input the account number (digits only)')).toBeInTheDocument();
    expect(within(dialog).getByText('Please input the branch code')).toBeInTheDocument();
    expect(within(dialog).getByText('The cardholder name must match the name on your account')).toBeInTheDocument();
    expect(saved).toEqual([]);

    await user.click(within(dialog).getByRole('combobox', { name: 'Bank' }));
    await user.click(await screen.findByRole('option', { name: 'MUFG Bank (0005)' }));
    await user.clear(within(dialog).getByRole('textbox', { name: 'Account number' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Account number' }), '7654321');
    await user.type(within(dialog).getByRole('textbox', { name: 'Branch code' }), '123');
    await user.type(within(dialog).getByRole('textbox', { name: 'Branch name' }), 'Shibuya');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Cardholder first name' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Cardholder first name' }), 'taro');
    await user.click(within(dialog).getByRole('button', { name: 'Bind' }));
    expect(saved).toEqual([
      {
        bankCode: '0005',
        cardNumber: '7654321',
        branchCode: '123',
        branchName: 'Shibuya',
        holderFirstName: 'taro',
        holderLastName: 'Yamada',
        holderPinyinName: 'ヤマダ タロウ',
        isDefault: false,
      },
    ]);
  });

  it('asks for the names on record before a card can be bound', async () => {
    await startI18nIn('en-US');
    const user = userEvent.setup();
    const { flow } = startCards({ firstName: null, lastName: null, pinyinName: null });
    renderCards(flow, []);
    await user.click(await screen.findByRole('button', { name: 'Bind a bank card' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('link', { name: 'Go to edit' })).toHaveAttribute(
      'href',
      '/user/account-setting#personal-information',
    );
  });

  it('lists bound cards and unbinds one only after confirmation', async () => {
    await startI18nIn('en-US');
    const user = userEvent.setup();
    const { flow, unbound } = startCards(names);
    renderCards(flow, [bound]);
    const card = await screen.findByRole('article', { name: 'MUFG Bank ****4321' });
    expect(within(card).getByText('Default')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Unbind' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unbind the bank card' });
    expect(within(dialog).getByText(/Unbind MUFG Bank \*\*\*\*4321\?/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(unbound).toEqual([]);
    await user.click(within(card).getByRole('button', { name: 'Unbind' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Unbind the bank card' })).getByRole('button', {
        name: 'Unbind',
      }),
    );
    expect(unbound).toEqual([4]);
  });
});
