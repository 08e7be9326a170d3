/**
 * The studio's own page, served at /studio/play (a machine of a game, opened from a launch URL) and
 * /studio/verify (a round recomputed from its seeds). It is the provider's page, not the portal's:
 * it shares nothing with the SPA but the contract, the games' mathematics and the machines.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createActor } from 'xstate';
import { initStudioI18n, pageLocale } from './i18n';
import { GamePage } from './play/game-page';
import { studioRoundFlow } from './studio-flow';
import './studio.css';
import { studioProofLoader, VerifyPage } from './verify/verify-page';

async function start() {
  const lng = pageLocale(window.location.search);
  await initStudioI18n(lng);
  const root = createRoot(document.getElementById('root') as HTMLElement);
  const query = new URLSearchParams(window.location.search);
  if (window.location.pathname.startsWith('/studio/verify')) {
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
