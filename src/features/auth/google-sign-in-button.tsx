import { useEffect, useEffectEvent, useRef } from 'react';
import { currentLanguage } from '@/lib/i18n';

/**
 * Google Identity Services' own button (docs/requirements.md §7: initialised with the client id). Its ID
 * token goes to the login machine, which has the server verify it. Failures of Google's script are
 * only logged (docs/requirements.md §8): the rest of the dialog works without it.
 */
const scriptUrl = 'https://accounts.google.com/gsi/client';

interface GoogleIdentity {
  accounts: {
    id: {
      initialize(options: {
        client_id: string;
        callback(response: { credential: string }): void;
        ux_mode: 'popup';
      }): void;
      renderButton(
        parent: HTMLElement,
        options: { type: 'standard'; theme: 'outline'; size: 'large'; locale: string; width: number },
      ): void;
    };
  };
}

declare global {
  interface Window {
    google?: GoogleIdentity;
  }
}

let scriptLoad: Promise<GoogleIdentity> | null = null;

function loadGoogleIdentity(): Promise<GoogleIdentity> {
  scriptLoad ??= new Promise<GoogleIdentity>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = scriptUrl;
    script.async = true;
    script.onload = () =>
      window.google ? resolve(window.google) : reject(new Error('Google Identity Services did not start'));
    script.onerror = () => reject(new Error(`could not load ${scriptUrl}`));
    document.head.append(script);
  }).catch((error: unknown) => {
    scriptLoad = null;
    throw error;
  });
  return scriptLoad;
}

const buttonWidthPx = 320;

export function GoogleSignInButton({
  clientId,
  onCredential,
}: {
  clientId: string;
  onCredential(token: string): void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const handleCredential = useEffectEvent(onCredential);

  useEffect(() => {
    let active = true;
    loadGoogleIdentity().then(
      (google) => {
        if (!active || !container.current) return;
        google.accounts.id.initialize({
          client_id: clientId,
          callback: (response) => handleCredential(response.credential),
          ux_mode: 'popup',
        });
        google.accounts.id.renderButton(container.current, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          locale: currentLanguage(),
          width: buttonWidthPx,
        });
      },
      (error: unknown) => console.error('Google sign-in is unavailable:', error),
    );
    return () => {
      active = false;
    };
  }, [clientId]);

  return <div ref={container} data-testid="google-sign-in" />;
}
