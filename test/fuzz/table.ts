/**
 * Measures every hostile input (hostile.ts) through the built CLI: wall time, exit code,
 * peak RSS (GNU time) and the first line of what the user sees.
 * Usage: node --import tsx test/fuzz/table.ts [--timeout 20] [--cli server/out/cli.js] [--only substring] [--slow]
 * Prints a Markdown table.
 */
import { measure } from './measure';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { hostileCases, materialize } from './hostile';

const argv = process.argv.slice(2);
const opt = (name: string, def: string) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1]! : def;
};
const timeout = Number(opt('--timeout', '20'));
const cli = path.resolve(opt('--cli', path.join(__dirname, '..', '..', 'server', 'out', 'cli.js')));
const only = opt('--only', '');
const slow = argv.includes('--slow');

console.log('| input | time (s) | exit | peak RSS (MB) | what the user sees |');
console.log('|---|---|---|---|---|');
async function main() {
  for (const c of hostileCases()) {
    if (only && !c.name.includes(only)) continue;
    if (c.slow && !slow) continue;
    const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'apiconv-hostile-')));
    materialize(dir, c.files);
    const r = await measure([cli, 'lint', '--no-progress', ...(c.args ?? []), c.root], dir, timeout * 1000);
    const seen = `${r.stdout}\n${r.stderr}`
      .split('\n')
      .map(l => l.trim())
      .filter(l => l && !/^\d+ problems?|^✖/.test(l))
      .sort((a, b) => Number(c.expect.output.test(b)) - Number(c.expect.output.test(a)))
      .slice(0, 2)
      .join(' / ')
      .replaceAll(dir + '/', '')
      .replace(/\|/g, '\\|')
      .slice(0, 220);
    console.log(
      `| ${c.name} | ${r.killed ? `> ${timeout} (killed)` : (r.ms / 1000).toFixed(2)} | ${r.killed ? '-' : r.code} | ${Math.round(r.peakKb / 1024)} | ${seen || '(nothing)'} |`,
    );
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
void main();
