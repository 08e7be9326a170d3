import { useMediaQuery } from '@mantine/hooks';

/** Desktop is a viewport of 768 px or wider (docs/requirements.md §2.7). */
export const desktopMediaQuery = '(min-width: 768px)';

export function useIsDesktop(): boolean {
  // Read the real value on the first render: this is a client-only app, so no hydration mismatch.
  return useMediaQuery(desktopMediaQuery, undefined, { getInitialValueInEffect: false });
}
