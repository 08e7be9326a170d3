import { createFileRoute } from '@tanstack/react-router';

/** Every route below this pathless layout needs a signed-in user: the guard lives here only. */
export const Route = createFileRoute('/_default/_auth')({
  beforeLoad: async ({ context, location, preload }) => {
    // The guard brings the session machine, which a visitor's first page does without.
    const { requireAuth } = await import('@/features/session/guard');
    return requireAuth({ context, location, preload });
  },
});
