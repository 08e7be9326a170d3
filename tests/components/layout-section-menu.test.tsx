import { cleanup, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { userCenterMenu } from '@/features/layout/menus';
import { PlayerSectionLayout } from '@/features/layout/player-section-layout';
import { SectionLayout } from '@/features/layout/section-layout';
import { profileQueryOptions } from '@/features/user/queries';
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

describe('the user pages’ menu', () => {
  const linksWith = async (hasPayPassword: boolean) => {
    renderPlayerView(
      <PlayerSectionLayout>
        <p>page</p>
      </PlayerSectionLayout>,
      {
        path: '/user/user-center',
        sessionView: { status: 'signedIn', user: { userId: 3, hasPayPassword } as never },
        seed: (queryClient) => queryClient.setQueryData(profileQueryOptions().queryKey, { hasPayPassword } as never),
      },
    );
    const nav = await screen.findByRole('navigation', { name: 'Section menu' });
    return within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
  };

  it('offers only to set the pay password until one exists, then only to change it', async () => {
    const before = await linksWith(false);
    expect(before).toContain('Set payment password');
    expect(before).not.toContain('Change payment password');
    cleanup();
    const after = await linksWith(true);
    expect(after).toContain('Change payment password');
    expect(after).not.toContain('Set payment password');
  });
});
