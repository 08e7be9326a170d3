/**
 * The installable app's files, written into the SPA's build (docs/requirements.md §15.5): the web app
 * manifest per language, its icons drawn from the SVGs in src/app/app-icons/, the offline page and
 * the service worker with the list of the build's shell files.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import ts from 'typescript';
import type { Plugin, Rolldown } from 'vite';
import { type Locale, locales } from '../contract/locales.ts';
import { appManifestPath, appStartPath } from '../contract/support-app.ts';

const root = new URL('../', import.meta.url);
const readText = (file: string) => readFileSync(new URL(file, root), 'utf8');

const themeColour = '#b91c1c';
const backgroundColour = '#fff8f1';

const icons = [
  { fileName: 'icons/app-192.png', svg: 'app-icon.svg', size: 192, purpose: 'any' },
  { fileName: 'icons/app-512.png', svg: 'app-icon.svg', size: 512, purpose: 'any' },
  { fileName: 'icons/app-maskable-512.png', svg: 'app-icon-maskable.svg', size: 512, purpose: 'maskable' },
] as const;

interface AppTexts {
  name: string;
  shortName: string;
  description: string;
  offlineTitle: string;
  offlineBody: string;
  offlineRetry: string;
}

function textsOf(locale: string): AppTexts {
  const support = JSON.parse(readText(`locales/${locale}/support.json`));
  return {
    ...support.app,
    offlineTitle: support.offline.title,
    offlineBody: support.offline.body,
    offlineRetry: support.offline.retry,
  };
}

const manifestFileOf = (locale: Locale) => appManifestPath(locale).slice(1);

function manifestOf(locale: Locale, texts: AppTexts) {
  return {
    id: '/',
    lang: locale,
    name: texts.name,
    short_name: texts.shortName,
    description: texts.description,
    start_url: appStartPath,
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: themeColour,
    background_color: backgroundColour,
    icons: icons.map(({ fileName, size, purpose }) => ({
      src: `/${fileName}`,
      sizes: `${size}x${size}`,
      type: 'image/png',
      purpose,
    })),
  };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[character] ?? '');

/** Every language's text is in the page, so it needs nothing from the network; its script shows one. */
function offlinePage(): string {
  const sections = locales.map((locale) => {
    const texts = textsOf(locale);
    return `<section lang="${locale}" data-title="${escapeHtml(texts.offlineTitle)}"${locale === 'ja-JP' ? '' : ' hidden'}>
<img src="/icons/app-192.png" alt="" width="96" height="96">
<h1>${escapeHtml(texts.offlineTitle)}</h1>
<p>${escapeHtml(texts.offlineBody)}</p>
<button type="button" data-retry>${escapeHtml(texts.offlineRetry)}</button>
</section>`;
  });
  return `<!doctype html>
<html lang="ja-JP">
<head>
<meta charset="UTF-8">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<meta name="theme-color" content="${themeColour}">
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<title>${escapeHtml(textsOf('ja-JP').offlineTitle)}</title>
<style>
body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: ${backgroundColour};
  font-family: system-ui, sans-serif; color: #1f2937; }
section { max-width: 28rem; padding: 2rem; text-align: center; }
button { font: inherit; padding: 0.6rem 1.4rem; border: 0; border-radius: 0.5rem; background: ${themeColour}; color: #fff; }
</style>
</head>
<body>
<main>
${sections.join('\n')}
</main>
<script src="/offline.js"></script>
</body>
</html>
`;
}

/** A browser script from TypeScript; the `export {}` that makes the source a module goes. */
function scriptOf(file: string): string {
  const { outputText } = ts.transpileModule(readText(file), {
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, removeComments: true },
  });
  return outputText.replace(/^export \{\};\s*$/m, '');
}

/** The entry's scripts and styles and what they import at once: what the first page of the app loads. */
function shellAssets(bundle: Rolldown.OutputBundle): string[] {
  const files = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (chunk?.type !== 'chunk' || files.has(fileName)) return;
    files.add(fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const imported of chunk.imports) visit(imported);
  };
  for (const output of Object.values(bundle)) if (output.type === 'chunk' && output.isEntry) visit(output.fileName);
  return [...files];
}

export function appShell(): Plugin {
  return {
    name: 'app-shell',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    async generateBundle(_options, bundle) {
      for (const { fileName, svg, size } of icons) {
        const source = await sharp(new URL(`src/app/app-icons/${svg}`, root).pathname)
          .resize(size, size)
          .png()
          .toBuffer();
        this.emitFile({ type: 'asset', fileName, source });
      }
      for (const locale of locales) {
        const source = `${JSON.stringify(manifestOf(locale, textsOf(locale)), null, 2)}\n`;
        this.emitFile({ type: 'asset', fileName: manifestFileOf(locale), source });
      }
      this.emitFile({ type: 'asset', fileName: 'offline.html', source: offlinePage() });
      this.emitFile({ type: 'asset', fileName: 'offline.js', source: scriptOf('src/app/offline-page.ts') });

      const files = [
        ...shellAssets(bundle),
        'offline.html',
        'offline.js',
        'favicon.svg',
        ...locales.map(manifestFileOf),
        ...icons.map(({ fileName }) => fileName),
      ].map((fileName) => `/${fileName}`);
      const worker = scriptOf('src/app/service-worker.ts');
      // A new build has new hashed files, so a new list and a new worker, which the browser installs.
      const build = createHash('sha256').update(files.join('\n')).update(worker).digest('hex').slice(0, 16);
      const source = worker.replace('__APP_SHELL__', JSON.stringify({ build, files }));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}
