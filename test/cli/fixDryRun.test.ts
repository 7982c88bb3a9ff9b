/**
 * The built CLI's --fix-dry-run and --fix, whose passes lint only the rules with fixes: the dry run's diff
 * is the diff of the texts the fix loop makes with whole lints (fixFile), file by file in the same order; --fix
 * writes those texts and reports a lint of them with every rule; on documents of the vendored corpus (YAML, JSON,
 * multi-file).
 */
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fixFile, unifiedDiff } from '../../server/src/engine/fix/index';
import { displayPath } from '../../server/src/cli/formatters/util';
import { VENDORED_CORPUS } from '../helpers/corpus';
import { ensureBuilt, runCli, tempDir } from './helpers';

const DOCS: [folder: string, entry: string][] = [
  ['burgershop', 'burgershop.openapi.yaml'],
  ['swagger-petstore-v3', 'petstorev3.json'],
  ['libopenapi-nested-files', 'openapi.yaml'],
];

function copy(folder: string): string {
  const d = tempDir();
  fs.cpSync(path.join(VENDORED_CORPUS, folder), d, { recursive: true });
  return d;
}

describe('apiconv CLI: --fix-dry-run and --fix make the fixes of whole lints', () => {
  before(() => ensureBuilt());

  for (const [folder, entry] of DOCS) {
    it(`${folder}/${entry}`, async () => {
      const d = copy(folder);
      const root = path.join(d, entry);
      const text = fs.readFileSync(root, 'utf8');
      const full = await fixFile(text, root, { safeOnly: true });
      assert.ok(full.applied > 0, 'the document has safe fixes');
      const expected = [...full.files].map(([f, t]) => unifiedDiff(displayPath(f, d), fs.readFileSync(f, 'utf8'), t)).join('');
      const dry = runCli(['lint', '--no-progress', '--fix-dry-run', entry], { cwd: d });
      assert.equal(dry.code, 1, dry.stderr);
      assert.equal(dry.stdout, expected, 'the same diff');
      const files = [...full.files.keys()].map(f => displayPath(f, d)).join(', ');
      assert.equal(
        dry.stderr,
        `apiconv: ${full.applied} fixes would change ${full.files.size} file${full.files.size === 1 ? '' : 's'}: ${files} (dry run: nothing written)\n`,
      );
      // --fix on a copy writes those texts.
      const w = copy(folder);
      const fix = runCli(['lint', '--no-progress', '-f', 'json', '--fix', entry], { cwd: w });
      assert.match(fix.stderr, new RegExp(`applied ${full.applied} fixes to ${full.files.size} file`));
      for (const [f, t] of full.files) assert.equal(fs.readFileSync(path.join(w, path.relative(d, f)), 'utf8'), t, `--fix wrote ${path.relative(d, f)}`);
      // …and reports the findings of a lint of what it wrote (its last lint ran every rule).
      assert.equal(fix.stdout, runCli(['lint', '--no-progress', '-f', 'json', entry], { cwd: w }).stdout, 'the report of --fix is a lint of the fixed files');
    });
  }
});
