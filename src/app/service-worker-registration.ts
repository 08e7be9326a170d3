/**
 * Registers the app's service worker (src/app/service-worker.ts, built as /sw.js) once the page has
 * loaded, so it never competes with the first page for the network. Development serves no worker.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    // Without a worker the portal works as a plain site: a failed registration only costs the offline page.
    navigator.serviceWorker.register('/sw.js', { updateViaCache: 'none' }).catch(() => undefined);
  });
}
