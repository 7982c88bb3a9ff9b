import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { filterReadsOf } from '../../server/src/engine/run/query';

const reads = (...givens: string[]) => {
  const r = filterReadsOf(givens);
  return r.opaque ? 'opaque' : [...r.keys].sort().join(',');
};

describe("what given paths' filters read (incremental runner: typing into a string)", () => {
  it('keys, properties by name, truth values and null tests', () => {
    assert.equal(reads('$.paths[*][get,put]', "$..[?(@property === '$ref')]", '$..[?(@path && @property !== "x")]'), '');
    assert.equal(reads('$..[?(@ && @.enum && @.type)]'), 'enum,type');
    assert.equal(reads("$..[?(@property !== 'properties' && @ != null && @.enum && @.enum.constructor.name === 'Array')]"), 'constructor,enum,name');
    assert.equal(reads("$..[?(@ && (@.example !== void 0 || @['x-example'] !== void 0 || @.default !== void 0))]"), 'default,example,x-example');
    assert.equal(reads('$..[?(@ !== null && @.in)]', '$..[?(@ !== void 0)]'), 'in');
  });

  it('anything that may read more is opaque', () => {
    for (const g of [
      '$..[?(@parent.type)]',
      '$..[?(@root.openapi)]',
      '$..[?(@parentProperty === "x")]',
      '$..[?(@.length > 2)]',
      '$..[?(@.name.length)]',
      '$..[?(@.name.match(/x/))]',
      "$..[?(@ === 'x')]",
      '$..[?(@[0])]',
      "$..[?(@['x-a'].b)]",
      '$..[?(typeof @ === "string")]',
    ]) {
      assert.equal(reads(g), 'opaque', g);
    }
  });
});
