import '@mantine/core/styles.css';
import '@mantine/charts/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from '../lib/i18n';
import { followInstallOffer } from '../lib/install-prompt';
import { Providers } from './providers';
import { registerServiceWorker } from './service-worker-registration';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);
followInstallOffer();
registerServiceWorker();

// Texts load before the first paint, so no page ever flashes untranslated keys.
void initI18n().then((i18n) => {
  root.render(
    <StrictMode>
      <Providers i18n={i18n} />
    </StrictMode>,
  );
});
