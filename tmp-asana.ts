import { readFileSync } from 'node:fs';
import { DocLoader, loadDocument } from './server/src/engine/diff/load';
import { diffDocuments } from './server/src/engine/diff/engine';
void (async () => {
  const f = process.argv[2];
  const text = readFileSync(f, 'utf8');
  const base = await loadDocument(text.replace(/description: /, 'description: x'), f);
  const loader = new DocLoader(f);
  let head = await loader.load(text);
  for (let i = 0; i < 8; i++) {
    const t0 = performance.now();
    const edited = text.replace('title: Asana', `title: Asana${i}`).replace(/(\n {6}summary: )/, `$1x${i}`);
    head = await loader.load(edited);
    const t1 = performance.now();
    const r = diffDocuments(base, head);
    const t2 = performance.now();
    console.log('load', (t1 - t0).toFixed(1), 'diff', (t2 - t1).toFixed(1), r.problems.length);
  }
})();
