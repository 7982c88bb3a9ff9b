import { defineRule } from './types';
import { modelRule } from './_lib/ruleFunction';
import { errorResponses, firstSeen, opLabel, sharedNote } from './_lib/errors';
import { documentErrorShape, errorBodyTally } from './_lib/errorSchemas';

const NAMES = { A: 'shape A (status, code, message, errors)', B: 'shape B (error)' } as const;

export default defineRule({
  id: 'error-schema-consistent',
  meta: {
    description: 'All error responses of the document use the same error body shape (the majority shape wins).',
    severity: 'warn',
    fixable: false,
    formats: ['oas2', 'oas3'],
  },
  spectral: modelRule('apiconvErrorSchemaConsistent', model => {
    // The document's shape is the one error-schema's fix writes when both are accepted: one count of the error bodies.
    const majority = documentErrorShape(model);
    if (majority === undefined) return [];
    const { kinds } = errorBodyTally(model);
    const count = kinds.counts.get(majority)!;
    const shaped = errorResponses(model).filter(r => r.kind === 'A' || r.kind === 'B');
    const isNew = firstSeen();
    return shaped
      .filter(r => r.kind !== majority && isNew(r.json!.schema))
      .map(r => ({
        message: `${opLabel(r.op)}: the ${r.code} response${sharedNote(shaped, r, 'schema')} uses ${NAMES[r.kind as 'A' | 'B']}, but ${count} of the document's ${shaped.length} error responses of shape A or B use ${NAMES[majority]}: use one error body shape across the API.`,
        path: r.json!.path,
      }));
  }),
});
