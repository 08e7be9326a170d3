import path from 'node:path';
import ts from 'typescript';

export interface EventShape {
  type: string;
  /** Each payload field with its type as TypeScript prints it, in declaration order. */
  fields: { name: string; type: string }[];
}

const repoRoot = path.resolve(import.meta.dirname, '..');

/**
 * The events each machine accepts, read from its types by the TypeScript checker (they are erased
 * at run time). `machines` maps a module path (relative to the repository) to the names of the
 * machines it exports; the answer is keyed `<module>#<export>`.
 */
export function machineEvents(machines: Map<string, string[]>): Map<string, EventShape[]> {
  const configFile = path.join(repoRoot, 'tsconfig.base.json');
  const config = ts.getParsedCommandLineOfConfigFile(
    configFile,
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  );
  if (!config) throw new Error('tsconfig.base.json could not be read');
  const probeFile = path.join(repoRoot, '__machine-events__.ts');
  const aliases: { key: string; alias: string }[] = [];
  const lines = ["import type { EventFromLogic } from 'xstate';"];
  let index = 0;
  for (const [modulePath, exports] of machines) {
    const specifier = `./${modulePath.replace(/\.ts$/, '')}`;
    for (const name of exports) {
      const alias = `Events${index++}`;
      lines.push(`import type { ${name} as M_${alias} } from '${specifier}';`);
      lines.push(`export type ${alias} = EventFromLogic<typeof M_${alias}>;`);
      aliases.push({ key: `${modulePath}#${name}`, alias });
    }
  }
  const probeText = lines.join('\n');
  const host = ts.createCompilerHost(config.options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (file) => (file === probeFile ? probeText : readFile(file));
  host.fileExists = (file) => file === probeFile || fileExists(file);
  host.getSourceFile = (file, language, ...rest) =>
    file === probeFile ? ts.createSourceFile(file, probeText, language, true) : getSourceFile(file, language, ...rest);
  const program = ts.createProgram({ rootNames: [probeFile], options: { ...config.options, noEmit: true }, host });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(probeFile);
  if (!source) throw new Error('the probe file did not load');
  const declared = new Map<string, ts.Type>();
  source.forEachChild((node) => {
    if (ts.isTypeAliasDeclaration(node)) declared.set(node.name.text, checker.getTypeAtLocation(node.name));
  });

  const answer = new Map<string, EventShape[]>();
  for (const { key, alias } of aliases) {
    const union = declared.get(alias);
    if (!union) throw new Error(`no event type for ${key}`);
    const members = union.isUnion() ? union.types : [union];
    const shapes = members.map((member) => {
      const fields: EventShape['fields'] = [];
      let type = '';
      for (const property of checker.getPropertiesOfType(member)) {
        const propertyType = checker.getTypeOfSymbol(property);
        const printed = checker.typeToString(propertyType, undefined, ts.TypeFormatFlags.NoTruncation);
        if (property.name === 'type') type = printed.replace(/^"|"$/g, '');
        else fields.push({ name: property.name, type: printed });
      }
      return { type, fields };
    });
    answer.set(
      key,
      shapes.sort((a, b) => a.type.localeCompare(b.type)),
    );
  }
  return answer;
}
