import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { userCenterMenu } from '@/features/layout/menus';
import { SectionLayout } from '@/features/layout/section-layout';
import { startI18nIn } from './render';
import { renderPlayerView } from './user-pages-harness';

beforeAll(async () => {
  await startI18nIn('en-US');
});

/** The names of the section menu's lit links: Mantine's active mark or the router's. */
async function litItems(path: string) {
  renderPlayerView(
    <SectionLayout menu={userCenterMenu}>
      <p>page</p>
    </SectionLayout>,
    { path },
  );
  const nav = await screen.findByRole('navigation', { name: 'Section menu' });
  return within(nav)
    .getAllByRole('link')
    .filter(
      (link) =>
        link.hasAttribute('data-active') ||
        link.getAttribute('aria-current') === 'page' ||
        link.getAttribute('data-status') === 'active' ||
        link.getAttribute('data-variant') === 'filled',
    )
    .map((link) => link.textContent);
}

describe('section menu', () => {
  it.each([
    ['/user/finance/deposit', 'Deposit'],
    ['/user/finance/deposit/cryptocurrency', 'Crypto deposit'],
    ['/user/finance/withdraw/cryptocurrency', 'Crypto withdrawal'],
  ])('lights exactly one item on %s', async (path, item) => {
    expect(await litItems(path)).toEqual([item]);
  });
});
