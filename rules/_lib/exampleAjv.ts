/**
 * The Ajv instances of the example rules (exampleValidators.ts), made here so that the build
 * (scripts/exampleMetaValidators.mjs) makes the very same instance when it precompiles a dialect's meta-schema
 * validator: the checking instance compiles it at the first schema it checks.
 */
import Ajv, { type Options, type ValidateFunction } from 'ajv';
import Ajv2019 from 'ajv/dist/2019';
import Ajv2020 from 'ajv/dist/2020';
import AjvDraft04 from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import draft6MetaSchema from 'ajv/dist/refs/json-schema-draft-06.json';
import { boundedRegExpEngine } from './boundedRegExp';

export type Base = 'auto' | 'draft4' | 'draft2019-09' | 'draft2020-12';

const logger = {
  warn(...args: unknown[]) {
    if (typeof args[0] === 'string' && args[0].startsWith('unknown format')) return;
  },
  log() {},
  error() {},
};

/** The meta-schema a dialect's checking instance checks schemas with, where its validator is precompiled. */
export const PRECOMPILED_META: Partial<Record<Base, string>> = { draft4: 'http://json-schema.org/draft-04/schema' };

/**
 * A new instance for a dialect, configured as Spectral configures it (but without Ajv's optimizer passes over the
 * generated code: they change neither what a validator accepts nor its errors, and they were most of the compile
 * time of a big document, the optimizer's name analysis above all). `trusted`:
 * schemas are not checked against the meta-schema. `code`: the build's options for standalone code.
 */
export function newAjv(base: Base, trusted: boolean, code?: Options['code']): Ajv {
  const Ctor = (base === 'draft4' ? AjvDraft04 : base === 'draft2019-09' ? Ajv2019 : base === 'draft2020-12' ? Ajv2020 : Ajv) as unknown as typeof Ajv;
  const ajv = new Ctor({
    allErrors: false,
    meta: true,
    messages: true,
    strict: false,
    allowUnionTypes: true,
    logger,
    unicodeRegExp: false,
    // A document's patterns are tested under the running rule's deadline (boundedRegExp.ts); the build's standalone
    // code (the meta-schema's own patterns) keeps RegExp.
    code: { optimize: false, ...(code ?? { regExp: boundedRegExpEngine }) },
    ...(trusted ? { validateSchema: false } : null),
  });
  addFormats(ajv as never);
  if (base === 'auto') ajv.addSchema(draft6MetaSchema as never);
  return ajv;
}

/**
 * Gives a checking instance the meta-schema validator the build compiled (the same code Ajv would generate for
 * it), where there is one: Ajv then does not compile its own. The bundles hold them (`apiconv:example-meta`);
 * run from the sources (the tests), there are none and Ajv compiles as before.
 */
export function usePrecompiledMeta(ajv: Ajv, base: Base): void {
  const id = PRECOMPILED_META[base];
  if (id === undefined) return;
  let validators: Partial<Record<Base, ValidateFunction>> | undefined;
  try {
    validators = (require('apiconv:example-meta') as { validators: Partial<Record<Base, ValidateFunction>> }).validators;
  } catch {
    return;
  }
  const env = (ajv as unknown as { schemas: Record<string, { validate?: ValidateFunction } | undefined> }).schemas[id];
  const validate = validators[base];
  if (env !== undefined && validate !== undefined && env.validate === undefined) env.validate = validate;
}
