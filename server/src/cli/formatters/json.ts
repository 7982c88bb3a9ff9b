/** The same array shape as `spectral lint -f json`. */
import type { Formatter } from './types';

export const json: Formatter = problems =>
  JSON.stringify(
    problems.map(p => ({ code: p.code, path: p.path, message: p.message, severity: p.severity, range: p.range, source: p.source })),
    null,
    2,
  ) + '\n';
