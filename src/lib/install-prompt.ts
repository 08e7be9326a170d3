/**
 * The browser's offer to install the portal as an app (`beforeinstallprompt`, Chromium's), kept from
 * the moment the app starts: the browser makes it once, often before the download page is open.
 */

/** Chromium's event; not in the DOM's standard types. */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** offered: a button may ask the browser; installed: this is the app, or it was just installed; unavailable: neither. */
export type InstallOffer = 'offered' | 'installed' | 'unavailable';

let offer: InstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};

export function followInstallOffer(): void {
  installed = window.matchMedia('(display-mode: standalone)').matches;
  window.addEventListener('beforeinstallprompt', (event) => {
    // The browser's own banner would come at a moment of its choosing; the download page's button asks instead.
    event.preventDefault();
    offer = event as InstallPromptEvent;
    changed();
  });
  window.addEventListener('appinstalled', () => {
    installed = true;
    offer = null;
    changed();
  });
}

export const installOffer = (): InstallOffer => (installed ? 'installed' : offer ? 'offered' : 'unavailable');

export function subscribeInstallOffer(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Shows the browser's install dialog; an offer is good for one dialog, whatever the player chooses. */
export async function askToInstall(): Promise<void> {
  const asked = offer;
  if (!asked) return;
  offer = null;
  await asked.prompt();
  if ((await asked.userChoice).outcome === 'accepted') installed = true;
  changed();
}
