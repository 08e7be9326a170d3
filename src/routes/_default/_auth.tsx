import { createFileRoute } from '@tanstack/react-router';
import { requireAuth } from '../../features/session/guard';

/** Every route below this pathless layout needs a signed-in user: the guard lives here only. */
export const Route = createFileRoute('/_default/_auth')({
  beforeLoad: ({ context, location, preload }) => requireAuth({ context, location, preload }),
});
