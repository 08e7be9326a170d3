import { createFileRoute, Navigate } from '@tanstack/react-router';
import * as v from 'valibot';
import { SpringboardPage } from '@/features/hall/launch-page';

const machineSearch = v.object({
  machine: v.pipe(v.union([v.string(), v.number()]), v.transform(Number), v.safeInteger(), v.minValue(1)),
});

/** The machine to take, from the hall; anything else is no machine. */
function springboardSearchOf(search: Record<string, unknown>): { machine?: number } {
  const parsed = v.safeParse(machineSearch, search);
  return parsed.success ? { machine: parsed.output.machine } : {};
}

export const Route = createFileRoute('/_default/_auth/amigo-springboard')({
  validateSearch: springboardSearchOf,
  component: SpringboardRoute,
});

function SpringboardRoute() {
  const { machine } = Route.useSearch();
  if (machine === undefined) return <Navigate to="/amigo" replace />;
  // Another machine starts another flow.
  return <SpringboardPage key={machine} machineId={machine} />;
}
