import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * One pattern for every form (docs/architecture.md §6): an input's value lives in `useForm` from
 * `@mantine/form` and reaches the input through `form.getInputProps`, never through a `value` or
 * `onChange` of the component's own state; and a machine keeps the flow, never the keystrokes, so
 * no machine has a `field.changed` event. A read-only input (an address to copy) shows a value and
 * is no field.
 */
const srcDir = path.resolve('src');
const machinesDir = path.resolve('machines');
const fieldComponents = new Set([
  'TextInput',
  'PasswordInput',
  'NumberInput',
  'Textarea',
  'Select',
  'MultiSelect',
  'PinInput',
  'Checkbox',
  'Switch',
  'SegmentedControl',
  'DatePickerInput',
  'FileInput',
]);
/** Props through which a component's own state would drive a field. */
const stateProps = new Set(['value', 'onChange', 'checked']);
/** A checkbox's `value` is the option it stands for in its group (the group holds the state). */
const checkboxStateProps = new Set(['onChange', 'checked']);

/** `file:line Component` for each field of `source` whose value does not come from a form. */
function uncontrolledFields(file: string, source: string): string[] {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) {
      const tag = node.tagName.getText(sourceFile);
      const names = node.attributes.properties.flatMap((property) =>
        ts.isJsxAttribute(property) ? [property.name.getText(sourceFile)] : [],
      );
      const drivenBy = tag === 'Checkbox' ? checkboxStateProps : stateProps;
      if (fieldComponents.has(tag) && !names.includes('readOnly') && names.some((name) => drivenBy.has(name))) {
        const line = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1;
        found.push(`${file}:${line} ${tag}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

async function sources(dir: string, pattern: RegExp) {
  const files = (await readdir(dir, { recursive: true })).filter((name) => pattern.test(name)).sort();
  return Promise.all(files.map(async (file) => ({ file, source: await readFile(path.join(dir, file), 'utf8') })));
}

describe('form fields', () => {
  it('takes every field of the SPA from a form', async () => {
    const files = await sources(srcDir, /\.tsx$/);
    expect(files.filter(({ source }) => source.includes('getInputProps')).length).toBeGreaterThan(5);
    expect(files.flatMap(({ file, source }) => uncontrolledFields(file, source))).toEqual([]);
  });

  it('keeps keystrokes out of the machines', async () => {
    const files = await sources(machinesDir, /\.ts$/);
    expect(files.filter(({ source }) => /['"]field\.changed['"]/.test(source)).map(({ file }) => file)).toEqual([]);
  });

  it('names a field driven by component state', () => {
    const source = [
      'const a = <TextInput {...form.getInputProps("account")} />;',
      'const b = <TextInput value={text} onChange={(event) => setText(event.currentTarget.value)} />;',
      'const c = <TextInput readOnly value={address} />;',
      'const d = <Select data={kinds} onChange={setKind} />;',
    ].join('\n');
    expect(uncontrolledFields('view.tsx', source)).toEqual(['view.tsx:2 TextInput', 'view.tsx:4 Select']);
  });
});
