/** The error conventions an API follows (engine/infer.ts): RFC 9457 problem details, and the media type of its error bodies. */
import type { Model } from '../../../rules/_lib/oas';
import { errorBodyTally } from '../../../rules/_lib/errorSchemas';
import { majorityOf, sumTallies, tallyText } from '../../../rules/_lib/majority';
import type { Inference } from './inferTally';

/**
 * error-schema's `shapes: [problem]` when most error bodies are problem details, and its `mediaTypes` when most are
 * written in another type than application/json: the counts `auto` takes the majority of. The seed's shapes need
 * no option, and a body of the team's own is what `required` learns (inferErrorBody).
 */
export function inferErrorConventions(models: Model[]): Inference | undefined {
  const options: Record<string, unknown> = {};
  const evidence: string[] = [];
  const shapes = sumTallies(models.map(m => errorBodyTally(m).kinds));
  if (majorityOf(shapes)?.value === 'problem') {
    options.shapes = ['problem'];
    evidence.push(`error bodies: ${tallyText(shapes)} (A, B: the seed's shapes; own: none of them)`);
  }
  const types = sumTallies(models.map(m => errorBodyTally(m).mediaTypes));
  const type = majorityOf(types)?.value;
  if (type !== undefined && type !== 'application/json') {
    options.mediaTypes = [type];
    evidence.push(`error body media types: ${tallyText(types)}`);
  }
  return evidence.length > 0 ? { rule: 'error-schema', options, evidence } : undefined;
}
