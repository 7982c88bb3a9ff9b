/**
 * Spectral's `oas3-schema` rule (same id, JSONPath, messages), with one option: where a document's `$ref`s may stand.
 *
 * The OpenAPI texts allow a Reference Object in some places only (a schema, a response, a parameter… a path item);
 * DigitalOcean writes each operation as `get: { $ref: resources/…/x.yml }` and bundles the files before use, as
 * Redocly's linter does by default (its `spec-strict-refs`, which reports such a `$ref`, is off in its recommended
 * set). With `refs: anywhere` such a `$ref` is what its target is: the object it points to is validated in its place,
 * so what the bundled document would get wrong is still reported (at the `$ref` that brings it in), and nothing is
 * reported for the `$ref` itself. The default, `spec`, is Spectral's check as it is.
 */
import { createRulesetFunction, type IFunctionResult, type RulesetFunctionContext } from '@stoplight/spectral-core';
import { oas } from '@stoplight/spectral-rulesets';
import { oasDocumentSchema } from '@stoplight/spectral-rulesets/dist/oas/functions';
import { decodePointerFragment } from '@stoplight/json';
import { defineOptions } from './options';

export const STRUCTURE_RULE = 'oas3-schema';

export type RefPlaces = 'spec' | 'anywhere';

export const options = defineOptions<{ refs: RefPlaces }>(STRUCTURE_RULE, {
  refs: {
    schema: { enum: ['spec', 'anywhere'] },
    default: 'spec',
    description:
      "Where a $ref may stand: 'spec', only where the OpenAPI version allows a Reference Object (a $ref elsewhere is reported and what it points to is not checked); 'anywhere', for documents bundled before use (an operation written as a $ref to its file): a $ref stands for its target, which is checked in its place.",
    example: 'anywhere',
  },
});

type Validate = (input: unknown, opts: null, context: RulesetFunctionContext) => IFunctionResult[] | void;
const validate = oasDocumentSchema as unknown as Validate;

type Container = Record<string | number, unknown>;
const isContainer = (v: unknown): v is Container => typeof v === 'object' && v !== null;

/** `root` with the values at `paths` replaced by `valueAt(path)`: each container on the way copied once, the rest shared. */
function substituted(root: unknown, paths: (string | number)[][], valueAt: (path: (string | number)[]) => unknown): unknown {
  const copies = new Map<unknown, Container>();
  const copyOf = (v: Container): Container => {
    let c = copies.get(v);
    if (c === undefined) copies.set(v, (c = Array.isArray(v) ? ([...v] as unknown as Container) : { ...v }));
    return c;
  };
  if (!isContainer(root)) return root;
  const top = copyOf(root);
  for (const path of paths) {
    let original: unknown = root;
    let copy = top;
    for (let i = 0; i < path.length - 1 && isContainer(original); i++) {
      original = original[path[i]];
      if (!isContainer(original)) break;
      copy = copy[path[i]] = copyOf(original);
    }
    copy[path[path.length - 1]] = valueAt(path);
  }
  return top;
}

/** The first object along `path` in `root` that is a `$ref` (its path), if any. */
function refAlong(root: unknown, path: (string | number)[]): (string | number)[] | undefined {
  let v = root;
  for (let i = 0; i <= path.length && isContainer(v); i++) {
    if (typeof v.$ref === 'string') return path.slice(0, i);
    if (i < path.length) v = v[path[i]];
  }
  return undefined;
}

const valueIn = (root: unknown, path: (string | number)[]): unknown => {
  let v = root;
  for (const seg of path) v = isContainer(v) ? v[seg] : undefined;
  return v;
};

export const oasStructure = createRulesetFunction<unknown, { refs?: RefPlaces } | null>(
  { input: null, options: options.schema as never },
  function oasStructure(input, opts, context) {
    const results = validate(input, null, context);
    if (opts?.refs !== 'anywhere' || !results) return results;
    // The $refs where the schema takes none: each one that an error lies in (the `$ref` key refused, or what the
    // object then lacks or is) is replaced by its target as the resolver found it.
    const resolved = (context.documentInventory as unknown as { resolved: unknown }).resolved;
    const places = new Map<string, (string | number)[]>();
    for (const r of results) {
      const at = refAlong(
        input,
        (r.path ?? []).map(seg => (typeof seg === 'string' ? decodePointerFragment(seg) : seg)),
      );
      if (at === undefined || at.length === 0) continue;
      const target = valueIn(resolved, at);
      // A $ref the resolver could not follow stays what it is, and reported.
      if (target !== undefined && !(isContainer(target) && '$ref' in target)) places.set(JSON.stringify(at), at);
    }
    const targets = [...places.values()];
    if (targets.length === 0) return results;
    return validate(
      substituted(input, targets, p => valueIn(resolved, p)),
      null,
      context,
    );
  },
);

/**
 * Whether the engine may validate the document unit by unit (engine/run/functions.ts): with `refs: spec` the results
 * are the union of each unit's, as for Spectral's function. With `anywhere` they depend on other files than the
 * unit's own: the whole document is validated at every lint.
 */
Object.defineProperty(oasStructure, Symbol.for('apiconv.splitFunction'), {
  value: (functionOptions: unknown) => (functionOptions as { refs?: RefPlaces } | null | undefined)?.refs !== 'anywhere',
});

/** The rule's definition with this function. */
export function structureRule(): Record<string, unknown> {
  const def = (oas as unknown as { rules: Record<string, Record<string, unknown>> }).rules[STRUCTURE_RULE]!;
  // Options given, as for the apiconv rules that take some (ruleFunction.ts): Spectral validates them as the rule is built.
  return { [STRUCTURE_RULE]: { ...def, then: { ...(def.then as Record<string, unknown>), function: oasStructure, functionOptions: {} } } };
}
