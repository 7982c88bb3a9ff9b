/**
 * Renames and file moves on real documents: random components of every corpus document (the vendored test/corpus,
 * and the full corpus when present; documents over 250 KB with APICONV_FULL_CORPUS=1) renamed through the reference
 * index, and random `$ref`'d files of the multi-file ones moved (digitalocean's most referenced file among them).
 * After each: every changed file parses, no `$ref` is left dangling, and the lint is the lint before with the old
 * name (or file) written as the new one.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseTree } from '../../server/src/lsp/positionTree';
import { lint } from '../../server/src/engine/lint';
import { looksLikeOpenApi } from '../../server/src/engine/index';
import { getDefaultRuleset } from '../../server/src/engine/ruleset';
import { RefIndex } from '../../server/src/engine/refs/refIndex';
import { applyChanges, encodeSegment, planMove, planRename, type TextChange } from '../../server/src/engine/refs/rename';
import { mulberry32 } from '../helpers/seeded';
import { FULL_CORPUS, VENDORED_CORPUS, needs, CORPUS } from '../helpers/corpus';

// Each document is linted three times: the bigger ones (a minute on a shared machine) only when asked.
const MAX_BYTES = process.env.APICONV_FULL_CORPUS === '1' ? Infinity : 250_000;
const RENAMES_PER_DOCUMENT = 2;

/** The OpenAPI documents of a corpus: per entry folder, the files that start an OpenAPI document. */
function documents(corpus: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.(ya?ml|json)$/i.test(e.name) && fs.statSync(p).size <= MAX_BYTES && looksLikeOpenApi(fs.readFileSync(p, 'utf8'))) out.push(p);
    }
  };
  for (const e of fs.readdirSync(corpus, { withFileTypes: true })) if (e.isDirectory()) walk(path.join(corpus, e.name));
  return out.sort();
}

/** Files read from disk once, changed in memory. */
class Texts {
  readonly changed = new Map<string, string>();
  get(file: string): string | undefined {
    if (this.changed.has(file)) return this.changed.get(file);
    try {
      return fs.readFileSync(file, 'utf8');
    } catch {
      return undefined;
    }
  }
  index(): RefIndex {
    return new RefIndex(file => {
      const text = this.get(file);
      return text === undefined ? undefined : { text, tree: parseTree(text, file) };
    });
  }
}

/** `$ref`s whose target is not in its file, over the files reached from `root`. */
function danglingCount(texts: Texts, root: string): number {
  const index = texts.index();
  index.follow(root);
  const trees = new Map<string, ReturnType<typeof parseTree>>();
  const treeOf = (file: string) => {
    if (!trees.has(file)) {
      const text = texts.get(file);
      trees.set(file, text === undefined ? undefined : parseTree(text, file));
    }
    return trees.get(file);
  };
  let n = 0;
  for (const file of index.indexedFiles()) {
    for (const s of index.get(file)!.sections) {
      for (const ref of s.refs) {
        const t = index.target(file, ref);
        let node = t && treeOf(t.file);
        for (const seg of t?.path ?? []) node = node?.children?.find(c => String(c.key) === seg);
        if (!node) n++;
      }
    }
  }
  return n;
}

async function findings(root: string, texts: Texts, rewrite: (s: string) => string = s => s): Promise<string[]> {
  const r = await lint(texts.get(root)!, root, { ruleset: await getDefaultRuleset(), readFile: f => texts.get(f) });
  return r.problems.map(p => rewrite(`${p.code} ${p.source ?? ''} ${p.path.join('/')} ${p.range.start.line} ${p.message}`)).sort();
}

function apply(texts: Texts, changes: readonly TextChange[]): void {
  for (const file of new Set(changes.map(c => c.file))) {
    const after = applyChanges(
      texts.get(file)!,
      changes.filter(c => c.file === file),
    );
    const before = parseTree(texts.get(file)!, file);
    if (before?.clean) assert.ok(parseTree(after, file)?.clean, `${file} parses after the change`);
    texts.changed.set(file, after);
  }
}

describe('renames and moves on the corpus', () => {
  const corpora = [VENDORED_CORPUS, ...(FULL_CORPUS ? [FULL_CORPUS] : [])];
  const rnd = mulberry32(39);

  for (const corpus of corpora) {
    it(`renames random components of every document of ${path.basename(path.dirname(corpus))}/${path.basename(corpus)}: parses, no dangling $ref, the same lint`, async () => {
      let renamed = 0;
      for (const root of documents(corpus)) {
        const texts = new Texts();
        const index = texts.index();
        index.follow(root);
        const decls: { kind: 'component'; file: string; path: string[] }[] = [];
        for (const file of index.indexedFiles())
          for (const s of index.get(file)!.sections) for (const d of s.decls) decls.push({ kind: 'component', file, path: d.path });
        if (decls.length === 0) continue;
        const lintBefore = await findings(root, texts);
        const danglingBefore = danglingCount(texts, root);
        for (let k = 0; k < RENAMES_PER_DOCUMENT; k++) {
          const symbol = decls[Math.floor(rnd() * decls.length)]!;
          const old = symbol.path[symbol.path.length - 1]!;
          // Swagger 2.0 and parts files allow any name: one with the pointer's escapes in it.
          const fresh = index.get(symbol.file)!.kind === 'oas3' ? `${old}Zq${k}` : `${old}~Zq/${k}`;
          const plan = planRename(index, symbol, fresh);
          if ('refused' in plan) {
            assert.match(plan.refused, /is not a component name/, `${root}: ${old} → ${fresh}`);
            continue;
          }
          const texts2 = new Texts();
          for (const [f, t] of texts.changed) texts2.changed.set(f, t);
          apply(texts2, plan.changes);
          const back = (s: string) => s.split(fresh).join(old).split(encodeSegment(fresh)).join(encodeSegment(old));
          assert.deepEqual(await findings(root, texts2, back), lintBefore, `${path.relative(corpus, root)}: ${old} → ${fresh}`);
          assert.equal(danglingCount(texts2, root), danglingBefore, `${path.relative(corpus, root)}: ${old} → ${fresh}: no $ref left dangling`);
          renamed++;
        }
      }
      assert.ok(renamed > 10, `${renamed} renames`);
    });
  }

  /** Copies the folder of `root` to a temporary one; moves `file` (relative) to `to`; the lint and the refs compared. */
  async function moveAndCompare(root: string, file: string, to: string): Promise<TextChange[]> {
    const src = path.dirname(root);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apiconv-move-'));
    fs.cpSync(src, dir, { recursive: true });
    const copy = path.join(dir, path.relative(src, root));
    const texts = new Texts();
    const lintBefore = await findings(copy, texts, s => s.split(dir).join(''));
    const danglingBefore = danglingCount(texts, copy);
    const index = texts.index();
    index.follow(copy);
    const from = path.join(dir, file);
    const dest = path.join(dir, to);
    const changes = planMove(index, from, dest);
    apply(texts, changes);
    for (const [f, t] of texts.changed) fs.writeFileSync(f, t);
    fs.mkdirSync(path.dirname(dest), { recursive: true });
    fs.renameSync(from, dest);
    const moved = new Texts();
    const newRoot = copy === from ? dest : copy;
    const lintAfter = await findings(newRoot, moved, s => s.split(dest).join(from).split(dir).join(''));
    assert.deepEqual(lintAfter, lintBefore, `${file} → ${to}`);
    assert.equal(danglingCount(moved, newRoot), danglingBefore, `${file} → ${to}: no $ref left dangling`);
    fs.rmSync(dir, { recursive: true, force: true });
    return changes.map(c => ({ ...c, file: path.relative(dir, c.file) }));
  }

  it('moves random $ref’d files of the multi-file documents: the lint the same, no dangling $ref', async () => {
    let moves = 0;
    for (const root of documents(VENDORED_CORPUS)) {
      const index = new Texts().index();
      index.follow(root);
      const others = index.indexedFiles().filter(f => f !== root);
      if (others.length === 0) continue;
      const file = others[Math.floor(rnd() * others.length)]!;
      const rel = path.relative(path.dirname(root), file);
      for (const to of [`moved/deeper/${path.basename(rel)}`, `${path.basename(rel, path.extname(rel))}-renamed${path.extname(rel)}`]) {
        assert.ok((await moveAndCompare(root, rel, to)).length > 0, `${rel} → ${to}: $refs rewritten`);
        moves++;
      }
    }
    assert.ok(moves >= 4, `${moves} moves`);
  });

  const DO = 'digitalocean/specification/DigitalOcean-public.v2.yaml';
  it('digitalocean: moving its most referenced file rewrites every $ref to it; the lint is unchanged', { skip: needs(DO) }, async () => {
    const root = path.join(CORPUS, DO);
    const index = new Texts().index();
    index.follow(root);
    const counts = new Map<string, number>();
    for (const file of index.indexedFiles()) {
      for (const s of index.get(file)!.sections) {
        for (const ref of s.refs) {
          const t = index.target(file, ref);
          if (t && t.file !== file) counts.set(t.file, (counts.get(t.file) ?? 0) + 1);
        }
      }
    }
    const [top, n] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
    const rel = path.relative(path.dirname(root), top);
    const changes = await moveAndCompare(root, rel, `shared/moved/${path.basename(rel)}`);
    assert.equal(changes.filter(c => c.file !== rel).length, n, `every $ref to ${rel} rewritten`);
  });
});
