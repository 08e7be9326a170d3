/**
 * The installed app's service worker (docs/requirements.md §15.6), served as /sw.js. The build
 * (scripts/vite-app-shell.ts) puts the list of its shell files in place of `__APP_SHELL__`.
 *
 * - install: the shell (entry scripts and styles, icons, manifests, the offline page) is cached
 *   under the build's name; the new worker takes over at once.
 * - activate: the caches of earlier builds are deleted.
 * - fetch: a page is always asked of the network (it is never cached), and the offline page answers
 *   when the network is down. The build's files, whose names change with their content, come from
 *   the cache once fetched. Nothing else is touched: API calls (/v2/…), the studio's calls and
 *   anything of a player's own go to the network as if there were no worker.
 */

interface ShellEvent extends Event {
  waitUntil(work: Promise<unknown>): void;
}

interface ShellFetchEvent extends ShellEvent {
  readonly request: Request;
  respondWith(answer: Promise<Response>): void;
}

interface WorkerScope {
  addEventListener(type: 'install' | 'activate', listener: (event: ShellEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: ShellFetchEvent) => void): void;
  skipWaiting(): Promise<void>;
  readonly clients: { claim(): Promise<void> };
  readonly location: { readonly origin: string };
}

declare const self: WorkerScope;
declare const __APP_SHELL__: { build: string; files: string[] };

const shell = __APP_SHELL__;
const cachePrefix = 'app-shell-';
const cacheName = `${cachePrefix}${shell.build}`;
const offlinePage = '/offline.html';
/** Build files: hashed names under /assets/, and the few fixed ones the shell lists. */
const isBuildFile = (path: string) => path.startsWith('/assets/') || shell.files.includes(path);

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(cacheName)
      .then((cache) => cache.addAll(shell.files))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names.filter((name) => name.startsWith(cachePrefix) && name !== cacheName).map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

async function pageOrOffline(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch {
    return (await caches.match(offlinePage, { cacheName })) ?? Response.error();
  }
}

async function fromCacheFirst(request: Request): Promise<Response> {
  const cache = await caches.open(cacheName);
  const cached = await cache.match(request);
  if (cached) return cached;
  const answer = await fetch(request);
  if (answer.ok) await cache.put(request, answer.clone());
  return answer;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') event.respondWith(pageOrOffline(request));
  else if (isBuildFile(url.pathname)) event.respondWith(fromCacheFirst(request));
});

export {};
