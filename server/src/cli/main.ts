import { lint } from '../engine/lint';
import { readFileSync } from 'node:fs';
(async () => {
  for (const f of process.argv.slice(3)) {
    const r = await lint(readFileSync(f, 'utf8'), f);
    for (const p of r.problems) console.log(`${p.source}:${p.range.start.line + 1}:${p.range.start.character + 1} ${p.code} ${p.message}`);
  }
})();
