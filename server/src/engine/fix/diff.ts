/** A unified diff of two texts (line based, Myers' algorithm, 3 lines of context). */

type Op = { kind: ' ' | '-' | '+'; line: string };

function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** Myers' O((N+M)D) diff of two line arrays into keep/delete/insert ops. */
function diffLines(a: string[], b: string[]): Op[] {
  let pre = 0;
  while (pre < a.length && pre < b.length && a[pre] === b[pre]) pre++;
  let suf = 0;
  while (suf < a.length - pre && suf < b.length - pre && a[a.length - 1 - suf] === b[b.length - 1 - suf]) suf++;
  const A = a.slice(pre, a.length - suf);
  const B = b.slice(pre, b.length - suf);
  const n = A.length;
  const m = B.length;
  const max = n + m;
  const v = new Int32Array(2 * max + 2);
  const trace: Int32Array[] = [];
  let found = max === 0;
  for (let d = 0; d <= max && !found; d++) {
    // Only the diagonals -d..d+1 are read back at step d: a copy of the whole array per step cost --fix-dry-run
    // on asana (some 2,000 lines added) hundreds of megabytes of copies.
    trace.push(v.slice(max - d, max + d + 2));
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[max + k - 1] < v[max + k + 1]) ? v[max + k + 1] : v[max + k - 1] + 1;
      let y = x - k;
      while (x < n && y < m && A[x] === B[y]) {
        x++;
        y++;
      }
      v[max + k] = x;
      if (x >= n && y >= m) {
        found = true;
        break;
      }
    }
  }
  const mid: Op[] = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d >= 0 && (x > 0 || y > 0); d--) {
    const vd = trace[d];
    const at = (diagonal: number) => vd[diagonal + d]!;
    const k = x - y;
    const prevK = k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
    const prevX = at(prevK);
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      mid.push({ kind: ' ', line: A[--x] });
      y--;
    }
    if (d > 0) {
      if (x === prevX) mid.push({ kind: '+', line: B[--y] });
      else mid.push({ kind: '-', line: A[--x] });
    }
  }
  while (x > 0 && y > 0) {
    mid.push({ kind: ' ', line: A[--x] });
    y--;
  }
  mid.reverse();
  return [...a.slice(0, pre).map(line => ({ kind: ' ' as const, line })), ...mid, ...a.slice(a.length - suf).map(line => ({ kind: ' ' as const, line }))];
}

/** `--- a/file` / `+++ b/file` unified diff; empty string when the texts are equal. */
export function unifiedDiff(file: string, before: string, after: string, context = 3): string {
  if (before === after) return '';
  const ops = diffLines(splitLines(before), splitLines(after));
  // a/ and b/ prefixes for relative paths (as git writes them); an absolute path stands as it is.
  const [a, b] = file.startsWith('/') ? [file, file] : [`a/${file}`, `b/${file}`];
  const out: string[] = [`--- ${a}`, `+++ ${b}`];
  const changes = ops.map((o, i) => (o.kind !== ' ' ? i : -1)).filter(i => i >= 0);
  if (changes.length === 0) {
    // Only the final newline differs.
    const lines = splitLines(before);
    out.push(`@@ -${lines.length},1 +${lines.length},1 @@`, `-${lines[lines.length - 1] ?? ''}`);
    if (!before.endsWith('\n')) out.push('\\ No newline at end of file');
    out.push(`+${lines[lines.length - 1] ?? ''}`);
    if (!after.endsWith('\n')) out.push('\\ No newline at end of file');
    return out.join('\n') + '\n';
  }
  let i = 0;
  while (i < changes.length) {
    const start = Math.max(0, changes[i] - context);
    let end = Math.min(ops.length, changes[i] + context + 1);
    let j = i + 1;
    while (j < changes.length && changes[j] - context <= end) {
      end = Math.min(ops.length, changes[j] + context + 1);
      j++;
    }
    let aLine = 0;
    let bLine = 0;
    for (let p = 0; p < start; p++) {
      if (ops[p].kind !== '+') aLine++;
      if (ops[p].kind !== '-') bLine++;
    }
    const hunk = ops.slice(start, end);
    const aCount = hunk.filter(o => o.kind !== '+').length;
    const bCount = hunk.filter(o => o.kind !== '-').length;
    out.push(`@@ -${aCount === 0 ? aLine : aLine + 1},${aCount} +${bCount === 0 ? bLine : bLine + 1},${bCount} @@`);
    for (const o of hunk) out.push(o.kind + o.line.replace(/\r$/, ''));
    i = j;
  }
  return out.join('\n') + '\n';
}
