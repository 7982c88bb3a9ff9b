/**
 * Which compiled walk filters (walk.ts compileFilter: `value` for `@`, `property` for `@property`) are false for
 * every string, number and boolean, so that the walk need not call them on the leaves of a document (most of its
 * nodes). Decided from the filter's text, conservatively: a filter is taken only when its evaluation on such a value
 * is false without an exception, as the filter itself would give:
 * - `A || B || …` where every part is;
 * - `A && B && …` where some part is and every part before it reads no property (it cannot throw);
 * - `value.x`, `value['x']`, `value.x !== void 0` (`!== undefined`, `!= null`…) where `x` is no property of a
 *   string, a number or a boolean (nor of Object.prototype): undefined then.
 */

/** The parts of `src` between top-level occurrences of `op` (outside parentheses, brackets and string literals). */
function splitTop(src: string, op: '&&' | '||'): string[] {
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (c === "'" || c === '"') {
      const end = src.indexOf(c, i + 1);
      if (end < 0) return [src];
      i = end;
    } else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (depth === 0 && c === op[0] && src[i + 1] === op[1]) {
      parts.push(src.slice(from, i));
      from = i + 2;
      i++;
    }
  }
  parts.push(src.slice(from));
  return parts;
}

/** `src` without the parentheses around all of it. */
function unwrap(src: string): string {
  let t = src.trim();
  while (t.startsWith('(') && t.endsWith(')')) {
    // Only when the first parenthesis closes at the end: `(a) && (b)` stays.
    let depth = 0;
    let closesAtEnd = true;
    for (let i = 0; i < t.length; i++) {
      const c = t[i]!;
      if (c === "'" || c === '"') {
        i = t.indexOf(c, i + 1);
        if (i < 0) return t;
      } else if (c === '(') depth++;
      else if (c === ')' && --depth === 0 && i < t.length - 1) {
        closesAtEnd = false;
        break;
      }
    }
    if (!closesAtEnd) break;
    t = t.slice(1, -1).trim();
  }
  return t;
}

const SCALARS = [Object(''), Object(0), Object(false)] as object[];
const READ = /^value(?:\.([A-Za-z_$][\w$]*)|\[\s*'([^'\\]*)'\s*\]|\[\s*"([^"\\]*)"\s*\])(?:\s*(?:!==\s*(?:void 0|undefined)|!=\s*(?:void 0|undefined|null)))?$/;

/** Whether `part` reads no property of anything (no `.` or `[` outside string literals): it cannot throw. */
function readsNothing(part: string): boolean {
  return !/[.[]/.test(part.replace(/'[^']*'|"[^"]*"/g, "''"));
}

/** Whether the filter `src` is false for every string, number and boolean `value`, without throwing. */
export function falseForScalars(src: string): boolean {
  const t = unwrap(src);
  const ors = splitTop(t, '||');
  if (ors.length > 1) return ors.every(falseForScalars);
  const ands = splitTop(t, '&&');
  if (ands.length > 1) {
    for (const part of ands) {
      if (falseForScalars(part)) return true;
      if (!readsNothing(part)) return false;
    }
    return false;
  }
  const m = READ.exec(t);
  if (!m) return false;
  const name = m[1] ?? m[2] ?? m[3]!;
  return !SCALARS.some(s => name in s);
}
