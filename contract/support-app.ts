// The installable app (docs/requirements.md §15.5), apart from the contract's calls so the first
// page's script carries only these few names.
import type { Locale } from './locales';

/** Where the installed app starts; the download page's QR code opens it too. */
export const appStartPath = '/?source=app';

/** The app's manifest in a language; the Japanese one is index.html's default. */
export const appManifestPath = (locale: Locale) =>
  locale === 'ja-JP' ? '/manifest.webmanifest' : `/manifest-${locale}.webmanifest`;
