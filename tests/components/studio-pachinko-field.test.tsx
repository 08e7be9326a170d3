import { fujiRushTitle } from '@games/titles/fuji-rush';
import { hanabiLightTitle } from '@games/titles/hanabi-light';
import { raijinStTitle } from '@games/titles/raijin-st';
import { resultAnimationLimitMs } from '@machines/studio-round.machine';
import { lotteryShowOf } from '@machines/studio-round-pachinko';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { symbolArt as fujiRushArt } from '../../studio/page/art/fuji-rush';
import { symbolArt as hanabiLightArt } from '../../studio/page/art/hanabi-light';
import { symbolArt as raijinStArt } from '../../studio/page/art/raijin-st';
import { initStudioI18n } from '../../studio/page/i18n';
import { BallTally, LotteryDisplay } from '../../studio/page/play/pachinko-field';

/**
 * The pachinko field of any title, from the round's own figures: the tally prices the jackpots the
 * title paid, and the lottery display shows the held spin's digits, its リーチ, the mode it left and
 * the rush, in the player's language, over the title's own art.
 */
const emoji = /\p{Extended_Pictographic}/u;
const seeds = (nonce: number) => ({ serverSeed: 'a'.repeat(64), clientSeed: 'player', nonce });
const spinsOf =
  (machine: typeof raijinStTitle.machine) =>
  (kind: keyof typeof machine.modes): number | null =>
    machine.modes[kind]?.spins ?? null;

describe('the pachinko tally', () => {
  it('announces a Hanabi Light jackpot at Hanabi Light’s pay, in Japanese', async () => {
    await initStudioI18n('ja-JP');
    // Seed a…a, nonce 260, 10 balls: four jackpots at 200 coins (Fuji Rush would pay 1,024 each).
    const { balls } = hanabiLightTitle.play(seeds(260), 10);
    render(<BallTally balls={balls} />);
    expect(screen.getByRole('status')).toHaveTextContent('大当たり×4：800コイン！');
    expect(screen.getByRole('status')).not.toHaveTextContent('4,096');
  });
});

describe('the lottery display', () => {
  it('shows a Hanabi Light jackpot’s digits, its リーチ, 確変 and the rush, in Japanese', async () => {
    await initStudioI18n('ja-JP');
    const { balls } = hanabiLightTitle.play(seeds(260), 10);
    const show = lotteryShowOf(balls, resultAnimationLimitMs.normal, spinsOf(hanabiLightTitle.machine));
    render(<LotteryDisplay show={show} motion="still" art={hanabiLightArt} />);
    const display = screen.getByRole('region', { name: '図柄表示' });
    expect(within(display).getByTestId('lottery-digits')).toHaveTextContent('999');
    expect(within(display).getByTestId('lottery-digits')).toHaveAttribute('data-jackpot');
    expect(within(display).getByTestId('lottery-reach')).toHaveTextContent('プレミアムリーチ');
    expect(within(display).getByTestId('lottery-mode')).toHaveTextContent('確変');
    expect(within(display).getByTestId('rush-count')).toHaveTextContent('ラッシュ 4連');
    expect(display.querySelector('svg')).not.toBeNull();
    expect(display.textContent ?? '').not.toMatch(emoji);
  });

  it('shows Raijin ST’s ST with its spins left and a six-jackpot rush, in English', async () => {
    await initStudioI18n('en-US');
    const { balls } = raijinStTitle.play(seeds(486), 100);
    const show = lotteryShowOf(balls, resultAnimationLimitMs.normal, spinsOf(raijinStTitle.machine));
    render(<LotteryDisplay show={show} motion="still" art={raijinStArt} />);
    const display = screen.getByRole('region', { name: 'Lottery display' });
    expect(within(display).getByTestId('lottery-digits')).toHaveTextContent('777');
    expect(within(display).getByTestId('lottery-reach')).toHaveTextContent('Normal reach');
    expect(within(display).getByTestId('lottery-mode')).toHaveTextContent('ST: 130 spins left');
    expect(within(display).getByTestId('rush-count')).toHaveTextContent('Rush: 6 jackpots');
  });

  it('while the round stops, flashes the other start spins and stops the held one left, right, then middle', async () => {
    await initStudioI18n('en-US');
    // Nonce 28, 10 balls of Hanabi Light: a 9-2-9 reach held, a plain 4-1-1 flashed before it.
    const { balls } = hanabiLightTitle.play(seeds(28), 10);
    const show = lotteryShowOf(balls, 1_050, spinsOf(hanabiLightTitle.machine));
    const { container } = render(<LotteryDisplay show={show} motion="stopping" art={hanabiLightArt} />);
    expect(screen.getByTestId('lottery-mode')).toHaveTextContent('Normal');
    expect(screen.queryByTestId('rush-count')).toBeNull();
    const flashes = container.querySelectorAll('[aria-hidden="true"][style*="--for"]');
    expect(flashes).toHaveLength(1);
    expect(flashes[0]).toHaveTextContent('411');
    const stops = [...container.querySelectorAll<HTMLElement>('[style*="--stop"]')]
      .filter((place) => place.getAttribute('data-testid') !== 'lottery-reach')
      .map((place) => Number.parseInt(place.style.getPropertyValue('--stop'), 10));
    const [left, middle, right] = stops;
    expect(stops).toHaveLength(3);
    expect(left).toBeLessThan(right ?? 0);
    expect(right).toBeLessThan(middle ?? 0);
    expect(middle).toBe(1_050);
    expect(screen.getByTestId('lottery-reach')).toHaveTextContent('Normal reach');
    expect(screen.getByTestId('lottery-reach').style.getPropertyValue('--stop')).toBe(`${right}ms`);
  });

  it('rolls its digits while the round is awaited, with no result shown', async () => {
    await initStudioI18n('en-US');
    const show = lotteryShowOf([], resultAnimationLimitMs.normal, () => null);
    render(<LotteryDisplay show={show} motion="turning" art={{}} />);
    expect(screen.getByTestId('lottery-mode')).toHaveTextContent('Normal');
    expect(screen.queryByTestId('lottery-reach')).toBeNull();
  });
});

describe.each([
  [fujiRushTitle.code, fujiRushArt],
  [raijinStTitle.code, raijinStArt],
  [hanabiLightTitle.code, hanabiLightArt],
] as const)('%s’s art', (_code, art) => {
  it('draws its board and its display frame as SVG, never an emoji', () => {
    for (const part of ['field', 'frame']) {
      const draw = art[part];
      expect(draw).toBeDefined();
      const { container, unmount } = render(draw?.() ?? <span />);
      expect(container.querySelector('svg')?.getAttribute('viewBox')).toMatch(/^0 0 \d+ \d+$/);
      expect(container.textContent ?? '').not.toMatch(emoji);
      unmount();
    }
  });
});
