import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyStateMachine } from 'xstate';
import { type EventShape, machineEvents } from './machine-events';

/**
 * What `npm run flows` writes: for every machine file, `docs/flows/<file>.md` with each machine it
 * exports as a Mermaid state diagram (nested and parallel states; guards and delays on the arrows),
 * the events it accepts with their payloads, and the states' explanations from the file's opening
 * comment; and `docs/flows/README.md`, the index.
 */

const repoRoot = path.resolve(import.meta.dirname, '..');
const machinesDir = 'machines';
export const flowsDir = 'docs/flows';

interface MachineFile {
  /** `withdraw` for machines/withdrawal.machine.ts. */
  name: string;
  modulePath: string;
  comment: string;
  machines: { exportName: string; machine: AnyStateMachine }[];
}

/** The minimal view of xstate's state nodes and transitions the diagrams read. */
interface StateNodeView {
  key: string;
  id: string;
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  states: Record<string, StateNodeView>;
  initial?: { target: StateNodeView[] };
  transitions: Map<string, TransitionView[]>;
  always?: TransitionView[];
  invoke: { id: string }[];
}

interface TransitionView {
  target?: StateNodeView[];
  guard?: unknown;
}

/** By shape, not `instanceof`: a test runner may load xstate twice. */
const isMachine = (value: unknown) =>
  typeof value === 'object' && value !== null && 'root' in value && 'provide' in value && 'getInitialSnapshot' in value;

async function machineFiles(): Promise<MachineFile[]> {
  const names = (await readdir(path.join(repoRoot, machinesDir))).filter((name) => name.endsWith('.machine.ts')).sort();
  const files: MachineFile[] = [];
  for (const fileName of names) {
    const modulePath = `${machinesDir}/${fileName}`;
    const text = await readFile(path.join(repoRoot, modulePath), 'utf8');
    const module = (await import(pathToFileURL(path.join(repoRoot, modulePath)).href)) as Record<string, unknown>;
    const machines = Object.entries(module)
      .filter((entry): entry is [string, AnyStateMachine] => isMachine(entry[1]))
      // By name: module namespaces list their exports in different orders under different loaders.
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([exportName, machine]) => ({ exportName, machine }));
    if (machines.length === 0) continue;
    files.push({ name: fileName.replace(/\.machine\.ts$/, ''), modulePath, comment: openingComment(text), machines });
  }
  return files;
}

/** The file's first block comment, without its stars. */
export function openingComment(text: string): string {
  const block = /\/\*\*([\s\S]*?)\*\//.exec(text)?.[1] ?? '';
  return block
    .split('\n')
    .map((line) => line.replace(/^\s*\* ?/, ''))
    .join('\n')
    .trim();
}

/** A bullet of the list of states: its indent, its state names, what comes before the colon, and after it. */
const bulletPattern = /^(\s*)- ([A-Za-z][\w.]*(?: \([^)]*\))?(?: \/ [A-Za-z][\w.]*)*)([^:]*):(.*)$/;

/**
 * Each state's note from the opening comment's list of states, by the state's path (`editing`,
 * `pendingReview.checking`, `session.round.idle`): a bullet `- name: what it is` (or `- a / b: …`
 * for states explained together), with nested bullets for child states and indented lines continuing
 * the bullet above.
 */
export function stateNotes(comment: string): Map<string, string> {
  const notes = new Map<string, string>();
  const open: OpenBullet[] = [];
  const parents: BulletParent[] = [];
  const close = () => {
    const bullet = open.pop();
    if (!bullet) return;
    for (const name of bullet.names) notes.set(name, bullet.text.join(' ').trim());
  };
  for (const line of comment.split('\n')) {
    const bullet = bulletPattern.exec(line);
    if (bullet) {
      close();
      open.push(openBullet(bullet, parents));
    } else if (open.length > 0 && /^\s+\S/.test(line) && !/^\s*- /.test(line)) {
      open.at(-1)?.text.push(line.trim());
    } else {
      close();
      if (line.trim() === '') parents.length = 0;
    }
  }
  close();
  return notes;
}

interface OpenBullet {
  indent: number;
  names: string[];
  text: string[];
}

interface BulletParent {
  indent: number;
  name: string;
}

/** A bullet's state paths, under the bullets it is nested in (`parents`, brought up to this bullet), and its first line. */
function openBullet(bullet: RegExpExecArray, parents: BulletParent[]): OpenBullet {
  const [, lead = '', named = '', said = '', rest = ''] = bullet;
  const indent = lead.length;
  while ((parents.at(-1)?.indent ?? -1) >= indent) parents.pop();
  const prefix = parents.map((parent) => `${parent.name}.`).join('');
  const names = named
    .replace(/ \([^)]*\)/g, '')
    .split(' / ')
    .map((name) => `${prefix}${name.trim()}`);
  parents.push({ indent, name: named.split(/[ /]/)[0] ?? named });
  // `- session (parallel), the game on screen:` says what it is before the colon.
  const text = rest.trim() || said.replace(/^[\s,]+/, '').trim();
  return { indent, names, text: [text] };
}

function guardText(guard: unknown): string {
  if (!guard) return '';
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    // xstate's and(), or() and not() keep the guards they combine.
    const combined = (guard as { guards?: unknown[] }).guards;
    if (combined) return `${guard.name}(${combined.map(guardText).join(', ')})`;
    return 'inline';
  }
  if (typeof guard === 'object' && 'type' in guard) {
    const { type, params } = guard as { type: string; params?: unknown };
    const shown =
      params && typeof params === 'object' && Object.values(params).every((value) => typeof value !== 'object')
        ? `(${Object.values(params).join(', ')})`
        : '';
    return `${type}${shown}`;
  }
  return 'inline';
}

/** `xstate.done.actor.sendRequest` reads "sendRequest done"; `xstate.after.retry.x` reads "after retry". */
function eventText(eventType: string): string {
  const done = /^xstate\.done\.actor\.(.+)$/.exec(eventType);
  if (done) return `${done[1]} done`;
  const error = /^xstate\.error\.actor\.(.+)$/.exec(eventType);
  if (error) return `${error[1]} failed`;
  const delay = /^xstate\.after\.([^.]+)\./.exec(eventType)?.[1];
  if (delay) return `after ${/^\d+$/.test(delay) ? `${delay} ms` : delay}`;
  return eventType;
}

/** Mermaid labels may not hold these. */
const labelSafe = (text: string) =>
  text
    .replace(/[;:#{}]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

function diagramOf(machine: AnyStateMachine): string {
  const root = machine.root as unknown as StateNodeView;
  const counts = new Map<string, number>();
  const countKeys = (node: StateNodeView) => {
    for (const child of Object.values(node.states)) {
      counts.set(child.key, (counts.get(child.key) ?? 0) + 1);
      countKeys(child);
    }
  };
  countKeys(root);
  // A state's own name where it is unique in the machine, else its path: Mermaid ids are global.
  const idOf = (node: StateNodeView) =>
    (counts.get(node.key) ?? 0) > 1 ? node.id.split('.').slice(1).join('_') : node.key;

  const lines = ['stateDiagram-v2'];
  const emit = (node: StateNodeView, depth: number) => {
    const indent = '  '.repeat(depth);
    const children = Object.values(node.states);
    if (node.type === 'parallel') {
      children.forEach((region, index) => {
        if (index > 0) lines.push(`${indent}--`);
        emitState(region, depth);
      });
      return;
    }
    const initial = node.initial?.target[0];
    if (initial) lines.push(`${indent}[*] --> ${idOf(initial)}`);
    for (const child of children) emitState(child, depth);
    for (const child of children) emitTransitions(child, depth);
  };
  const emitState = (node: StateNodeView, depth: number) => {
    const indent = '  '.repeat(depth);
    const id = idOf(node);
    if (id !== node.key) lines.push(`${indent}state "${node.key}" as ${id}`);
    if (node.type === 'compound' || node.type === 'parallel') {
      lines.push(`${indent}state ${id} {`);
      emit(node, depth + 1);
      lines.push(`${indent}}`);
    }
    if (node.type === 'final') lines.push(`${indent}${id} --> [*]`);
  };
  const emitTransitions = (node: StateNodeView, depth: number) => {
    const indent = '  '.repeat(depth);
    const arrows: [string, TransitionView][] = [...node.transitions].flatMap(([eventType, transitions]) =>
      transitions.map((transition) => [eventText(eventType), transition] as [string, TransitionView]),
    );
    for (const transition of node.always ?? []) arrows.push(['always', transition]);
    for (const [event, transition] of arrows) {
      const guard = guardText(transition.guard);
      const label = labelSafe(guard ? `${event} [${guard}]` : event);
      for (const target of transition.target ?? [node])
        lines.push(`${indent}${idOf(node)} --> ${idOf(target)} : ${label}`);
    }
  };
  emit(root, 1);
  return lines.join('\n');
}

function eventsTable(events: EventShape[]): string {
  if (events.length === 0)
    return 'None from outside: it moves on its own, on its actors’ answers, its delays and its parent’s events.';
  const rows = events.map(
    (event) =>
      `| \`${event.type}\` | ${
        event.fields.length === 0
          ? '—'
          : event.fields.map((field) => `\`${field.name}: ${field.type.replace(/\|/g, '\\|')}\``).join('<br>')
      } |`,
  );
  return ['| Event | Payload |', '|---|---|', ...rows].join('\n');
}

const generatedNote =
  '<!-- Written by `npm run flows` from the machines; a test fails when it differs. Do not edit. -->';

function flowPage(file: MachineFile, events: Map<string, EventShape[]>): string {
  const sections = file.machines.map(({ exportName, machine }) => {
    // A machine generic in its events (it takes none of its own) reads as `string`.
    const shapes = (events.get(`${file.modulePath}#${exportName}`) ?? []).filter((event) => event.type !== 'string');
    return [
      `## \`${exportName}\` (id \`${machine.id}\`)`,
      ['```mermaid', diagramOf(machine), '```'].join('\n'),
      '### Events',
      eventsTable(shapes),
    ].join('\n\n');
  });
  return [
    generatedNote,
    `# ${file.name}`,
    `Source: [\`${file.modulePath}\`](../../${file.modulePath}). The states, as the file explains them:`,
    file.comment
      .split('\n')
      .map((line) => (line ? `> ${line}` : '>'))
      .join('\n'),
    ...sections,
    '',
  ].join('\n\n');
}

function indexPage(files: MachineFile[]): string {
  const rows = files.map((file) => {
    const summary = (file.comment.split('\n\n')[0] ?? '').replace(/\s*\n\s*/g, ' ');
    const machines = file.machines.map(({ exportName }) => `\`${exportName}\``).join(', ');
    return `| [${file.name}](./${file.name}.md) | ${machines} | ${summary.replace(/\|/g, '\\|')} |`;
  });
  return [
    generatedNote,
    '# The flows',
    'Every machine of the product as a state diagram, with the events it takes. GitHub and most editors draw the Mermaid blocks; the README says how to open a machine in the Stately editor.',
    ['| Flow | Machines | What it is |', '|---|---|---|', ...rows].join('\n'),
    '',
  ].join('\n\n');
}

/** Every page `npm run flows` writes, by its path from the repository's root. */
export async function renderFlows(): Promise<Map<string, string>> {
  const files = await machineFiles();
  const events = machineEvents(
    new Map(files.map((file) => [file.modulePath, file.machines.map(({ exportName }) => exportName)])),
  );
  const pages = new Map<string, string>();
  for (const file of files) pages.set(`${flowsDir}/${file.name}.md`, flowPage(file, events));
  pages.set(`${flowsDir}/README.md`, indexPage(files));
  return pages;
}
