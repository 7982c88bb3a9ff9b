import { defineRule } from './types';
import { modelRule, type Finding } from './_lib/ruleFunction';
import { opLabel } from './_lib/errors';

/**
 * The IANA HTTP Status Code Registry (https://www.iana.org/assignments/http-status-codes),
 * permanent assignments. 306 and 418 are listed there as "(Unused)" and 104 only
 * as a temporary assignment, so they are not accepted here.
 */
export const IANA_STATUS_CODES: Readonly<Record<number, string>> = {
  100: 'Continue',
  101: 'Switching Protocols',
  102: 'Processing',
  103: 'Early Hints',
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  203: 'Non-Authoritative Information',
  204: 'No Content',
  205: 'Reset Content',
  206: 'Partial Content',
  207: 'Multi-Status',
  208: 'Already Reported',
  226: 'IM Used',
  300: 'Multiple Choices',
  301: 'Moved Permanently',
  302: 'Found',
  303: 'See Other',
  304: 'Not Modified',
  305: 'Use Proxy',
  307: 'Temporary Redirect',
  308: 'Permanent Redirect',
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  407: 'Proxy Authentication Required',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  411: 'Length Required',
  412: 'Precondition Failed',
  413: 'Content Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  416: 'Range Not Satisfiable',
  417: 'Expectation Failed',
  421: 'Misdirected Request',
  422: 'Unprocessable Content',
  423: 'Locked',
  424: 'Failed Dependency',
  425: 'Too Early',
  426: 'Upgrade Required',
  428: 'Precondition Required',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  451: 'Unavailable For Legal Reasons',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
  505: 'HTTP Version Not Supported',
  506: 'Variant Also Negotiates',
  507: 'Insufficient Storage',
  508: 'Loop Detected',
  510: 'Not Extended',
  511: 'Network Authentication Required',
};

const RANGE = /^[1-5]XX$/;

function problemOf(code: string): string | undefined {
  if (code === 'default' || RANGE.test(code)) return undefined;
  if (/^[1-5]xx$/i.test(code)) return `write the range in capitals: "${code.toUpperCase()}"`;
  if (/^default$/i.test(code)) return 'write it as "default"';
  if (!/^\d{3}$/.test(code)) return 'use a three-digit status code, a range such as "4XX", or "default"';
  const n = Number(code);
  if (n < 100 || n > 599) return 'HTTP status codes lie between 100 and 599';
  if (IANA_STATUS_CODES[n] === undefined) {
    const cls = `${code[0]}XX`;
    return `it is not in the IANA status code registry; use a registered code (or the range "${cls}")`;
  }
  return undefined;
}

export default defineRule({
  id: 'status-code-standard',
  meta: {
    description: 'Response keys are registered HTTP status codes (IANA registry), ranges 1XX–5XX, or default.',
    severity: 'warn',
    fixable: false,
    formats: ['oas2', 'oas3'],
  },
  spectral: modelRule('apiconvStatusCodeStandard', model => {
    const out: Finding[] = [];
    for (const op of model.operations) {
      if (!op.responses) continue;
      for (const code of Object.keys(op.responses)) {
        if (code.startsWith('x-')) continue;
        const problem = problemOf(code);
        if (problem) out.push({ message: `${opLabel(op)}: response "${code}" is not a standard status: ${problem}.`, path: [...op.path, 'responses', code] });
      }
    }
    return out;
  }),
});
