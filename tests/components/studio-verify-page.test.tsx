import type { StudioRound } from '@contract/studio';
import { sakuraSevensTitle } from '@games/titles/sakura-sevens';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { initStudioI18n } from '../../studio/page/i18n';
import { type RoundProof, VerifyPage } from '../../studio/page/verify/verify-page';

/**
 * The verify page recomputes rounds with games/ in the browser. The seeds are docs/games.md §1's:
 * server seed 64 × `a` (commitment ffe054…), client seed `player`; nonce 0 draws the slot's stops
 * 11, 17, 11, 15, 6 (73 coins at 1 coin a line), nonce 210 ten balls of Fuji Rush winning 2,063.
 */
const serverSeed = 'a'.repeat(64);
const commitment = 'ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb';

const storedSlotRound: StudioRound = {
  id: 'round-73',
  nonce: 0,
  stake: 20,
  win: 73,
  status: 'settled',
  outcome: { ...sakuraSevensTitle.play({ serverSeed, clientSeed: 'player', nonce: 0 }, 20) },
  playedAt: '2026-11-21T00:00:00.000Z',
};

function proofOf(round: StudioRound, revealed: string | null = serverSeed): RoundProof {
  return { gameCode: 'sakura-sevens', round, clientSeed: 'player', serverSeedHash: commitment, serverSeed: revealed };
}

const neverLoaded = () => Promise.reject(new Error('no proof asked for'));

describe('studio verify page', () => {
  it('recomputes a round from pasted seeds: stops, win and commitment', async () => {
    await initStudioI18n('en-US');
    render(<VerifyPage roundId={null} loadProof={neverLoaded} />);
    expect(
      screen.getByText(/never created after the client seed it is used with/),
      'the page states the order of commitment and choice',
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Enter a server seed');
    fireEvent.change(screen.getByLabelText('Server seed (64 hex digits)'), { target: { value: serverSeed } });
    fireEvent.change(screen.getByLabelText('Client seed'), { target: { value: 'player' } });
    expect(screen.getByText('Reel stops: 11, 17, 11, 15, 6')).toBeInTheDocument();
    expect(screen.getByTestId('recomputed-win')).toHaveTextContent('Win: 73 coins');
    expect(screen.getByText(commitment)).toBeInTheDocument();
    expect(screen.getByText('Line 14: 5 × plum wins 60')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Game'), { target: { value: 'fuji-rush' } });
    fireEvent.change(screen.getByLabelText('Stake'), { target: { value: '10' } });
    fireEvent.change(screen.getByLabelText('Nonce (round number on the seed)'), { target: { value: '732' } });
    // docs/games.md §3's example: one jackpot of 1,024 and two prize pockets.
    expect(screen.getByTestId('recomputed-win')).toHaveTextContent('Win: 1,030 coins');

    fireEvent.change(screen.getByLabelText('Client seed'), { target: { value: 'two words' } });
    expect(screen.getByLabelText('Client seed')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('recomputed-win')).not.toBeInTheDocument();
  });

  it('proves a stored round against its seeds and the commitment', async () => {
    await initStudioI18n('en-US');
    const asked: string[] = [];
    render(
      <VerifyPage
        roundId="round-73"
        loadProof={async (roundId) => {
          asked.push(roundId);
          return proofOf(storedSlotRound);
        }}
      />,
    );
    expect(await screen.findByTestId('outcomeCheck')).toHaveTextContent('✓ The stored outcome is exactly what');
    expect(asked).toEqual(['round-73']);
    expect(screen.getByTestId('commitmentCheck')).toHaveTextContent('✓ The server seed matches the commitment');
    expect(screen.getByText('Round round-73 (number 0): bet 20, won 73')).toBeInTheDocument();
    expect(screen.getByLabelText('Game')).toHaveValue('sakura-sevens');
  });

  it('tells a stored round that the seeds do not give, and a seed that is not the one committed to', async () => {
    await initStudioI18n('ja-JP');
    render(<VerifyPage roundId="round-74" loadProof={async () => proofOf({ ...storedSlotRound, win: 74 })} />);
    expect(await screen.findByTestId('outcomeCheck')).toHaveTextContent(
      '✗ 記録された結果はこのシードの抽選結果と異なります。',
    );
    fireEvent.change(screen.getByLabelText('サーバーシード（16進数64桁）'), { target: { value: 'b'.repeat(64) } });
    expect(screen.getByTestId('commitmentCheck')).toHaveTextContent('✗');
  });

  it('says when the server seed is not revealed yet', async () => {
    await initStudioI18n('en-US');
    render(<VerifyPage roundId="round-73" loadProof={async () => proofOf(storedSlotRound, null)} />);
    expect(await screen.findByText(/still in use and not revealed yet/)).toBeInTheDocument();
    expect(screen.queryByTestId('outcomeCheck')).not.toBeInTheDocument();
  });
});
