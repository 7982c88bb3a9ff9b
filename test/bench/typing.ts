// In-process typing loop (not a test): `node --import tsx test/bench/typing.ts [doc] [edits] [--prof out.cpuprofile] [--check]`.
// Lints the document with one IncrementalLinter (as the lint worker keeps one per open document), then types
// `edits` characters one at a time into the first operation's summary (bench:server's `type` edit), and prints
// each relint's time and where it went (the linter's stats); KIND=title types into the first `title:`. --check: the last result is compared with a fresh lint.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as v8 from 'node:v8';
import { createHash } from 'node:crypto';
import { Session } from 'node:inspector/promises';
import { lint } from '../../server/src/engine/lint';
import { IncrementalLinter } from '../../server/src/engine/pipeline/linter';
import { CORPUS } from '../helpers/corpus';

const DOCS: Record<string, string> = { asana: 'asana/asana.yaml', stripe: 'stripe/spec3.yaml', github: 'github-api/api.github.com.yaml' };
const args = process.argv.slice(2);
const profAt = args.indexOf('--prof');
const profOut = profAt >= 0 ? args.splice(profAt, 2)[1] : undefined;
const check = args.includes('--check');
const rest = args.filter(a => !a.startsWith('--'));
const name = rest[0] ?? 'stripe';
const edits = Number(rest[1] ?? 20);
const file = path.isAbsolute(name) ? name : path.join(CORPUS, DOCS[name] ?? name);
const text = fs.readFileSync(file, 'utf8');
const digest = (x: unknown) => createHash('sha1').update(JSON.stringify(x)).digest('hex').slice(0, 12);

/** Where the first operation's summary/description starts (as bench:server's operationAt). */
function operationAt(t: string): number {
  const at = t.search(/^paths:/m);
  const re = /^(\s+)(summary|description):[ \t]+(['"]?)(?=[^|>\s])/gm;
  re.lastIndex = Math.max(at, 0);
  const m = re.exec(t);
  return m ? m.index + m[0].length : 0;
}

/** Where the first `title:`'s value starts (as bench:server's title edit). */
function titleAt(t: string): number {
  const m = /^(\s+title:\s*)(['"]?)/m.exec(t);
  return m ? m.index + m[0].length : 0;
}

/** The runner's counts of matches kept and run again in replayed units (not part of LintStats). */
const linterRunnerStats = (l: IncrementalLinter): unknown => {
  const st = (l as unknown as { runner: { stats: { matchesKept: number; matchesRerun: number } } }).runner.stats;
  return `${st.matchesRerun}/${st.matchesKept}`;
};

(async () => {
  const linter = new IncrementalLinter(file);
  let t0 = performance.now();
  const first = await linter.lint(text);
  console.log(`open ${Math.round(performance.now() - t0)} ms, ${first.problems.length} problems`);
  // KIND=title: typing into the first `title:` instead (in stripe, a shared schema's).
  const at = process.env.KIND === 'title' ? titleAt(text) : operationAt(text);
  const session = profOut ? new Session() : undefined;
  if (session) {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 200 });
    await session.post('Profiler.start');
  }
  const times: number[] = [];
  const cpu0 = process.cpuUsage();
  let last = first;
  let current = text;
  for (let i = 0; i < edits; i++) {
    current = text.slice(0, at) + 'x'.repeat(i + 1) + text.slice(at);
    t0 = performance.now();
    last = await linter.lint(current);
    times.push(performance.now() - t0);
    if (process.env.SPACES) {
      const sp = Object.fromEntries(v8.getHeapSpaceStatistics().map(x => [x.space_name, Math.round(x.space_used_size / 1048576)]));
      console.log(`spaces (MB): old ${sp.old_space}, large ${sp.large_object_space}, code ${sp.code_space}, new ${sp.new_space}`);
    }
    const s = linter.stats;
    if (process.env.VERBOSE && s)
      console.log(
        `${times.at(-1)!.toFixed(1)} ms`,
        JSON.stringify({
          ms: Object.fromEntries(Object.entries(s.ms).map(([k, v]) => [k, Math.round(v * 10) / 10])),
          runner: Object.fromEntries(Object.entries(s.runner ?? {}).map(([k, v]) => [k, Math.round(v * 10) / 10])),
          run: s.unitsRun,
          replayed: s.unitsReplayed,
          matches: linterRunnerStats(linter),
        }),
      );
  }
  if (session) {
    const { profile } = await session.post('Profiler.stop');
    fs.writeFileSync(profOut!, JSON.stringify(profile));
  }
  const cpu = process.cpuUsage(cpu0);
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    `relints ${times.map(Math.round).join(' ')} ms; median ${Math.round(sorted[Math.floor(sorted.length / 2)]!)} ms; CPU (all threads) ${Math.round((cpu.user + cpu.system) / 1000 / edits)} ms per relint`,
  );
  if (check) {
    const fresh = await lint(current, file);
    const same = digest(fresh) === digest(last);
    console.log(`fresh lint ${same ? 'equal' : 'DIFFERENT'} (${digest(fresh)} vs ${digest(last)})`);
    if (!same) process.exitCode = 1;
  }
})();
