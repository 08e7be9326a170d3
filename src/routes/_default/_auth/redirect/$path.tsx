import { createFileRoute, redirect } from '@tanstack/react-router';

/** Re-enters a page through a fresh navigation: /redirect/user%2Frecord lands on /user/record. */
export const Route = createFileRoute('/_default/_auth/redirect/$path')({
  beforeLoad: ({ params }) => {
    const target = `/${params.path.replace(/^\/+/, '')}`;
    throw redirect({ href: target, replace: true });
  },
});
