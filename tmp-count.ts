import { readFileSync } from 'node:fs';
import { loadDocument } from './server/src/engine/diff/load';
import { diffDocuments } from './server/src/engine/diff/engine';
import { SchemaDiffer } from './server/src/engine/diff/schema';
import { buildModel } from './server/src/engine/diff/model';
void (async () => {
  const f = process.argv[2];
  const text = readFileSync(f, 'utf8');
  const base = await loadDocument(text.replace(/description: /, 'description: x'), f);
  const head = await loadDocument(text, f);
  let n = 0;
  const orig = SchemaDiffer.prototype.compare;
  SchemaDiffer.prototype.compare = function (...a: Parameters<typeof orig>) { n++; return orig.apply(this, a); };
  for (let i = 0; i < 15; i++) {
    n = 0;
    let t = performance.now();
    buildModel(head.resolved, head.version); buildModel(base.resolved, base.version);
    const tm = performance.now() - t;
    t = performance.now();
    diffDocuments(base, head);
    console.log('model x2', tm.toFixed(1), 'diff', (performance.now() - t).toFixed(1), 'compares', n);
  }
})();
