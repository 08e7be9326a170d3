/**
 * `npm run paths -- <machine> [--format md|json] [--strategy shortest|simple]`: the paths the model
 * test of machines/<machine>.machine.ts walks, as numbered steps a person can follow on the page: in
 * which state, what to do (an event with its fixture's payload, a call's answer, a wait), and what
 * state and page to expect. The models are the test's own (tests/models/<machine>.model.ts); what
 * each state shows is its note in the machine file's opening comment. The JSON form carries the
 * event objects and the state values, as a browser replay or `replayPath` reads them.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isMachineModel, type MachineModel, modelPaths, type PathStrategy } from '../tests/machines/model-paths';
import { openingComment, stateNotes } from './flow-diagrams';

const repoRoot = path.resolve(import.meta.dirname, '..');
const modelsDir = 'tests/models';
const usage = 'npm run paths -- <machine> [--format md|json] [--strategy shortest|simple]';

class UsageError extends Error {}

interface Options {
  machine: string;
  format: 'md' | 'json';
  strategy: PathStrategy;
}

/** The machines with a model file, by their machine file's name (`withdraw`). */
export async function modelledMachines(): Promise<string[]> {
  const files = await readdir(path.join(repoRoot, modelsDir));
  return files
    .filter((file) => file.endsWith('.model.ts'))
    .map((file) => file.replace(/\.model\.ts$/, ''))
    .sort();
}

/** Every model a model file exports, alone or in a list or record of them, in the order of the exports. */
export async function loadModels(machine: string): Promise<MachineModel[]> {
  const file = path.join(repoRoot, modelsDir, `${machine}.model.ts`);
  const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  return Object.values(module).flatMap((value) => {
    if (isMachineModel(value)) return [value];
    if (typeof value !== 'object' || value === null) return [];
    const members = Object.values(value);
    return members.length > 0 && members.every(isMachineModel) ? members : [];
  });
}

const camelToKebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/**
 * What the page shows in each state: the notes of the machine's own file, then those of the file
 * named after the machine's id (a withdrawal's front is the money-request machine, explained there).
 */
async function notesFor(machineFile: string, machineId: string): Promise<(statePath: string) => string | null> {
  const read = async (name: string) => {
    const text = await readFile(path.join(repoRoot, 'machines', `${name}.machine.ts`), 'utf8').catch(() => '');
    return stateNotes(openingComment(text));
  };
  const sources = [await read(machineFile), await read(camelToKebab(machineId))];
  return (statePath) => {
    // A child state without a note of its own is explained by its parent's.
    for (let parts = statePath.split('.'); parts.length > 0; parts = parts.slice(0, -1))
      for (const notes of sources) {
        const note = notes.get(parts.join('.'));
        if (note) return note;
      }
    return null;
  };
}

/** `{ pendingReview: 'checking' }` is `pendingReview.checking`; a parallel state gives one path per region. */
export function statePaths(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [`${prefix}${value}`];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => statePaths(child, `${prefix}${key}.`));
}

/** Errors keep their message and fields, a Blob says what it holds: JSON drops both otherwise. */
function plain(_key: string, value: unknown): unknown {
  if (value instanceof Error) return { ...value, message: value.message };
  if (typeof Blob !== 'undefined' && value instanceof Blob) return { blob: { type: value.type, size: value.size } };
  return value;
}

const compact = (value: unknown) => JSON.stringify(value, plain);

interface Step {
  event: { type: string; delayMs?: number } & Record<string, unknown>;
  state: { value: unknown };
  /** What the page shows in the state the step lands in. */
  shows: string[];
}

function stateText(value: unknown) {
  return statePaths(value)
    .map((name) => `\`${name}\``)
    .join(' + ');
}

/** What a person does for one step: an event with its payload, a call's answer, or a wait. */
function actionText(event: Step['event']): string {
  const { type, ...payload } = event;
  const done = /^xstate\.done\.actor\.(.+)$/.exec(type);
  if (done)
    return `let the \`${done[1]}\` call succeed${'output' in payload ? ` with \`${compact(payload.output)}\`` : ''}`;
  const error = /^xstate\.error\.actor\.(.+)$/.exec(type);
  if (error) return `let the \`${error[1]}\` call fail with \`${compact(payload.error)}\``;
  const delay = /^xstate\.after\.([^.]+)\./.exec(type);
  if (delay) return `wait for \`${delay[1]}\`${event.delayMs ? ` (${event.delayMs} ms)` : ''}`;
  return Object.keys(payload).length === 0 ? `do \`${type}\`` : `do \`${type}\` with \`${compact(payload)}\``;
}

/** A note's first clause, for the steps; the whole note is in the model's list of states. */
const firstClause = (note: string) => /^.*?(?=; |\. |:\s|\.$|$)/.exec(note)?.[0] ?? note;

function shownText(step: Step) {
  return step.shows.map((note) => firstClause(note) || '(no note in the machine file)').join(' / ');
}

export async function renderPaths(options: Options): Promise<string> {
  const walks = await walksOf(options);
  if (options.format === 'json') {
    const document = {
      machine: options.machine,
      strategy: options.strategy,
      models: walks.map(({ model, paths }) => ({
        title: model.title,
        machineId: model.machine.id,
        input: model.input ?? null,
        paths,
      })),
    };
    return `${JSON.stringify(document, plain, 2)}\n`;
  }
  const lines = [
    `# ${options.machine}: the model test's paths (${options.strategy})`,
    '',
    "Each path starts on a fresh page. Take the steps in order; after each, the page should be in the state named, showing what its note says. A call's answer is what the server (or a network failure) must give; a wait is the page's own timer.",
  ];
  for (const walk of walks) lines.push(...modelLines(walk));
  return `${lines.join('\n')}\n`;
}

interface ModelWalk {
  model: MachineModel;
  paths: { steps: Step[] }[];
}

/** Each model's paths, every step with what the page shows in the state it lands in. */
async function walksOf(options: Options): Promise<ModelWalk[]> {
  const models = await loadModels(options.machine);
  return Promise.all(
    models.map(async (model) => {
      const shows = await notesFor(options.machine, model.machine.id);
      const paths = modelPaths(model, options.strategy).map(({ path: generated }) => ({
        steps: generated.steps.map(
          (step): Step => ({
            event: step.event as Step['event'],
            state: { value: step.state.value },
            shows: statePaths(step.state.value).map((name) => shows(name) ?? ''),
          }),
        ),
      }));
      return { model, paths };
    }),
  );
}

/** One model's section: its input, the states its paths pass through with their notes, then the paths. */
function modelLines({ model, paths }: ModelWalk): string[] {
  const lines = [
    '',
    `## ${model.title} (machine \`${model.machine.id}\`), ${paths.length} paths`,
    ...(model.input === undefined ? [] : ['', `Input: \`${compact(model.input)}\``]),
    '',
    'The states it passes through, as the machine file explains them:',
    '',
  ];
  const states = new Map(
    paths.flatMap((walk) =>
      walk.steps.flatMap((step) =>
        statePaths(step.state.value).map((name, index) => [name, step.shows[index]] as const),
      ),
    ),
  );
  for (const [name, note] of [...states].sort(([a], [b]) => a.localeCompare(b)))
    lines.push(`- \`${name}\`: ${note || '(no note in the machine file)'}`);
  paths.forEach((walk, index) => {
    lines.push(...pathLines(walk.steps, index));
  });
  return lines;
}

function pathLines([start, ...steps]: Step[], index: number): string[] {
  if (!start) return [];
  const lines = [
    '',
    `### Path ${index + 1}: ${steps.map((step) => step.event.type).join(' → ') || '(the first state)'}`,
    '',
    `Start: the page opens in ${stateText(start.state.value)}: ${shownText(start)}`,
  ];
  let previous = start;
  steps.forEach((step, stepIndex) => {
    const same = compact(step.state.value) === compact(previous.state.value);
    const expectation = same
      ? `stay in ${stateText(step.state.value)}`
      : `expect ${stateText(step.state.value)}: ${shownText(step)}`;
    lines.push(
      `${stepIndex + 1}. In ${stateText(previous.state.value)}, ${actionText(step.event)}; then ${expectation}`,
    );
    previous = step;
  });
  return lines;
}

function parseOptions(argv: string[]): Options {
  const positional: string[] = [];
  let format: Options['format'] = 'md';
  let strategy: PathStrategy = 'shortest';
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index] ?? '';
    if (arg === '--format') format = choice(arg, argv[++index], ['md', 'json']);
    else if (arg === '--strategy') strategy = choice(arg, argv[++index], ['shortest', 'simple']);
    else if (arg.startsWith('--')) throw new UsageError(`unknown option ${arg}`);
    else positional.push(arg);
  }
  const [machine] = positional;
  if (positional.length !== 1 || !machine) throw new UsageError('name one machine');
  return { machine, format, strategy };
}

/** The value given to an option that takes one of a few. */
function choice<T extends string>(option: string, value: string | undefined, allowed: readonly T[]): T {
  if (!allowed.includes(value as T))
    throw new UsageError(`${option} takes ${allowed.join(' or ')}; got "${value ?? ''}"`);
  return value as T;
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const known = await modelledMachines();
  if (!known.includes(options.machine))
    throw new UsageError(`no model for "${options.machine}"; machines with one: ${known.join(', ')}`);
  process.stdout.write(await renderPaths(options));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    if (error instanceof UsageError) {
      process.stderr.write(`${usage}\n${error.message}\n`);
      process.exit(2);
    }
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}
