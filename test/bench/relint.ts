// In-process relint loop (not a test): `node --import tsx test/bench/relint.ts [doc] [runs] [--prof out.cpuprofile]`.
// Lints the document once (warm-up), then `runs` times with a one-character title edit each, and prints
// each run's time, the median, heapUsed after GC and a digest of the findings (must not change with caching).
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import { createHash } from 'node:crypto';
import { Session } from 'node:inspector/promises';
import { lint } from '../../server/src/engine/lint';
import { parsedFiles, setLintCachesEnabled } from '../../server/src/engine/cache';

if (process.env.NO_CACHE) setLintCachesEnabled(false);

import { CORPUS } from '../helpers/corpus';
const DOCS: Record<string, string> = {
  small: 'oai-petstore-expanded-v3/petstore-expanded.json',
  asana: 'asana/asana.yaml',
  stripe: 'stripe/spec3.yaml',
  digitalocean: 'digitalocean/specification/DigitalOcean-public.v2.yaml',
  github: 'github-api/api.github.com.yaml',
};
const args = process.argv.slice(2);
const profAt = args.indexOf('--prof');
const profOut = profAt >= 0 ? args.splice(profAt, 2)[1] : undefined;
const name = args[0] ?? 'asana';
const runs = Number(args[1] ?? 5);
const file = path.isAbsolute(name) ? name : path.join(CORPUS, DOCS[name] ?? name);
const text = fs.readFileSync(file, 'utf8');
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

function edit(t: string, i: number): string {
  if (t.trimStart().startsWith('{')) return t.replace(/"title"\s*:\s*"/, m => `${m}e${i} `);
  return t.replace(/^(\s+title:\s*)(['"]?)/m, (_, a, q) => `${a}${q}e${i} `);
}
const digest = (x: unknown) => createHash('sha1').update(JSON.stringify(x)).digest('hex').slice(0, 12);

(async () => {
  let t0 = performance.now();
  const first = await lint(text, file);
  console.log(
    `first ${Math.round(performance.now() - t0)} ms, ${first.problems.length} problems, ${first.suppressed?.length ?? 0} suppressed, ${first.files.length} files, digest ${digest(first.problems)}`,
  );
  const session = profOut ? new Session() : undefined;
  if (session) {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 200 });
    await session.post('Profiler.start');
  }
  const times: number[] = [];
  const heaps: number[] = [];
  const digests = new Set<string>();
  for (let i = 0; i < runs; i++) {
    t0 = performance.now();
    const r = await lint(edit(text, i % 2), file); // two alternating edits: at most two digests
    times.push(performance.now() - t0);
    digests.add(`${i % 2}:${digest(r.problems)}`);
    gc();
    heaps.push(process.memoryUsage().heapUsed / 1048576);
  }
  if (session) {
    const { profile } = await session.post('Profiler.stop');
    fs.writeFileSync(profOut!, JSON.stringify(profile));
  }
  const sorted = [...times].sort((a, b) => a - b);
  console.log(`relints ${times.map(Math.round).join(' ')} ms; median ${Math.round(sorted[Math.floor(sorted.length / 2)])} ms`);
  console.log(`parsed-file cache ${JSON.stringify(parsedFiles.stats())}`);
  console.log(`heapUsed after gc ${heaps.map(h => h.toFixed(0)).join(' ')} MB; digests ${[...digests].join(',')}`);
})();
