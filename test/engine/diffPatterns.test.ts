/**
 * Request patterns compared by the strings they take (server/src/engine/diff/strings.ts),
 * with minLength/maxLength folded in: loosened or rewritten alike is no finding, tightened
 * and incomparable are errors naming a refused string; what the automata cannot decide is
 * tried on plain strings, and a warning that does not count as a breaking change when none
 * tells them apart, except a pattern added where there was none: an error unless it takes
 * every string. In a query parameter and a body property, in
 * OpenAPI 2.0, 3.0 and 3.1.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { stringify } from 'yaml';
import { diffTexts } from '../helpers/diffTexts';
import { to20, to31 } from '../helpers/oasVersions';
import { compareStrings } from '../../server/src/engine/diff/strings';

type Obj = Record<string, unknown>;

/** A document whose query parameter `sha` and body property `sha` have the given string schema. */
function doc(sha: Obj): string {
  return stringify({
    openapi: '3.0.3',
    info: { title: 'Commits', version: '1.0.0' },
    paths: {
      '/api/statuses': {
        post: {
          parameters: [{ name: 'sha', in: 'query', schema: { type: 'string', ...sha } }],
          requestBody: {
            content: { 'application/json': { schema: { type: 'object', properties: { sha: { type: 'string', ...sha } } } } },
          },
          responses: { '201': { description: 'Created' } },
        },
      },
    },
  });
}

const VERSIONS = { '2.0': to20, '3.0': (t: string) => t, '3.1': to31 } as const;

async function findings(base: Obj, head: Obj, version: keyof typeof VERSIONS) {
  const r = await diffTexts(VERSIONS[version](doc(base)), VERSIONS[version](doc(head)));
  return r.problems.map(p => ({ code: p.code, severity: p.severity, message: p.message }));
}

const HEX40 = { pattern: '^[0-9a-fA-F]+$', minLength: 40, maxLength: 40 };
const HEX40_OR_64 = { pattern: '^([0-9a-fA-F]{40}(?:[0-9a-fA-F]{24})?)$', maxLength: 64 };

describe('diff: request patterns compared by the strings they take', () => {
  for (const version of Object.keys(VERSIONS) as (keyof typeof VERSIONS)[]) {
    it(`loosened (40 hex digits → 40 or 64; to .* ; a maxLength the pattern implied) is no finding (OpenAPI ${version})`, async () => {
      assert.deepEqual(await findings(HEX40, HEX40_OR_64, version), []);
      assert.deepEqual(await findings({ pattern: '^[a-z]+$' }, { pattern: '^.*$' }, version), []);
      assert.deepEqual(await findings({ pattern: '^[0-9]{5}$' }, { pattern: '^\\d{5}$', maxLength: 5 }, version), []);
    });

    it(`tightened is an error naming a refused string (OpenAPI ${version})`, async () => {
      const f = await findings({ pattern: '^[a-z]+$' }, { pattern: '^[a-c]+$' }, version);
      const tightened = f.filter(p => p.code === 'request-constraint-tightened');
      assert.equal(tightened.length, 2, JSON.stringify(f)); // the parameter and the property
      for (const p of tightened) {
        assert.equal(p.severity, 0);
        assert.match(p.message, /accepts less: pattern changed to \^\[a-c\]\+\$ \("d" is refused\)\./);
      }
      assert.ok(f.some(p => p.code === 'version-not-bumped'));
      const shorter = await findings(HEX40_OR_64, { ...HEX40_OR_64, maxLength: 40 }, version);
      assert.match(shorter.find(p => p.code === 'request-constraint-tightened')!.message, /accepts less: maxLength 64 → 40 \("a{47}…" is refused\)\./);
    });

    it(`incomparable is an error that says the new pattern takes other strings (OpenAPI ${version})`, async () => {
      const f = await findings({ pattern: '^[a-z]+$' }, { pattern: '^[0-9]+$' }, version);
      const p = f.find(x => x.code === 'request-constraint-tightened')!;
      assert.equal(p.severity, 0);
      assert.match(p.message, /\("a" is refused; the new pattern takes other strings instead\)/);
    });

    it(`a pattern it cannot model is decided by a plain string one takes and the other refuses, else a warning that does not count as a break (OpenAPI ${version})`, async () => {
      const witnessed = await findings({ pattern: '^[a-z0-9]+$' }, { pattern: '^(?=.*\\d)[a-z0-9]+$' }, version);
      assert.deepEqual(
        witnessed.map(p => [p.code, p.severity]),
        [
          ['version-not-bumped', 0],
          ['request-constraint-tightened', 0],
          ['request-constraint-tightened', 0],
        ],
      );
      assert.match(witnessed[1].message, /accepts less: pattern changed to .* \("a" is refused\)\./);
      const f = await findings({ pattern: '^[a-z0-9]+$' }, { pattern: '^(?=.*[a-z0-9])[a-z0-9]+$' }, version);
      assert.deepEqual(
        f.map(p => [p.code, p.severity]),
        [
          ['request-constraint-tightened', 1],
          ['request-constraint-tightened', 1],
        ],
      );
      assert.match(f[0].message, /may accept less: pattern changed to .*apiconv cannot compare it with the base's: a pattern has a lookahead or lookbehind/);
    });

    it(`a pattern added where there was none is an error unless it takes every string, however long its counted repetition (OpenAPI ${version})`, async () => {
      const counted = await findings({}, { pattern: '^[a-z]{1,5000}$' }, version);
      assert.deepEqual(
        counted.map(p => [p.code, p.severity, p.message.replace(/^.* accepts less: /, '')]),
        [
          ['version-not-bumped', 0, "The head has 2 breaking changes but its major version is the base's (1.0.0)."],
          ['request-constraint-tightened', 0, 'pattern ^[a-z]{1,5000}$ added ("" is refused).'],
          ['request-constraint-tightened', 0, 'pattern ^[a-z]{1,5000}$ added ("" is refused).'],
        ],
      );
      const long = await findings({}, { pattern: '^[\\s\\S]{0,5000}$' }, version);
      assert.match(long[1].message, /added \("a{47}…" is refused\)\./);
      // It refuses '#', which no plain string tried has: not proven, still an error.
      const unproven = await findings({}, { pattern: '^(?!.*#)' }, version);
      assert.deepEqual(
        unproven.map(p => [p.code, p.severity]),
        [
          ['version-not-bumped', 0],
          ['request-constraint-tightened', 0],
          ['request-constraint-tightened', 0],
        ],
      );
      assert.match(unproven[1].message, /added \(apiconv cannot tell which strings it refuses: a pattern has a lookahead or lookbehind\)\./);
      assert.deepEqual(await findings({}, { pattern: '.*' }, version), []);
      assert.deepEqual(await findings({}, { pattern: '' }, version), []);
    });
  }

  it('backreferences it cannot expand and automata past the budget are undecided, not guessed', () => {
    assert.deepEqual(compareStrings({ pattern: '^(a+)b\\1$' }, { pattern: '^a+ba+$' }), { kept: undefined, reason: 'a pattern has a backreference' });
    assert.deepEqual(compareStrings({ pattern: '^[a-z]{1,100}$' }, { pattern: '^[a-z]{1,5000}$' }), {
      kept: undefined,
      reason: 'the patterns are too large to compare',
    });
    assert.deepEqual(compareStrings({}, { pattern: '^[a-z]{1,5000}$' }), { kept: false, refused: '', gained: false });
  });

  it('a pattern whose match runs away on a plain string is undecided, not a hang', () => {
    // The backreference keeps refa out; the nested quantifier backtracks without end on 10,000 'a's and no 'b'.
    assert.deepEqual(compareStrings({ pattern: '^(a+)(?:a+)+b\\1$' }, { pattern: '^(a+)b\\1$' }), {
      kept: undefined,
      reason: 'a pattern has a backreference',
    });
  });

  it('anchors and word boundaries: an unanchored pattern is searched for anywhere in the string', () => {
    assert.deepEqual(compareStrings({ pattern: '\\bfoo\\b' }, { pattern: 'foo' }), { kept: true });
    assert.deepEqual(compareStrings({ pattern: 'foo' }, { pattern: '\\bfoo\\b' }), { kept: false, refused: 'afoo', gained: false });
    assert.deepEqual(compareStrings({ pattern: '^[a-z]+$' }, { pattern: '[a-z]' }), { kept: true });
    assert.deepEqual(compareStrings({ pattern: '[a-z]' }, { pattern: '^[a-z]+$' }), { kept: false, refused: '0a', gained: false });
  });
});
