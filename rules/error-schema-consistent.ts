import { defineRule } from './types';
import { modelRule } from './_lib/ruleFunction';
import { errorResponses, firstSeen, majorityShape, opLabel, sharedNote } from './_lib/errors';

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
    const shaped = errorResponses(model).filter(r => r.shape !== undefined);
    const majority = majorityShape(shaped);
    if (majority === undefined) return [];
    const count = shaped.filter(r => r.shape === majority).length;
    const isNew = firstSeen();
    return shaped
      .filter(r => r.shape !== majority && isNew(r.json!.schema))
      .map(r => ({
        message: `${opLabel(r.op)}: the ${r.code} response${sharedNote(shaped, r, 'schema')} uses ${NAMES[r.shape!]}, but ${count} of the document's ${shaped.length} error responses use ${NAMES[majority]}: use one error body shape across the API.`,
        path: r.json!.path,
      }));
  }),
});
