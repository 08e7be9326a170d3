import type { InspectionEvent } from 'xstate';

type Inspect = (event: InspectionEvent) => void;

const inspectFlag = 'inspect';

/**
 * On with `npm run dev:inspect` (VITE_INSPECT=1), or `?inspect` in the address, which the tab then
 * remembers, since the views that start flows load later, often after the address has changed.
 */
function inspectorWanted(): boolean {
  if (import.meta.env.VITE_INSPECT === '1') return true;
  if (new URLSearchParams(window.location.search).has(inspectFlag)) {
    window.sessionStorage.setItem(inspectFlag, '1');
    return true;
  }
  return window.sessionStorage.getItem(inspectFlag) === '1';
}

/**
 * One Stately inspector window for every actor of the tab. Its code loads on demand; events
 * recorded before it has loaded are replayed to it.
 */
function developmentInspector(): Inspect | undefined {
  if (!inspectorWanted()) return undefined;
  const early: InspectionEvent[] = [];
  let forward: Inspect = (event) => void early.push(event);
  void import('@statelyai/inspect').then(({ createBrowserInspector }) => {
    const inspector = createBrowserInspector();
    forward = (event) => inspector.inspect.next?.(event);
    early.splice(0).forEach(forward);
  });
  return (event) => forward(event);
}

/**
 * The option every actor the SPA starts is given: `useActorRef(logic, { ...inspection, input })`,
 * likewise for createActor (tests/repo/actor-inspection.test.ts checks each call).
 * Empty in a production build: `import.meta.env.DEV` is false there, so none of the inspector's
 * code is bundled.
 */
export const inspection: { inspect?: Inspect } = import.meta.env.DEV ? { inspect: developmentInspector() } : {};
