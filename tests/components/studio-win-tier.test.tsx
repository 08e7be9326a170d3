import { countUpMs, winTierMultiples, winTierOf } from '@machines/studio-round-win-tier';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initStudioI18n } from '../../studio/page/i18n';
import { WinCount } from '../../studio/page/play/win-count';

/**
 * A win as the player sees it: small wins plainly, big, mega and epic ones by name and counted up,
 * skippable with a tap and shown at once with reduced motion.
 */
const stake = 20;
const shownAmount = () => screen.getByTestId('win-count').querySelector('[aria-hidden="true"]')?.textContent;

function reduceMotion(reduced: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduced && query.includes('reduce'),
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the win count', () => {
  it('shows a 4.85× win at once, as a small win with no tier named', async () => {
    await initStudioI18n('en-US');
    const win = (485 * stake) / 100;
    expect(winTierOf(win, stake)).toBe('small');
    render(<WinCount win={win} stake={stake} />);
    const count = screen.getByTestId('win-count');
    expect(count).toHaveAttribute('data-tier', 'small');
    expect(shownAmount()).toBe('97 coins');
    expect(count).not.toHaveTextContent(/Big|Mega|Epic/);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('counts a 120× win up under its epic name, to the whole win', async () => {
    await initStudioI18n('en-US');
    const win = 120 * stake;
    expect(win).toBeGreaterThanOrEqual(winTierMultiples.epic * stake);
    render(<WinCount win={win} stake={stake} turbo />);
    const count = screen.getByTestId('win-count');
    expect(count).toHaveAttribute('data-tier', 'epic');
    expect(count).toHaveTextContent('Epic win');
    expect(count).toHaveAttribute('data-counting', 'true');
    expect(shownAmount()).not.toBe('2,400 coins');
    // Screen readers hear the whole win at once.
    expect(count).toHaveTextContent('2,400 coins');
    expect(await screen.findByText('2,400 coins', { selector: '[aria-hidden="true"]' })).toBeInTheDocument();
    expect(count).not.toHaveAttribute('data-counting');
    expect(screen.queryByRole('button', { name: 'Tap to skip' })).toBeNull();
  });

  it('shows the whole win on a tap', async () => {
    await initStudioI18n('ja-JP');
    const win = winTierMultiples.mega * stake;
    expect(countUpMs('mega')).toBeGreaterThan(0);
    render(<WinCount win={win} stake={stake} />);
    expect(screen.getByTestId('win-count')).toHaveTextContent('メガウィン');
    fireEvent.click(screen.getByRole('button', { name: 'タップでスキップ' }));
    expect(shownAmount()).toBe('800コイン');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows a big win at once with reduced motion', async () => {
    reduceMotion(true);
    await initStudioI18n('en-US');
    render(<WinCount win={winTierMultiples.big * stake} stake={stake} />);
    expect(screen.getByTestId('win-count')).toHaveAttribute('data-tier', 'big');
    expect(screen.getByTestId('win-count')).toHaveTextContent('Big win');
    expect(shownAmount()).toBe('300 coins');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
