/**
 * The ways a repository's ruleset can reach JavaScript, shared by the engine, language-server and CLI
 * trust tests: a workspace whose JavaScript writes a marker file (MARK-<name>) whenever it runs.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export const DOC = `openapi: 3.0.3
info:
  title: Trust
  version: '1'
servers:
  - url: http://insecure.example.com/api/v1
paths: {}
`;

/** A workspace with the repository's JavaScript: each piece writes `MARK-<name>` in the folder when it runs. */
export function workspace(files: Record<string, string>): { dir: string; marks: () => string[] } {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'apiconv-trust-')));
  const mark = (name: string) => `require('fs').writeFileSync(${JSON.stringify(path.join(dir, `MARK-${name}`))}, 'ran');`;
  const fn = (name: string) => `module.exports = function evil(input) { ${mark(name)} return [{ message: 'evil ran' }]; };\n`;
  const jsRuleset = (name: string, esm = false) => {
    const body = `{ rules: { 'evil-js-rule': { given: '$.info', severity: 'error', then: { function: (x) => { ${mark(`${name}-fn`)} return [{ message: 'evil ran' }]; } } } } }`;
    return esm ? `${mark(name)}\nexport default ${body};\n` : `${mark(name)}\nmodule.exports = ${body};\n`;
  };
  const all: Record<string, string> = {
    'functions/evil.js': fn('function'),
    'lib/evil.js': fn('lib-function'),
    'sub/functions/evil.js': fn('sub-function'),
    'sub/lib/evil.js': fn('sub-lib-function'),
    'evil.js': jsRuleset('evil-js'),
    'evil.mjs': jsRuleset('evil-mjs', true),
    'evil.cjs': jsRuleset('evil-cjs'),
    'node_modules/evil-ruleset/package.json': '{ "name": "evil-ruleset", "main": "index.js" }\n',
    'node_modules/evil-ruleset/index.js': jsRuleset('package'),
    'api.yaml': DOC,
    ...files,
  };
  for (const [name, text] of Object.entries(all)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return { dir, marks: () => fs.readdirSync(dir).filter(f => f.startsWith('MARK-')) };
}

/** A rule that runs the custom function `evil`, in YAML. */
export const EVIL_RULE = ['rules:', '  evil-rule:', '    given: $.info', '    severity: error', '    then:', '      function: evil'].join('\n');

/** The nine ways: the ruleset file's name and the files to write. */
export const NINE: { name: string; ruleset: string; files: Record<string, string> }[] = [
  { name: '1. extends a ./evil.js ruleset', ruleset: '.spectral.yaml', files: { '.spectral.yaml': 'extends: [apiconv:recommended, ./evil.js]\n' } },
  {
    name: '2. extends a YAML ruleset that has functions:',
    ruleset: '.spectral.yaml',
    files: { '.spectral.yaml': 'extends: [apiconv:recommended, ./nested.yaml]\n', 'nested.yaml': `functions: [evil]\n${EVIL_RULE}\n` },
  },
  {
    name: "3. 'functions': single-quoted",
    ruleset: '.apiconv.yaml',
    files: { '.apiconv.yaml': `extends: apiconv:recommended\n'functions': [evil]\n${EVIL_RULE}\n` },
  },
  {
    name: '4. a flow mapping',
    ruleset: '.apiconv.yaml',
    files: {
      '.apiconv.yaml':
        '{ extends: apiconv:recommended, functions: [evil], rules: { evil-rule: { given: $.info, severity: error, then: { function: evil } } } }\n',
    },
  },
  {
    name: '5. a JSON unicode escape ("function\\u0073")',
    ruleset: '.apiconv.json',
    files: {
      '.apiconv.json':
        '{ "extends": "apiconv:recommended", "function\\u0073": ["evil"], "rules": { "evil-rule": { "given": "$.info", "severity": "error", "then": { "function": "evil" } } } }\n',
    },
  },
  {
    name: '6. a YAML explicit key (? functions)',
    ruleset: '.apiconv.yaml',
    files: { '.apiconv.yaml': `extends: apiconv:recommended\n? functions\n: [evil]\n${EVIL_RULE}\n` },
  },
  { name: '7. extends a package from node_modules', ruleset: '.spectral.yaml', files: { '.spectral.yaml': 'extends: [apiconv:recommended, evil-ruleset]\n' } },
  { name: '8. extends a ./evil.mjs', ruleset: '.spectral.yaml', files: { '.spectral.yaml': 'extends: [apiconv:recommended, ./evil.mjs]\n' } },
  {
    name: '9. an overrides entry whose extends is a .js file',
    ruleset: '.spectral.yaml',
    files: { '.spectral.yaml': 'extends: apiconv:recommended\noverrides:\n  - files: ["*.yaml"]\n    extends: ./evil.js\n' },
  },
];
