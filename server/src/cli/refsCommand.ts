/**
 * `apiconv refs <file>#<pointer>`: where a component (a schema, a parameter, a security scheme…), a tag or an
 * operationId is declared and named, in every file of the project. One line per place, or JSON with
 * `--format json`. Exit codes: 0 listed, 2 usage or I/O error.
 */
import { displayPath } from './formatters/util';
import { RefArgError, parseTarget, projectRefs, symbolOf } from './projectRefs';

export const REFS_HELP = `apiconv refs — where a component, a tag or an operationId is declared and used

Usage:
  apiconv refs [--format text|json] <file>#<pointer>

  <file>#<pointer>   the element: api.yaml#/components/schemas/Pet, api.yaml#/definitions/Pet,
                     schemas.yaml#/Pet, api.yaml#/tags/0/name, api.yaml#/paths/~1pets/get/operationId

Every OpenAPI document of the project (the file's folder, or the git repository around it) and
the files their $refs reach are read. Exit codes: 0 listed, 2 usage or I/O error.
`;

export function refsMain(argv: readonly string[], log: (line: string) => void): number {
  const cwd = process.cwd();
  try {
    let format = 'text';
    const positional: string[] = [];
    for (let i = 0; i < argv.length; i++) {
      const a = argv[i]!;
      if (a === '-h' || a === '--help') {
        process.stdout.write(REFS_HELP);
        return 0;
      }
      if (a === '-f' || a === '--format') format = argv[++i] ?? '';
      else if (a.startsWith('-')) throw new RefArgError(`unknown option ${a} (apiconv refs --help)`);
      else positional.push(a);
    }
    if (format !== 'text' && format !== 'json') throw new RefArgError(`unknown format "${format}": text or json`);
    if (positional.length !== 1) throw new RefArgError('apiconv refs takes one <file>#<pointer> (apiconv refs --help)');
    const { file, pointer } = parseTarget(positional[0], cwd);
    const refs = projectRefs(file);
    const found = refs.index.occurrences(symbolOf(refs, file, pointer)).map(o => {
      const at = refs.index.get(o.file)!.lines.positionAt(o.start);
      return { file: displayPath(o.file, cwd), line: at.line + 1, character: at.character + 1, role: o.role, text: o.text };
    });
    if (format === 'json') process.stdout.write(JSON.stringify(found, null, 2) + '\n');
    else for (const f of found) process.stdout.write(`${f.file}:${f.line}:${f.character}  ${f.role}  ${f.text}\n`);
    return 0;
  } catch (e) {
    if (!(e instanceof RefArgError)) throw e;
    log(`apiconv refs: ${e.message}`);
    return 2;
  }
}
