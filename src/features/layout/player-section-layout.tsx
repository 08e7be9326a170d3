import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useSignedInUser } from '../session/use-session';
import { profileQueryOptions } from '../user/queries';
import { menuFor, userCenterMenu } from './menus';
import { SectionLayout } from './section-layout';

/** The user pages' section menu, fitted to the account: set or change the pay password, never both. */
export function PlayerSectionLayout({ children }: { children: ReactNode }) {
  const signedIn = useSignedInUser() !== null;
  const profile = useQuery({ ...profileQueryOptions(), ...(signedIn ? {} : { enabled: false }) });
  return <SectionLayout menu={menuFor(userCenterMenu, signedIn ? profile.data : undefined)}>{children}</SectionLayout>;
}
