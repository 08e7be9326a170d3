import { readdirSync, readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * One name per area in every layer (docs/architecture.md "Areas"). The table there is the list of
 * areas and their machines; this test holds the layers to it.
 */
const architecture = readFileSync('docs/architecture.md', 'utf8');
const areaSection = architecture.slice(architecture.indexOf('### Areas'), architecture.indexOf('## §3'));
const areaRows = [...areaSection.matchAll(/^\| `([a-z-]+)` +\|[^|]+\|([^|]+)\|$/gm)].map(([, area, machines]) => ({
  area: area ?? '',
  machines: [...(machines ?? '').matchAll(/`([a-z-]+)`/g)].map(([, name]) => name ?? ''),
}));
const areas = areaRows.map((row) => row.area);
const machineNames = areaRows.flatMap((row) => row.machines);

/** Infrastructure every area uses, owned by none: these names need no area's word. */
const sharedNames: Record<string, string[]> = {
  contract: ['endpoint', 'endpoints', 'locales', 'plain-text'],
  machines: ['call-refusals', 'password-strength'],
  'server/db/schema': ['system', 'sandbox-pay'],
  'tests/api': [
    'api-client',
    'data-dir-lock',
    'database-faults',
    'database-template',
    'deep-json',
    'env',
    'global-setup',
    'harness',
    'headers',
    'health',
    'job-queue',
    'locales',
    'openapi',
    'plain-rows',
    'rate-limit',
    'server-core',
    'shutdown',
    'sql-functions',
    'unbuilt-endpoints',
    'unstorable-text',
    'xsrf',
  ],
  'tests/components': ['global-setup', 'i18n', 'plain-text', 'render', 'setup'],
  'tests/machines': ['auth-form-schemas', 'counted-captchas', 'login-line-return', 'model-paths', 'password-strength'],
  'tests/properties': [],
  e2e: [
    'accessibility',
    // Paths of the account pages' machines (app key, bank card, payment password) in one browser run.
    'account-machine-paths',
    'fixtures',
    'global-teardown',
    'machine-coverage',
    'machine-coverage-reporter',
    'machine-replay',
    'navigation',
    'no-raw-keys',
    // The crawl's word checks, shared by its specs.
    'page-words',
    'public-routes',
    'replay-support',
  ],
};
/** Layers whose files begin with their area's word. */
const fileLayers = ['contract', 'server/db/schema', 'tests/api', 'tests/components', 'tests/properties', 'e2e'];
/** Layers with a folder per area. */
const folderLayers = ['src/features', 'server/modules'];
/** Layers named for machines: the machine files, their model tests and their models. */
const machineLayers = ['machines', 'tests/machines', 'tests/models'];

const baseName = (file: string) => file.replace(/(\.(machine|model|property|test|spec|module))*\.(tsx?|css)$/, '');
const entries = (folder: string) => readdirSync(folder).filter((name) => !name.startsWith('.'));

/** The area a name begins with: the longest area whose word the name starts with. */
function leadingArea(name: string, words: string[] = areas): string | undefined {
  return words.filter((word) => name === word || name.startsWith(`${word}-`)).sort((a, b) => b.length - a.length)[0];
}

describe('area names', () => {
  it('reads the table of areas', () => {
    expect(areas.length).toBeGreaterThan(20);
    expect(areas).toContain('withdrawal');
    expect(machineNames).toContain('hall-launch');
  });

  it('begins every file of a layer with an area word, unless it is shared infrastructure', () => {
    const strays: string[] = [];
    for (const layer of fileLayers) {
      for (const name of entries(layer)) {
        const base = baseName(name);
        if (!leadingArea(base) && !sharedNames[layer]?.includes(base)) strays.push(`${layer}/${name}`);
      }
    }
    expect(strays).toEqual([]);
  });

  it('names every feature and server module folder for an area', () => {
    const strays = folderLayers.flatMap((layer) =>
      entries(layer)
        .filter((name) => statSync(`${layer}/${name}`).isDirectory() && !areas.includes(name))
        .map((name) => `${layer}/${name}`),
    );
    expect(strays).toEqual([]);
  });

  it("keeps another area's word out of an area's folder", () => {
    const strays: string[] = [];
    for (const layer of folderLayers) {
      for (const area of entries(layer).filter((name) => areas.includes(name))) {
        for (const name of entries(`${layer}/${area}`)) {
          const leading = leadingArea(baseName(name));
          if (leading && leading !== area) strays.push(`${layer}/${area}/${name}`);
        }
      }
    }
    expect(strays).toEqual([]);
  });

  it('gives an area with code in a layer a file named for it there', () => {
    const missing: string[] = [];
    for (const layer of ['contract', 'server/db/schema']) {
      const bases = entries(layer).map(baseName);
      for (const area of new Set(bases.map((base) => leadingArea(base)))) {
        if (area && !bases.includes(area)) missing.push(`${layer}/${area}.ts`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('lists every machine under its area, and names model tests for machines', () => {
    const machineFiles = entries('machines')
      .filter((name) => name.endsWith('.machine.ts'))
      .map(baseName);
    expect(machineFiles.sort()).toEqual([...machineNames].sort());
    const strays: string[] = [];
    for (const layer of machineLayers) {
      for (const name of entries(layer)) {
        const base = baseName(name);
        const known = leadingArea(base, machineNames) || leadingArea(base) || sharedNames[layer]?.includes(base);
        if (!known) strays.push(`${layer}/${name}`);
      }
    }
    expect(strays).toEqual([]);
  });

  it('uses no retired name', () => {
    const retired = /(^|[-/])(finance|draw|station|amigo|springboard|game-hall)([-./]|$)/;
    const layers = [...fileLayers, ...folderLayers, ...machineLayers];
    const named = layers.flatMap((layer) =>
      entries(layer).flatMap((name) =>
        statSync(`${layer}/${name}`).isDirectory()
          ? entries(`${layer}/${name}`).map((inner) => `${layer}/${name}/${inner}`)
          : [`${layer}/${name}`],
      ),
    );
    expect(named.filter((path) => retired.test(path.slice(path.indexOf('/') + 1)))).toEqual([]);
  });
});
