/** Issue 16: `$ref`s written as `file:` URIs are the file they name, under the checks of any `$ref` (both engines). */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { lint } from '../../server/src/engine/lint';
import type { LintOptions } from '../../server/src/engine/lintOptions';
import { lintWithSpectral } from '../../server/src/engine/spectralReference';
import { IncrementalLinter } from '../../server/src/engine/pipeline/linter';
import { fileUriTarget, refPolicyOf } from '../../server/src/engine/refFiles';
import type { LintProblem } from '../../server/src/engine/problem';
import { SECRET, fileUriProject } from '../helpers/fileUriRefs';

const posix = process.platform !== 'win32';

describe('file: URI $refs', () => {
  it('fileUriTarget: absolute, localhost, relative and percent-encoded forms; not a file: URI or another host', () => {
    assert.equal(fileUriTarget('file:///etc/passwd', '/p/api/a.yaml'), '/etc/passwd');
    assert.equal(fileUriTarget('FILE:///dev/zero#/x', '/p/api/a.yaml'), '/dev/zero');
    assert.equal(fileUriTarget('file://localhost/etc/x.yaml', '/p/api/a.yaml'), '/etc/x.yaml');
    assert.equal(fileUriTarget('file:../x.yaml#/S', '/p/api/a.yaml'), '/p/x.yaml');
    assert.equal(fileUriTarget('file:/abs/x.yaml', '/p/api/a.yaml'), '/abs/x.yaml');
    assert.equal(fileUriTarget('file:my%20defs.yaml', '/p/api/a.yaml'), '/p/api/my defs.yaml');
    assert.equal(fileUriTarget('file:///a/b%20c.yaml', '/p/api/a.yaml'), '/a/b c.yaml');
    assert.equal(fileUriTarget('../x.yaml', '/p/api/a.yaml'), undefined);
    assert.equal(fileUriTarget('https://x.example.com/a.yaml', '/p/api/a.yaml'), undefined);
    assert.equal(fileUriTarget('file://otherhost/x.yaml', '/p/api/a.yaml'), undefined);
  });

  const runners: [string, (text: string, file: string, options: LintOptions) => Promise<{ problems: LintProblem[] }>][] = [
    ['lint()', (t, f, o) => lint(t, f, o)],
    ['lintWithSpectral()', (t, f, o) => lintWithSpectral(t, f, o)],
    ['IncrementalLinter', (t, f, o) => new IncrementalLinter(f).lint(t, o)],
  ];
  for (const [name, run] of runners) {
    it(
      `${name}: a device, and files outside the project, are an invalid-ref at the $ref naming the file; files inside resolve`,
      { skip: !posix && 'needs /dev/zero' },
      async () => {
        const p = fileUriProject();
        const refPolicy = refPolicyOf({ roots: [path.join(p.dir, 'api')], widenHint: 'allow it with --allow-refs-outside' });
        const t0 = Date.now();
        const r = await run(p.text, p.doc, { refPolicy });
        assert.ok(Date.now() - t0 < 20_000, 'answered at once');
        const refs = r.problems.filter(x => x.code === 'invalid-ref');
        const at = (line: number) => refs.filter(x => x.range.start.line === line).map(x => x.message);
        // Outside the project, a device is refused as any name there: whatever it is, it is not looked at.
        assert.match(at(p.line.zero).join('|'), /^\/dev\/zero is outside the project .*--allow-refs-outside/);
        assert.match(at(p.line.passwd).join('|'), /^\/etc\/passwd is outside the project .*--allow-refs-outside/);
        assert.match(at(p.line.outsideRelative).join('|'), new RegExp(`^${path.join(p.dir, 'secret.yaml')} is outside the project`));
        assert.match(at(p.line.outsideAbsolute).join('|'), new RegExp(`^${path.join(p.dir, 'secret2.yaml')} is outside the project`));
        assert.deepEqual(at(p.line.inRelative), []);
        assert.deepEqual(at(p.line.inAbsolute), []);
        assert.deepEqual(at(p.line.self), []);
        assert.equal(refs.length, 4, JSON.stringify(refs.map(x => `${x.range.start.line}: ${x.message}`)));
        assert.ok(!r.problems.some(x => x.message.includes('hunter2') || x.message.includes('root:')), 'no file content is quoted');
        // Allowed outside: the secret is read (and still not quoted); the device never is.
        const wide = await run(p.text, p.doc, {});
        const wideRefs = wide.problems.filter(x => x.code === 'invalid-ref');
        assert.deepEqual(
          wideRefs.map(x => x.range.start.line),
          [p.line.zero],
        );
        assert.match(wideRefs[0]!.message, /^\/dev\/zero is a character device, not a regular file: not read$/);
        assert.ok(!wide.problems.some(x => x.message.includes(SECRET.trim())));
      },
    );
  }
});
