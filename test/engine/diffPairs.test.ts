/**
 * The diff on breaking-change pairs written from a peer tool's checker tests
 * (test/fixtures/diff-pairs/README.md): `measured.yaml` is held out and gives the share
 * of expectations met (at least 95%), `tuning.yaml` must pass whole; on pairs that
 * break nothing no finding is an error.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse, stringify } from 'yaml';
import { diffTexts } from '../helpers/diffTexts';
import { to20, to31 } from '../helpers/oasVersions';

type Obj = Record<string, unknown>;
type Pair<T> = [T, T];

interface Case {
  name: string;
  peer: string;
  versions?: ('2.0' | '3.0' | '3.1')[];
  request?: Pair<Obj>;
  response?: Pair<Obj>;
  params?: Pair<Obj[]>;
  headers?: Pair<Obj>;
  op?: Pair<Obj>;
  doc?: Pair<Obj>;
  expect?: string[];
  safe?: boolean;
  /** Why a peer expectation has no check of DIFF.md to stand for it: the case is kept, measured for nothing. */
  noEquivalent?: string;
}

const dir = path.join(__dirname, '..', 'fixtures', 'diff-pairs');
const load = (f: string) => parse(fs.readFileSync(path.join(dir, f), 'utf8')) as Case[];

/** One side of a case as an OpenAPI 3.0 document (3.1-only cases say `openapi: 3.1.0` in `doc`, or are converted). */
function build(c: Case, side: 0 | 1): Obj {
  const info = { title: 'Pairs', version: '1.0.0' };
  if (c.doc) return { openapi: '3.0.3', info, ...c.doc[side] };
  const op: Obj = {
    parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }, ...(c.params?.[side] ?? [])],
  };
  if (c.request) op.requestBody = { content: { 'application/json': { schema: c.request[side] } } };
  const ok: Obj = { description: 'OK' };
  if (c.headers) ok.headers = c.headers[side];
  if (c.response) ok.content = { 'application/json': { schema: c.response[side] } };
  op.responses = { '200': ok };
  Object.assign(op, c.op?.[side]);
  return { openapi: '3.0.3', info, paths: { '/api/items/{id}': { post: op } } };
}

function text(doc: Obj, version: string): string {
  const yaml = stringify(doc);
  if (version === '2.0') return to20(yaml);
  if (version === '3.1') return doc.openapi === '3.1.0' ? yaml : to31(yaml);
  return yaml;
}

interface Outcome {
  name: string;
  version: string;
  expected: number;
  met: number;
  missed: string[];
  /** Errors on a pair that breaks nothing. */
  falseErrors: string[];
}

async function run(c: Case): Promise<Outcome[]> {
  const out: Outcome[] = [];
  for (const version of c.versions ?? ['3.0', '3.1']) {
    const r = await diffTexts(text(build(c, 0), version), text(build(c, 1), version), { now: Date.parse('2030-01-01') });
    const reported = r.problems.filter(p => p.severity <= 1);
    const missed = (c.expect ?? []).filter(id => !reported.some(p => p.code === id));
    const falseErrors = c.safe ? r.problems.filter(p => p.severity === 0).map(p => `${p.code}: ${p.message}`) : [];
    out.push({
      name: c.name,
      version,
      expected: c.expect?.length ?? 0,
      met: (c.expect?.length ?? 0) - missed.length,
      missed: missed.map(m => `${m} (got ${JSON.stringify(r.problems.map(p => `${p.code}@${p.severity}: ${p.message}`))})`),
      falseErrors,
    });
  }
  return out;
}

describe('diff: breaking-change pairs', () => {
  it('the held-out set: at least 95% of the expectations met, no error on a pair that breaks nothing', async () => {
    const outcomes = (await Promise.all(load('measured.yaml').map(run))).flat();
    const expected = outcomes.reduce((n, o) => n + o.expected, 0);
    const met = outcomes.reduce((n, o) => n + o.met, 0);
    const misses = outcomes.filter(o => o.missed.length).map(o => `${o.name} (${o.version}): ${o.missed.join('; ')}`);
    const falseErrors = outcomes.filter(o => o.falseErrors.length).map(o => `${o.name} (${o.version}): ${o.falseErrors.join('; ')}`);
    const safePairs = outcomes.filter(o => o.expected === 0).length;
    console.log(
      `measured: ${met}/${expected} expectations met (${((100 * met) / expected).toFixed(1)}%) over ${outcomes.length} pair runs; ${falseErrors.length} of ${safePairs} safe pair runs with an error`,
    );
    for (const m of misses) console.log(`  missed: ${m}`);
    assert.deepEqual(falseErrors, [], 'no error on a pair that breaks nothing');
    assert.ok(met / expected >= 0.95, `${met}/${expected}:\n${misses.join('\n')}`);
  });

  it('the tuning set: every expectation met', async () => {
    if (!fs.existsSync(path.join(dir, 'tuning.yaml'))) return;
    const outcomes = (await Promise.all(load('tuning.yaml').map(run))).flat();
    assert.deepEqual(
      outcomes.flatMap(o => [
        ...o.missed.map(m => `${o.name} (${o.version}) missed ${m}`),
        ...o.falseErrors.map(e => `${o.name} (${o.version}) false error ${e}`),
      ]),
      [],
    );
  });
});
