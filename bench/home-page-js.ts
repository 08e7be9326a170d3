import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { startMainServer } from './main-server';
import { exited, repoRoot, tailOf, viteBin } from './processes';

export const distDir = path.join(repoRoot, 'dist');
export const chromiumPath = '/usr/bin/chromium';

const distIndex = path.join(distDir, 'index.html');
/** The studio's game page, built beside the SPA (vite.config.ts's studio environment). */
export const studioPageHtml = path.join(distDir, 'studio', 'page', 'index.html');
/** The game page's first load: opened without a launch token it loads its code and one locale's strings, and no title. */
export const studioPagePath = '/studio/play?lang=ja-JP';
const buildTimeoutMs = 150_000;
/** What the built SPA is made from; a newer file here means dist/ no longer shows the current code. */
const sourcePaths = [
  'index.html',
  'studio/page',
  'vite.config.ts',
  'postcss.config.cjs',
  'package-lock.json',
  'src',
  'public',
  'locales',
  'contract',
  'games',
  'machines',
];
const maxSourceFiles = 50_000;

/** The lines that say what went wrong, without the stack trace and the code frame. */
function buildErrorOf(output: string): string {
  const lines = output.split('\n').map((line) => line.replace(/\x1b\[[0-9;]*m/g, '').trim());
  const start = Math.max(
    0,
    lines.findIndex((line) => /error/i.test(line)),
  );
  return lines
    .slice(start)
    .filter((line) => line && !line.startsWith('at ') && !line.startsWith('errors:') && !/^[│╭╰─\d}]/.test(line))
    .slice(0, 4)
    .join(' | ');
}

export type BuildOutcome =
  | { ready: true; built: boolean; buildMs: number; why: string }
  | { ready: false; reason: string };

async function newestSourceMtime(): Promise<number> {
  let newest = 0;
  let seen = 0;
  const pending = sourcePaths.map((entry) => path.join(repoRoot, entry));
  while (pending.length > 0 && seen < maxSourceFiles) {
    const current = pending.pop()!;
    const info = await stat(current).catch(() => null);
    if (!info) continue;
    seen += 1;
    if (info.isDirectory()) {
      for (const name of await readdir(current)) pending.push(path.join(current, name));
    } else {
      newest = Math.max(newest, info.mtimeMs);
    }
  }
  return newest;
}

/** Runs `vite build` when forced, when dist/ is missing or when a source is newer than dist/index.html. */
export async function ensureBuilt(force: boolean): Promise<BuildOutcome> {
  const builtAt = existsSync(distIndex) ? (await stat(distIndex)).mtimeMs : null;
  const newestSource = await newestSourceMtime();
  let why: string;
  if (force) why = '--build given';
  else if (builtAt === null) why = 'dist/index.html missing';
  else if (newestSource > builtAt) why = 'sources newer than dist/';
  else return { ready: true, built: false, buildMs: 0, why: 'dist/ up to date' };

  if (!existsSync(path.join(repoRoot, 'index.html')) || !existsSync(path.join(repoRoot, 'vite.config.ts'))) {
    return { ready: false, reason: `${why}, and there is no index.html + vite.config.ts to build the SPA from yet` };
  }
  const started = performance.now();
  const child = spawn(viteBin, ['build', '--logLevel', 'warn'], {
    cwd: repoRoot,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = tailOf(child, 20_000);
  const timer = setTimeout(() => child.kill('SIGKILL'), buildTimeoutMs);
  const code = await exited(child);
  clearTimeout(timer);
  if (code !== 0 || !existsSync(distIndex)) {
    return { ready: false, reason: `${why}; vite build failed (exit ${code ?? 'killed'}): ${buildErrorOf(output())}` };
  }
  return { ready: true, built: true, buildMs: performance.now() - started, why };
}

export interface JsFile {
  urlPath: string;
  /** What a browser downloads: the brotli copy the server sends, or the file itself when there is none. */
  wireBytes: number;
  rawBytes: number;
}

export interface HomePageJs {
  method: 'chromium' | 'static-walk';
  wireBytes: number;
  rawBytes: number;
  /** Largest first. */
  files: JsFile[];
  /** Only for the static walk: every JS file in dist/, the most the home page could load. */
  allJsWireBytes?: number;
}

/** The dist/ file a URL path of the built server names, refusing anything outside dist/. */
function distFileOf(urlPath: string): string {
  const file = path.join(distDir, decodeURIComponent(urlPath));
  if (!file.startsWith(distDir + path.sep)) throw new Error(`${urlPath} is outside dist/`);
  return file;
}

const totalsOf = (files: JsFile[]) => {
  files.sort((a, b) => b.wireBytes - a.wireBytes);
  return {
    wireBytes: files.reduce((sum, file) => sum + file.wireBytes, 0),
    rawBytes: files.reduce((sum, file) => sum + file.rawBytes, 0),
    files,
  };
};

/** Sizes from dist/: the brotli copy the server would send a browser, else the file itself. */
async function sizesOf(urlPaths: string[]): Promise<{ wireBytes: number; rawBytes: number; files: JsFile[] }> {
  const files: JsFile[] = [];
  for (const urlPath of urlPaths) {
    const file = distFileOf(urlPath);
    const rawBytes = (await stat(file)).size;
    const brotli = `${file}.br`;
    files.push({ urlPath, rawBytes, wireBytes: existsSync(brotli) ? (await stat(brotli)).size : rawBytes });
  }
  return totalsOf(files);
}

/**
 * Loads `pagePath` ("/" by default) in the system Chromium from the built server (`tsx server/main.ts`
 * on `dataDir`), collects every JavaScript response, and sums the bytes each took on the wire (the server sends
 * the build's brotli copies).
 */
export async function measureWithChromium(dataDir: string, pagePath = '/'): Promise<HomePageJs> {
  const { chromium } = await import('@playwright/test');
  const server = await startMainServer(dataDir);
  try {
    const browser = await chromium.launch({
      executablePath: chromiumPath,
      args: ['--no-sandbox', '--disable-background-networking', '--disable-gpu'],
    });
    try {
      const page = await browser.newPage();
      const scripts = new Map<string, Promise<JsFile>>();
      const failures: string[] = [];
      page.on('response', (response) => {
        const url = new URL(response.url());
        const isScript =
          response.request().resourceType() === 'script' ||
          /javascript/.test(response.headers()['content-type'] ?? '') ||
          /\.m?js$/.test(url.pathname);
        if (!isScript || url.origin !== server.url) return;
        if (response.status() >= 400) failures.push(`${url.pathname} ${response.status()}`);
        else
          scripts.set(
            url.pathname,
            response
              .request()
              .sizes()
              .then(async (sizes) => ({
                urlPath: url.pathname,
                wireBytes: sizes.responseBodySize,
                rawBytes: (await stat(distFileOf(url.pathname))).size,
              })),
          );
      });
      const response = await page.goto(`${server.url}${pagePath}`, { waitUntil: 'networkidle', timeout: 30_000 });
      if (!response?.ok()) throw new Error(`GET ${pagePath} answered ${response?.status() ?? 'nothing'}`);
      if (failures.length > 0) throw new Error(`scripts failed to load: ${failures.join(', ')}`);
      if (scripts.size === 0) throw new Error(`${pagePath} loaded no JavaScript from the server`);
      return { method: 'chromium', ...totalsOf(await Promise.all(scripts.values())) };
    } finally {
      await browser.close();
    }
  } finally {
    await server.stop();
  }
}

const tagPattern = /<(script|link)\b[^>]*>/gi;
const attributeOf = (tag: string, name: string) =>
  new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1];
/** Static `import ... from "x"`, `import "x"` and `export ... from "x"`; `import("x")` (lazy) is left out on purpose. */
const staticImportPattern = /\b(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["']([^"']+\.m?js)["']/g;
const maxWalkedFiles = 1_000;

/** The paths of the scripts and module preloads the page names, as they are served. */
function entryScripts(html: string): string[] {
  const paths: string[] = [];
  for (const [tag, kind] of html.matchAll(tagPattern)) {
    const isScript = kind!.toLowerCase() === 'script';
    const reference = isScript
      ? attributeOf(tag, 'src')
      : attributeOf(tag, 'rel') === 'modulepreload'
        ? attributeOf(tag, 'href')
        : undefined;
    if (reference?.startsWith('/')) paths.push(new URL(reference, 'http://dist').pathname);
  }
  return paths;
}

/** The served paths of the chunks a chunk imports statically (relative or absolute specifiers only). */
function staticImportsOf(code: string, urlPath: string): string[] {
  const paths: string[] = [];
  for (const [, specifier] of code.matchAll(staticImportPattern)) {
    if (specifier!.startsWith('./') || specifier!.startsWith('../') || specifier!.startsWith('/')) {
      paths.push(new URL(specifier!, `http://dist${urlPath}`).pathname);
    }
  }
  return paths;
}

/**
 * Without a browser: the scripts and module preloads index.html names, plus every chunk they
 * import statically. Chunks loaded lazily by the router are not counted, so this is a lower bound;
 * the sum over every JS file in dist/ is given beside it as the upper bound.
 */
export async function measureByStaticWalk(htmlFile = distIndex): Promise<HomePageJs> {
  const queue = entryScripts(await readFile(htmlFile, 'utf8'));
  const files = new Set<string>();
  while (queue.length > 0 && files.size < maxWalkedFiles) {
    const urlPath = queue.pop()!;
    if (files.has(urlPath)) continue;
    files.add(urlPath);
    queue.push(...staticImportsOf(await readFile(distFileOf(urlPath), 'utf8'), urlPath));
  }
  const allJs = (await readdir(distDir, { recursive: true }))
    .filter((name) => /\.m?js$/.test(name))
    .map((name) => `/${name.split(path.sep).join('/')}`);
  return {
    method: 'static-walk',
    ...(await sizesOf([...files])),
    allJsWireBytes: (await sizesOf(allJs)).wireBytes,
  };
}
