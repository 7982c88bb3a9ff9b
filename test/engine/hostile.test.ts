/** Issue 16: limits (size, depth, aliases) as located findings, safe `$ref` reads, BOM/CRLF/!!binary, skip reasons. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { execFileSync } from 'node:child_process';
import { lint } from '../../server/src/engine/lint';
import { IncrementalLinter } from '../../server/src/engine/pipeline/linter';
import { parseYamlOffsets } from '../../server/src/engine/parse/yamlOffsets';
import { checkLimits, jsonTooDeep, yamlTooDeep } from '../../server/src/engine/limits';
import { commonRoot, decodeBytes, encodeText, readRefFile, refPolicyOf, refusal } from '../../server/src/engine/refFiles';
import { aliasBomb, deepJson, deepYamlBlock, deepYamlFlow, propertyChain } from '../fuzz/hostile';
import { coldStats } from '../../server/src/engine/pipeline/cold';
import { lintWithSpectral } from '../../server/src/engine/spectralReference';
import { tempDir } from '../cli/helpers';

const HEAD = `openapi: 3.0.3
info:
  title: Hostile
  version: '1'
servers:
  - url: https://x.example.com/api/v1
`;
const VERB = `${HEAD}paths:\n  /getUsers:\n    get:\n      responses:\n        '200':\n          description: ok\n`;
const key = (ps: { code: string; range: { start: { line: number; character: number } }; message: string }[]) =>
  ps.map(p => `${p.code} ${p.range.start.line}:${p.range.start.character} ${p.message}`);

describe('hostile input', () => {
  it('an alias bomb is one parser finding at the alias that goes past the budget, in both engines', async () => {
    const text = `${HEAD}paths: {}\nx-bomb:\n${aliasBomb().replace(/^/gm, '  ')}\n`;
    const t0 = performance.now();
    const r = await lint(text, '/virtual/bomb.yaml');
    assert.ok(performance.now() - t0 < 5000);
    assert.equal(r.problems.length, 1);
    const p = r.problems[0]!;
    assert.equal(p.code, 'parser');
    assert.match(p.message, /aliases expand past/);
    assert.match(text.split('\n')[p.range.start.line]!.slice(p.range.start.character), /^\*a\d/);
    const inc = await new IncrementalLinter('/virtual/bomb.yaml').lint(text);
    assert.deepEqual(key(inc.problems), key(r.problems));
  });

  it('a chain of refs through properties 2,000 long: linted, an invalid-ref finding where the nesting goes too deep, in both engines', async () => {
    const text = propertyChain(2000);
    const fallbacks = coldStats.fallbacks;
    const r = await lint(text, '/virtual/chain.yaml');
    assert.equal(coldStats.fallbacks, fallbacks, 'no fallback to Spectral’s runner (its resolver overflows the stack too)');
    const deep = r.problems.filter(p => p.code === 'invalid-ref');
    // Three levels a link, counted from the chain's end: a ref whose target would take the nesting past 1,000 levels is
    // left, every 333 links.
    assert.deepEqual(
      deep.map(p => p.path.join('.')),
      [0, 333, 666, 999, 1332, 1665].map(i => `components.schemas.S${i}.properties.next.$ref`),
    );
    assert.match(
      deep[0]!.message,
      /^'#\/components\/schemas\/S\d+' is not resolved here: the \$refs on the way nest the resolved document more than 1000 levels deep$/,
    );
    for (const p of deep) assert.match(text.split('\n')[p.range.start.line]!, /\$ref: '#\/components\/schemas\/S\d+'/);
    assert.ok(
      r.problems.some(p => p.code === 'security-required'),
      'the rules ran',
    );
    const linter = new IncrementalLinter('/virtual/chain.yaml');
    assert.deepEqual(key((await linter.lint(text)).problems), key(r.problems));
    // An edit relints with the same cuts, and so does a fresh lint of the edited text.
    const edited = text.replace('S1999:\n      type: object', 'S1999:\n      type: string');
    assert.deepEqual(key((await linter.lint(edited)).problems), key((await lint(edited, '/virtual/chain.yaml')).problems));
    assert.equal(linter.failures, 0);
  });

  it('a chain of refs through properties 10,000 long costs its length, not its square (under 10 s of CPU; it took 100)', async () => {
    const before = process.cpuUsage();
    const r = await lint(propertyChain(10_000), '/virtual/chain.yaml');
    const used = process.cpuUsage(before);
    assert.equal(r.problems.filter(p => p.code === 'invalid-ref').length, 30);
    assert.ok(used.user + used.system < 10_000_000, `${Math.round((used.user + used.system) / 1000)} ms of CPU`);
  });

  it('chains through properties closed into cycles, or entered twice, resolve as Spectral resolves them', async () => {
    const closed = propertyChain(40).replace(
      'S39:\n      type: object\n',
      "S39:\n      type: object\n      properties:\n        back:\n          $ref: '#/components/schemas/S20'\n",
    );
    const twice = propertyChain(40).replace(
      'S10:\n      type: object\n      properties:\n',
      "S10:\n      type: object\n      properties:\n        self:\n          $ref: '#/components/schemas/S10/properties/next'\n        up:\n          $ref: '#/components/schemas/S5'\n",
    );
    for (const text of [closed, twice]) {
      const ours = await lint(text, '/virtual/cycle.yaml');
      assert.deepEqual(key(ours.problems), key((await lintWithSpectral(text, '/virtual/cycle.yaml')).problems));
    }
  });

  it('a chain of refs through properties within the nesting limit is resolved to its end', async () => {
    const r = await lint(propertyChain(300), '/virtual/chain.yaml');
    assert.deepEqual(
      r.problems.filter(p => p.code === 'invalid-ref'),
      [],
    );
  });

  it('a few aliases within the budget are linted as usual', async () => {
    const text = `${HEAD}paths: {}\nx-a: &a { k: 1 }\nx-b: *a\n`;
    assert.equal(checkLimits(text, '/v.yaml', false), undefined);
    const r = await lint(text, '/virtual/ok.yaml');
    assert.ok(!r.problems.some(p => /aliases/.test(p.message)));
  });

  it('nesting past the depth limit: a finding on the line where it goes too deep (YAML block, flow, JSON), no stack overflow', async () => {
    const block = deepYamlBlock(3000);
    const rb = await lint(block, '/virtual/deep.yaml');
    assert.equal(rb.problems.length, 1);
    assert.match(rb.problems[0]!.message, /Nesting deeper than 500/);
    // x-deep is on line 7 (0-based), k1 on 8: level 501 is k500, on line 7 + 500 (x-deep is level 1).
    assert.equal(rb.problems[0]!.range.start.line, 507);
    const flow = await lint(deepYamlFlow(100_000), '/virtual/flow.yaml');
    assert.equal(flow.problems[0]!.range.start.line, 7);
    const json = await lint(deepJson(100_000), '/virtual/deep.json');
    assert.equal(json.problems[0]!.code, 'parser');
    assert.equal(json.problems[0]!.range.start.line, 0);
    const inc = await new IncrementalLinter('/virtual/deep.json').lint(deepJson(100_000));
    assert.deepEqual(key(inc.problems), key(json.problems));
  });

  it('a one-shot lint skips the depth scan only where the offsets parse shows the scan would find nothing: refusals unchanged', async () => {
    // The scan counts a level for each continuation line of a plain scalar that sits deeper than the last: a text
    // nesting one level deep, refused by the scan all the same. scanBound holds it; lint (one-shot) refuses it as a
    // relint (the scan, every time) does.
    let deepLines = `${HEAD}paths: {}\nx-text: a\n`;
    for (let i = 1; i < 600; i++) deepLines += `${' '.repeat(i + 1)}w${i}\n`;
    const lean = parseYamlOffsets(deepLines);
    assert.ok(lean, 'read by the offsets parse');
    assert.ok(lean.scanBound >= 600, `scanBound ${lean.scanBound}`);
    const r = await lint(deepLines, '/virtual/lines.yaml');
    assert.equal(r.problems.length, 1);
    assert.match(r.problems[0]!.message, /Nesting deeper than 500/);
    const inc = await new IncrementalLinter('/virtual/lines.yaml').lint(deepLines);
    assert.deepEqual(key(r.problems), key(inc.problems));
    assert.equal(yamlTooDeep('key: a\n  b\n    c\n      d\n', parseYamlOffsets('key: a\n  b\n    c\n      d\n')!.scanBound), undefined);
    // Brackets in plain text: the scan counts each `[` not closed as a flow level (a one-level text it refuses).
    let brackets = `${HEAD}paths: {}\nx-list:\n`;
    for (let i = 0; i < 600; i++) brackets += `  - a [ ${i}\n`;
    assert.ok(parseYamlOffsets(brackets)!.scanBound >= 600);
    const rb = await lint(brackets, '/virtual/brackets.yaml');
    assert.equal(rb.problems.length, 1);
    assert.match(rb.problems[0]!.message, /Nesting deeper than 500/);
    assert.deepEqual(key(rb.problems), key((await new IncrementalLinter('/virtual/brackets.yaml').lint(brackets)).problems));
    // A quote in plain text where the scan takes it for a quoted scalar's start (after an indicator and a blank):
    // its count cannot be told, it scans. Elsewhere (`a, "b`, `a-"b"`) the scan reads plain text as YAML does.
    assert.equal(parseYamlOffsets(`${HEAD}paths: {}\nx-a: one - "two [\n`)!.scanBound, Infinity);
    for (const plain of ['one, "two [', 'the "link-{env}-" prefix [', 'a:"b" [']) {
      const text = `${HEAD}paths: {}\nx-a: ${plain}\n`;
      const bound = parseYamlOffsets(text)!.scanBound;
      assert.ok(Number.isFinite(bound), plain);
      assert.equal(yamlTooDeep(text, bound), undefined, `${plain}: the scan counts more than ${bound}`);
      // 600 of them (an open bracket puts the scan in a flow collection, where it takes quotes after `,` too):
      // refused or not, by a lint as by a relint.
      const many = `${HEAD}paths: {}\nx-list:\n${`  - ${plain}\n`.repeat(600)}`;
      const r = await lint(many, '/virtual/many.yaml');
      assert.deepEqual(key(r.problems), key((await new IncrementalLinter('/virtual/many.yaml').lint(many)).problems), plain);
    }
    assert.equal(parseYamlOffsets(`${HEAD}paths: {}\nx-a: it's [fine]\n`)!.scanBound, parseYamlOffsets(`${HEAD}paths: {}\nx-a: fine\n`)!.scanBound + 1);
    // A quote the scan takes and closes on the line: the brackets inside it are not counted, as the scan does not.
    for (let n = 1; n <= 600; n *= 5) {
      const quoted = `${HEAD}paths: {}\nx-list:\n${'  - see ["a[b", "c{"] and [d\n'.repeat(n)}`;
      const lean = parseYamlOffsets(quoted)!;
      assert.ok(Number.isFinite(lean.scanBound), `${n} lines: ${lean.scanBound}`);
      assert.equal(yamlTooDeep(quoted, lean.scanBound), undefined, `${n} lines: the scan counts more than ${lean.scanBound}`);
      assert.ok(lean.scanBound < n + 10, `${n} lines: the brackets in the quotes counted (${lean.scanBound})`);
    }
    // 300 levels: past the offsets parse's 200 (it gives up), within the limit: scanned, then linted.
    const nested = deepYamlBlock(300);
    assert.equal(parseYamlOffsets(nested), undefined);
    assert.ok(!(await lint(nested, '/virtual/nested.yaml')).problems.some(p => /Nesting deeper/.test(p.message)));
  });

  it('the depth scanners: brackets in strings and comments do not count; a document at the limit passes', () => {
    assert.equal(jsonTooDeep('{"a": "[[[[[[[[[[", "b": [[1]]}', 3), undefined);
    assert.equal(jsonTooDeep('{"a": [[[1]]]}', 3), 8);
    assert.equal(yamlTooDeep("a: '[[[[[[['\n# {{{{{{{{\nb: |\n  [[[[[[[[[[\nc: [[1]]\n", 3), undefined);
    assert.equal(yamlTooDeep('a:\n  b:\n    c:\n      d: 1\n', 3), 'a:\n  b:\n    c:\n'.length);
    assert.equal(checkLimits(deepYamlBlock(400), '/v.yaml', false), undefined);
  });

  it('the JSON depth scan skips strings by their closing quote: escaped quotes and runs of backslashes, as a scan of every character reads them', () => {
    // The scan as it was, a test per character: the reference.
    const perCharacter = (text: string, max: number): number | undefined => {
      let depth = 0;
      let inString = false;
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (inString) {
          if (c === 0x5c) i++;
          else if (c === 0x22) inString = false;
        } else if (c === 0x22) inString = true;
        else if (c === 0x7b || c === 0x5b) {
          if (++depth > max) return i;
        } else if (c === 0x7d || c === 0x5d) depth = Math.max(0, depth - 1);
      }
      return undefined;
    };
    assert.equal(jsonTooDeep('{"a\\": [[[1]]]}', 3), perCharacter('{"a\\": [[[1]]]}', 3));
    assert.equal(jsonTooDeep('{"a\\"[[[[": 1}', 3), undefined);
    assert.equal(jsonTooDeep('{"a\\\\": [[[1]]]}', 3), 10);
    // Generated texts of quotes, backslashes, brackets and letters, an unterminated string among them.
    let seed = 7;
    const rand = (n: number): number => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
    const alphabet = ['"', '\\', '[', '{', ']', '}', 'a', ' '];
    for (let n = 0; n < 3000; n++) {
      let text = '';
      const len = 1 + rand(40);
      for (let k = 0; k < len; k++) text += alphabet[rand(alphabet.length)];
      for (const max of [1, 2, 4]) assert.equal(jsonTooDeep(text, max), perCharacter(text, max), JSON.stringify(text));
    }
  });

  it('the YAML depth scan: lines without a quote, comment or bracket (skipped by the scan) still open block scalars; brackets many lines further count', () => {
    // A block scalar opened on a plain line: the brackets inside it do not count.
    const plain = 'a:\n  x: 1\n  b: >-\n    [[[[[[\n    {{{{{{\n  c: 2\n';
    assert.equal(yamlTooDeep(plain, 3), undefined);
    // The first bracket after a run of plain lines, with CRLF line ends and a trailing blank after the indicator.
    const later = `${'k: v\r\n'.repeat(50)}d: |  \r\n  [[[[\r\ne: [[[1]]]\r\n`;
    assert.equal(yamlTooDeep(later, 3), later.indexOf('[[[1') + 2);
    // A `#` that is no comment (no blank before it) on a line followed by a plain line that ends in `|`.
    assert.equal(yamlTooDeep('a: b#c\nd: |\n  {{{{\n', 2), undefined);
    assert.equal(yamlTooDeep('a: b#c\nd: |\n  {{{{\ne: {{{1}}}\n', 3), 'a: b#c\nd: |\n  {{{{\ne: {{'.length);
  });

  it('a document over the size limit: one message, at once', async () => {
    const r = await lint(`${HEAD}paths: {}\nx-pad: '${'x'.repeat(2 * 1024 * 1024)}'\n`, '/virtual/big.yaml', { limits: { maxBytes: 1024 * 1024 } });
    assert.equal(r.problems.length, 1);
    assert.match(r.problems[0]!.message, /over the size limit of 1\.0 MB/);
  });

  it('a BOM and CRLF line endings are linted as without them; !!binary does not crash', async () => {
    const plain = await lint(VERB, '/virtual/a.yaml');
    assert.ok(plain.problems.some(p => p.code === 'path-no-verbs'));
    assert.deepEqual(key((await lint(`\uFEFF${VERB}`, '/virtual/a.yaml')).problems), key(plain.problems));
    assert.deepEqual(key((await lint(VERB.replace(/\n/g, '\r\n'), '/virtual/a.yaml')).problems), key(plain.problems));
    const mixed = VERB.split('\n')
      .map((l, i) => (i % 2 ? `${l}\r` : l))
      .join('\n');
    assert.deepEqual(key((await lint(mixed, '/virtual/a.yaml')).problems), key(plain.problems));
    const bin = await lint(`${VERB}x-logo: !!binary |\n  R0lGODlhDAAMAIQAAP//9/X17unp5WZmZgAAAOfn515eXvPz7Y6OjuDg4J+fn5\n`, '/virtual/b.yaml');
    assert.deepEqual(key(bin.problems), key(plain.problems));
  });

  it('says why a document is skipped: empty, binary, UTF-16, openapi 4.0.0, swagger 1.2', async () => {
    assert.match((await lint('', '/v/e.yaml')).skipReason!, /empty/);
    assert.match((await lint('\u0089PNG\r\n\u001a\n\u0000\u0000\u0001', '/v/b.yaml')).skipReason!, /binary/);
    assert.match((await lint(Buffer.from(`${HEAD}paths: {}\n`, 'utf16le').toString('utf8'), '/v/u.yaml')).skipReason!, /UTF-16/);
    const v4 = await lint(`${HEAD.replace('3.0.3', '4.0.0')}paths: {}\n`, '/v/4.yaml');
    assert.equal(v4.skipped, 'unsupported-version');
    assert.match(v4.skipReason!, /openapi: 4\.0\.0/);
    assert.match((await lint(`swagger: "1.2"\ninfo: {title: x, version: '1'}\npaths: {}\n`, '/v/s.yaml')).skipReason!, /swagger: 1\.2/);
    assert.equal((await lint(`swagger: "2.0"\ninfo: {title: x, version: '1'}\npaths: {}\n`, '/v/s2.yaml')).skipped, undefined);
  });

  it('decodes and encodes files without losing bytes: BOM kept, Latin-1 kept, UTF-16 and binary refused', () => {
    const latin = Buffer.concat([Buffer.from('# caf'), Buffer.from([0xe9]), Buffer.from('\nopenapi: 3.0.3\n')]);
    const d = decodeBytes(latin);
    assert.ok(!('skip' in d) && d.encoding === 'latin1' && d.text.includes('café'));
    if (!('skip' in d)) assert.deepEqual(encodeText(d.text, d), latin);
    const bom = decodeBytes(Buffer.from('\uFEFFa: 1\n'));
    assert.ok(!('skip' in bom) && bom.bom && bom.text === 'a: 1\n');
    if (!('skip' in bom)) assert.deepEqual(encodeText(bom.text, bom), Buffer.from('\uFEFFa: 1\n'));
    assert.deepEqual(decodeBytes(Buffer.from([0xff, 0xfe, 0x61, 0])), { skip: 'utf-16' });
    assert.deepEqual(decodeBytes(Buffer.from([0x61, 0, 1, 2, 3])), { skip: 'binary' });
  });
});

describe('$ref reads', () => {
  const posix = process.platform !== 'win32' && fs.existsSync('/dev/zero');

  it('refuses devices, FIFOs, folders and symlinks to them at once, without opening them', { skip: !posix && 'needs /dev/zero and mkfifo' }, () => {
    const d = tempDir({ 'ok.yaml': 'type: string\n', 'sub/x.txt': 'x' });
    execFileSync('mkfifo', [path.join(d, 'pipe.yaml')]);
    fs.symlinkSync('/dev/zero', path.join(d, 'zero.yaml'));
    const p = { maxBytes: 1024 * 1024 };
    assert.equal(refusal(path.join(d, 'ok.yaml'), p), undefined);
    assert.match(refusal('/dev/zero', p)!, /character device, not a regular file/);
    assert.match(refusal(path.join(d, 'pipe.yaml'), p)!, /a FIFO, not a regular file/);
    assert.match(refusal(path.join(d, 'sub'), p)!, /a directory/);
    assert.match(refusal(path.join(d, 'zero.yaml'), p)!, /link to \/dev\/zero\) is a character device/);
    assert.throws(() => readRefFile(path.join(d, 'pipe.yaml'), p), /FIFO/);
  });

  it('refuses files outside the project roots and over the size limit; the message never quotes the file', async () => {
    const d = tempDir({
      'api/a.yaml': `${HEAD}paths: {}\ncomponents:\n  schemas:\n    S:\n      $ref: '../secret.yaml'\n`,
      'secret.yaml': 'password: hunter2\n',
      'api/big.yaml': 'x'.repeat(2048),
    });
    const refPolicy = refPolicyOf({ roots: [path.join(d, 'api')], maxBytes: 1024, widenHint: 'allow it with --allow-refs-outside' });
    assert.match(refusal(path.join(d, 'secret.yaml'), refPolicy)!, /outside the project/);
    // Not a file-existence oracle: a missing file outside gets the same answer as an existing one.
    assert.equal(refusal(path.join(d, 'no-such.yaml'), refPolicy), refusal(path.join(d, 'secret.yaml'), refPolicy)!.replace('secret.yaml', 'no-such.yaml'));
    assert.match(refusal(path.join(d, 'api', 'big.yaml'), refPolicy)!, /over the size limit/);
    const r = await lint(fs.readFileSync(path.join(d, 'api/a.yaml'), 'utf8'), path.join(d, 'api/a.yaml'), { refPolicy });
    const ref = r.problems.find(p => p.code === 'invalid-ref');
    assert.ok(ref, JSON.stringify(r.problems.map(p => p.code)));
    assert.match(ref.message, /outside the project .*--allow-refs-outside/);
    assert.equal(ref.range.start.line, 10);
    assert.ok(!r.problems.some(p => p.message.includes('hunter2')));
    const open = await lint(fs.readFileSync(path.join(d, 'api/a.yaml'), 'utf8'), path.join(d, 'api/a.yaml'));
    assert.ok(!open.problems.some(p => p.code === 'invalid-ref'));
  });

  it('a link inside the project that leads outside: the same answer whether the file there exists or not', { skip: !posix && 'symlinks' }, () => {
    const d = tempDir({ 'secret.yaml': 'password: hunter2\n', 'api/ok.yaml': 'type: string\n' });
    const api = path.join(d, 'api');
    const refPolicy = refPolicyOf({ roots: [api], maxBytes: 1024 });
    const answer = (name: string) => refusal(path.join(api, name), refPolicy)!.replaceAll(/secret|no-such/g, 'X');
    // a link to a file outside, and a folder link through which a name leads outside
    fs.symlinkSync(path.join(d, 'secret.yaml'), path.join(api, 'secret.yaml'));
    fs.symlinkSync(path.join(d, 'no-such.yaml'), path.join(api, 'no-such.yaml'));
    fs.symlinkSync(d, path.join(api, 'up'));
    assert.match(answer('secret.yaml'), /outside the project/);
    assert.equal(answer('no-such.yaml'), answer('secret.yaml'));
    assert.match(answer('up/secret.yaml'), /outside the project/);
    assert.equal(answer('up/no-such.yaml'), answer('up/secret.yaml'));
    assert.match(answer('up/nodir/no-such.yaml'), /outside the project/);
    // a chain of links that ends outside, and one that loops
    fs.symlinkSync('no-such.yaml', path.join(api, 'chain.yaml'));
    assert.match(answer('chain.yaml'), /outside the project/);
    fs.symlinkSync('loop-b.yaml', path.join(api, 'loop-a.yaml'));
    fs.symlinkSync('loop-a.yaml', path.join(api, 'loop-b.yaml'));
    assert.match(refusal(path.join(api, 'loop-a.yaml'), refPolicy)!, /loop-a\.yaml: ELOOP/);
    // inside the project a missing file is said to be missing
    assert.match(refusal(path.join(api, 'missing.yaml'), refPolicy)!, /file not found/);
    fs.symlinkSync('missing.yaml', path.join(api, 'dangling.yaml'));
    assert.match(refusal(path.join(api, 'dangling.yaml'), refPolicy)!, /file not found/);
  });

  it('the common root of the linted targets', () => {
    assert.equal(commonRoot(['/a/b/c', '/a/b/d/e']), '/a/b');
    assert.equal(commonRoot(['/a/b']), '/a/b');
    assert.equal(commonRoot(['/x', '/y']), '/');
  });
});
