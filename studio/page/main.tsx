/**
 * The studio's own page, served at /studio/play (a machine of a game, opened from a launch URL) and
 * /studio/verify (a round recomputed from its seeds). It is the provider's page, not the portal's:
 * it shares nothing with the SPA but the contract, the games' mathematics and the machines.
 */
import { negotiateLocale } from '@contract/locales';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createActor } from 'xstate';
import { initStudioI18n, pageLocale } from './i18n';
import { GamePage } from './play/game-page';
import { studioRoundFlow } from './studio-flow';
import './studio.css';

async function start() {
  const query = new URLSearchParams(window.location.search);
  // A link without the language (a game record's) opens in the reader's own.
  const lng = query.has('lang') ? pageLocale(window.location.search) : negotiateLocale(navigator.languages.join(','));
  await initStudioI18n(lng);
  const root = createRoot(document.getElementById('root') as HTMLElement);
  if (window.location.pathname.startsWith('/studio/verify')) {
    // The verify page recomputes any title, so it loads them all: its own chunk, never the game page's.
    const { studioProofLoader, VerifyPage } = await import('./verify/verify-page');
    root.render(
      <StrictMode>
        <VerifyPage roundId={query.get('round')} loadProof={studioProofLoader(lng)} />
      </StrictMode>,
    );
    return;
  }
  const actor = createActor(studioRoundFlow(lng), { input: { launchToken: query.get('token') ?? '' } }).start();
  root.render(
    <StrictMode>
      <GamePage actor={actor} />
    </StrictMode>,
  );
}

void start();
