import { resultAnimationLimitMs } from '@machines/studio-round.machine';
import { reelTiming } from '@machines/studio-round-win-tier';
import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initStudioI18n } from '../../studio/page/i18n';
import { ReelWindow, RoundReels } from '../../studio/page/play/reel-view';
import { restingWindow } from '../../studio/page/play/slot-steps';
import { TitleContext } from '../../studio/page/play/title-context';
import { cascadeRules, cascadeSteps, cascadeTitle, loaded, sakuraRules, sakuraTitle } from './studio-titles';

/**
 * The reel view of any slot title, from the title's data alone: its window's reels and rows, each
 * cell named by the title's paytable, the round's steps in order with their wins, multiplier,
 * spins left and held values, and the title's art or a plain drawing, never an emoji.
 */
const emoji = /\p{Extended_Pictographic}/u;

function cellNames(reel: HTMLElement): string[] {
  return within(reel)
    .getAllByRole('img')
    .map((cell) => cell.getAttribute('aria-label') ?? '');
}

afterEach(() => {
  vi.useRealTimers();
});

/** Moves the test's clock on, a few milliseconds at a time, until the text shows. */
function advanceUntil(text: string): void {
  for (let waited = 0; waited < 10_000 && !screen.queryByText(text); waited += 10)
    act(() => vi.advanceTimersByTime(10));
}

function advanceUntilShown(text: string): void {
  advanceUntil(text);
  expect(screen.getByText(text)).toBeInTheDocument();
}

describe('the reel view', () => {
  it('draws Sakura Sevens’ 5 × 3 window with each cell named by the paytable, in Japanese', async () => {
    await initStudioI18n('ja-JP');
    const result = sakuraTitle.play({ serverSeed: 'a'.repeat(64), clientSeed: 'player', nonce: 0 }, 20);
    render(
      <TitleContext.Provider value={loaded(sakuraTitle)}>
        <RoundReels result={result} resting={[]} motion="still" art={{}} animationMs={resultAnimationLimitMs.normal} />
      </TitleContext.Provider>,
    );
    const window = screen.getByRole('region', { name: 'リール（5列×3段）' });
    const reels = within(window).getAllByRole('list');
    expect(reels).toHaveLength(5);
    const name = (symbol: string) => sakuraRules.paytable.find((row) => row.symbol === symbol)?.name['ja-JP'];
    // docs/games.md §2's example: reel 2 shows bell, wild, plum, and its wild is in lines 5, 14 and 16's runs.
    expect(result.steps[0]?.window[1]).toEqual(['bell', 'wild', 'plum']);
    expect(cellNames(reels[1]!)).toEqual([name('bell'), `${name('wild')} 当たり`, name('plum')]);
    const winning = new Set(result.steps[0]?.wins.flatMap((win) => win.cells.map(([reel, row]) => `${reel}:${row}`)));
    expect(window.querySelectorAll('[data-win]')).toHaveLength(winning.size);
    const lines = [...window.querySelectorAll('[data-line]')].map((line) => line.getAttribute('data-line'));
    expect(lines).toEqual(result.steps[0]?.wins.map((win) => String(win.line)));
    expect(screen.getByRole('list', { name: '当たりライン' })).toHaveTextContent('ライン14：プラム×5で60');
    expect(document.body.textContent).not.toMatch(emoji);
    expect(window.querySelectorAll('svg[data-symbol]')).toHaveLength(15);
  });

  it('takes any reel and row count from the steps and uses the title’s art where it has some', async () => {
    await initStudioI18n('en-US');
    render(
      <TitleContext.Provider value={loaded(cascadeTitle)}>
        <ReelWindow
          step={cascadeSteps[0]!}
          resting={[]}
          art={loaded(cascadeTitle).art}
          motion="shown"
          timing={reelTiming(resultAnimationLimitMs.normal, cascadeSteps.length)}
        />
      </TitleContext.Provider>,
    );
    const window = screen.getByRole('region', { name: 'Reels (6 × 4)' });
    const reels = within(window).getAllByRole('list');
    expect(reels.map((reel) => within(reel).getAllByRole('img'))).toHaveLength(6);
    expect(reels.every((reel) => within(reel).getAllByRole('img').length === 4)).toBe(true);
    const gems = cascadeSteps[0]!.wins[0]!.cells.length;
    expect(window.querySelectorAll('[data-art="gem"]')).toHaveLength(gems);
    expect(window.querySelectorAll('[data-win]')).toHaveLength(gems);
    expect(screen.getAllByRole('img', { name: 'red gem, winning' })).toHaveLength(gems);
    expect(window.querySelectorAll('svg[data-symbol="leaf"]').length).toBeGreaterThan(0);
    expect(cascadeRules.paytable.map((row) => row.symbol)).toContain('leaf');
  });

  it('plays the spin, the cascade at its multiplier and the free spin with its held coins, in order', async () => {
    await initStudioI18n('en-US');
    // The steps follow one another on the view's own timers: the clock is the test's, so each step is looked at before the next.
    vi.useFakeTimers();
    const result = cascadeTitle.play({ serverSeed: '0'.repeat(64), clientSeed: 'x', nonce: 0 }, 20);
    const view = (motion: 'turning' | 'stopping' | 'still') => (
      <TitleContext.Provider value={loaded(cascadeTitle)}>
        <RoundReels
          result={result}
          resting={restingWindow(cascadeTitle)}
          motion={motion}
          art={{}}
          animationMs={resultAnimationLimitMs.turbo}
          turbo
        />
      </TitleContext.Provider>
    );
    const { rerender, container } = render(view('turning'));
    const machine = () => container.firstElementChild as HTMLElement;
    expect(screen.getByRole('region', { name: 'Reels (6 × 4)' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryAllByRole('img')).toHaveLength(0);

    rerender(view('stopping'));
    expect(screen.getByRole('region')).toHaveAttribute('data-motion', 'landing');
    advanceUntilShown('1 of 3');
    expect(screen.getByRole('list', { name: 'Winning lines' })).toHaveTextContent('8 × red gem win 40');

    advanceUntilShown('2 of 3');
    expect(screen.getByText('Cascade')).toBeInTheDocument();
    expect(screen.getByTestId('step-multiplier')).toHaveTextContent('Pays × 2');
    expect(screen.getByRole('list', { name: 'Winning lines' })).toHaveTextContent('8 × red gem win 80');
    expect(container.querySelectorAll('[data-win]')).toHaveLength(8);

    advanceUntilShown('3 of 3');
    expect(machine()).toHaveAttribute('data-step', '2');
    expect(screen.getByText('Free spin')).toBeInTheDocument();
    expect(screen.getByTestId('step-left')).toHaveTextContent('3 spins left');
    expect(screen.getAllByRole('img', { name: 'coin, 5 coins' })).toHaveLength(6);
    expect(screen.queryByRole('list', { name: 'Winning lines' })).toBeNull();
  });

  it('shows the last step at once when the round is skipped to its end', async () => {
    await initStudioI18n('ja-JP');
    const result = cascadeTitle.play({ serverSeed: '0'.repeat(64), clientSeed: 'x', nonce: 0 }, 20);
    const view = (motion: 'stopping' | 'still') => (
      <TitleContext.Provider value={loaded(cascadeTitle)}>
        <RoundReels result={result} resting={[]} motion={motion} art={{}} animationMs={resultAnimationLimitMs.normal} />
      </TitleContext.Provider>
    );
    const { rerender } = render(view('stopping'));
    expect(screen.queryByTestId('step-phase')).toBeNull();
    act(() => rerender(view('still')));
    expect(screen.getByTestId('step-phase')).toHaveTextContent('フリースピン');
    expect(screen.getByTestId('step-left')).toHaveTextContent('残り3回');
    expect(screen.getAllByRole('img', { name: 'コイン 5コイン' })).toHaveLength(6);
  });
});
