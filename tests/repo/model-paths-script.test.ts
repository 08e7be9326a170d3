import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadModels, modelledMachines, renderPaths, statePaths } from '../../scripts/paths';
import { replayPath } from '../machines/model-paths';
import { withdrawModel, withdrawRequestModel } from '../models/withdrawal.model';

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../..');

/** `npm run paths` as a person runs it: a child process, its output and its exit code. */
async function paths(...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'scripts/paths.ts', ...args], {
      cwd: repoRoot,
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

interface PathsDocument {
  machine: string;
  strategy: string;
  models: {
    title: string;
    machineId: string;
    paths: { steps: { event: { type: string }; state: { value: unknown }; shows: string[] }[] }[];
  }[];
}

describe('npm run paths', () => {
  it('prints the withdrawal paths as numbered steps, each state with what the page shows', async () => {
    const { code, stdout } = await paths('withdrawal');
    expect(code).toBe(0);
    expect(stdout).toContain('# withdrawal: the model test');
    expect(stdout).toContain('## withdrawRequest (machine `moneyRequest`)');
    expect(stdout).toContain('## withdrawMachine (machine `withdraw`)');
    // A call's answer with its fixture, then the state and the first clause of its note.
    expect(stdout).toMatch(
      /^1\. In `checkingPrerequisites`, let the `loadPrerequisites` call succeed with `\{"profile":\{"firstName":"花子".*`; then expect `editing`: waiting for the form, which the view checks against the contract's rules and sends as one `form\.submit` with the call's body \(the parsed values\)$/m,
    );
    // An event with its payload, and an error with its fields.
    expect(stdout).toMatch(
      /^\d+\. In `editing`, do `form\.submit` with `\{"body":\{"bankCardId":3,"amount":8000,"payPassword":"246801"\}\}`/m,
    );
    expect(stdout).toContain(
      'call fail with `{"code":422,"fields":{"payPassword":"支払いパスワードが正しくありません"},"message":"refused"}`',
    );
    // The steps of a path are numbered from 1 without gaps.
    for (const block of stdout.split('\n### ').slice(1)) {
      const numbers = [...block.matchAll(/^(\d+)\. /gm)].map((match) => Number(match[1]));
      expect(numbers).toEqual(numbers.map((_, index) => index + 1));
    }
  }, 60_000);

  it('gives JSON whose paths replay on the machine, step by step', async () => {
    const { code, stdout } = await paths('withdrawal', '--format', 'json', '--strategy', 'shortest');
    expect(code).toBe(0);
    const document = JSON.parse(stdout) as PathsDocument;
    expect(document.machine).toBe('withdrawal');
    expect(document.models.map((model) => model.title).sort()).toEqual(['withdrawMachine', 'withdrawRequest']);
    const models = { withdrawMachine: withdrawModel, withdrawRequest: withdrawRequestModel };
    for (const { title, paths: walks } of document.models) {
      expect(walks.length).toBeGreaterThan(1);
      for (const walk of walks) {
        expect(walk.steps[0]?.event.type).toBe('xstate.init');
        for (const step of walk.steps) expect(step.shows.every((note) => note.length > 0)).toBe(true);
        await replayPath(models[title as keyof typeof models] as typeof withdrawRequestModel, walk);
      }
    }
  }, 120_000);

  it('fails a JSON path that says the machine goes elsewhere', async () => {
    const { stdout } = await paths('withdrawal', '--format', 'json');
    const request = (JSON.parse(stdout) as PathsDocument).models.find((model) => model.title === 'withdrawRequest')!;
    const walk = request.paths.find((candidate) => candidate.steps.length > 2)!;
    walk.steps.at(-1)!.state.value = 'noChannel';
    await expect(replayPath(withdrawRequestModel, walk)).rejects.toThrow(/after /);
  }, 60_000);

  it('lists the machines it knows when asked for another, and exits 2', async () => {
    const { code, stderr } = await paths('no-such-machine');
    expect(code).toBe(2);
    expect(stderr).toContain('no model for "no-such-machine"');
    expect(stderr).toContain('withdrawal');
    expect((await paths('withdrawal', '--format', 'yaml')).code).toBe(2);
  }, 60_000);
});

describe('model files', () => {
  it('exist for every machine with a model test, which takes its model from there', async () => {
    const known = await modelledMachines();
    const tests = (await readdir(path.join(repoRoot, 'tests/machines'))).filter((file) => file.endsWith('.test.ts'));
    for (const file of tests) {
      const text = await readFile(path.join(repoRoot, 'tests/machines', file), 'utf8');
      if (!text.includes('modelPaths(')) continue;
      const name = file.replace(/\.test\.ts$/, '');
      expect(known, `tests/models/${name}.model.ts for ${file}`).toContain(name);
      expect(text, `${file} takes its model from tests/models/${name}.model.ts`).toContain(
        `from '../models/${name}.model'`,
      );
      expect(text, `${file} keeps no event fixtures of its own`).not.toMatch(/EventFixtures</);
    }
  });

  it('exist for every machine file, but the one modelled through the machines that invoke it', async () => {
    // The money-request machine is a factory: its deposit and withdrawal fronts are modelled in theirs.
    const modelledElsewhere = ['money-request'];
    const machines = (await readdir(path.join(repoRoot, 'machines')))
      .filter((file) => file.endsWith('.machine.ts'))
      .map((file) => file.replace(/\.machine\.ts$/, ''));
    const missing = machines.filter((name) => !modelledElsewhere.includes(name));
    expect(await modelledMachines()).toEqual(missing.sort());
  });

  it('give every state their paths pass through a note saying what the page shows', async () => {
    for (const machine of await modelledMachines()) {
      const models = await loadModels(machine);
      expect(models.length, machine).toBeGreaterThan(0);
      const document = JSON.parse(
        await renderPaths({ machine, format: 'json', strategy: 'shortest' }),
      ) as PathsDocument;
      for (const model of document.models)
        for (const walk of model.paths)
          for (const step of walk.steps) {
            for (const [index, name] of statePaths(step.state.value).entries())
              expect(step.shows[index], `${machine}: ${model.title}, state ${name}`).not.toBe('');
          }
    }
  }, 300_000);
});
