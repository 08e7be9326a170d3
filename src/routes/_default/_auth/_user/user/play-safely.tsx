import { createFileRoute } from '@tanstack/react-router';
import { PlaySafelyPage } from '@/features/protection/play-safely-page';
import { protectionStateQueryOptions } from '@/features/protection/queries';

export const Route = createFileRoute('/_default/_auth/_user/user/play-safely')({
  // Started here, not awaited: the state loads while the page's code does.
  loader: ({ context }) => void context.queryClient.prefetchQuery(protectionStateQueryOptions()),
  component: PlaySafelyPage,
});
