import { defineRule } from './types';
import { modelRule, type Finding } from './_lib/ruleFunction';
import { getAt, isObject } from './_lib/oas';
import { opLabel } from './_lib/errors';
import { normalizePath } from './_lib/fixes';
import { isLocalHost, schemeAndHost, serverUrls } from './_lib/security';
import { defineOptions } from './_lib/options';

type LocalMode = 'info' | 'rule' | 'off';

interface Options {
  local: LocalMode | boolean;
}

export const options = defineOptions<Options>('servers-https', {
  local: {
    schema: { oneOf: [{ enum: ['info', 'rule', 'off'] }, { type: 'boolean' }] },
    default: 'info',
    description:
      "Plain-text URLs of a local development server (localhost, 127.0.0.1, [::1]): 'info' reports them at info, 'rule' at the rule's severity, 'off' not at all (true / false: 'rule' / 'off').",
    example: 'off',
  },
});

function localMode(o: Options['local']): LocalMode {
  if (o === true) return 'rule';
  if (o === false) return 'off';
  return o;
}

const INSECURE: Record<string, string> = { http: 'https', ws: 'wss' };

export default defineRule({
  id: 'servers-https',
  meta: {
    description: 'Every server URL (Swagger 2: every scheme) uses https.',
    severity: 'error',
    fixable: 'unsafe',
    formats: ['oas2', 'oas3'],
  },
  options,
  spectral: modelRule(
    'apiconvServersHttps',
    (model, options) => {
      const out: Finding[] = [];
      const local = (host: string) => isLocalHost(host);
      const mode = localMode(options.local);
      // Local development servers: info by default (the engine lowers the severity; see _lib/severity.ts).
      const localSeverity = mode === 'info' ? ({ severity: 'info' } as const) : {};
      if (model.spec === 'oas2') {
        const host = typeof model.root.host === 'string' ? model.root.host : '';
        const isLocal = local(host);
        if (isLocal && mode === 'off') return out;
        const check = (schemes: unknown, base: (string | number)[], where: string) => {
          if (!Array.isArray(schemes)) return;
          schemes.forEach((s, i) => {
            if (typeof s === 'string' && INSECURE[s.toLowerCase()]) {
              out.push({
                message: `${where} allows the plain-text scheme "${s}"${isLocal ? ' (local development host)' : ''}: traffic must use TLS; use "${INSECURE[s.toLowerCase()]}".`,
                path: [...base, i],
                ...(isLocal ? localSeverity : {}),
              });
            }
          });
        };
        check(model.root.schemes, ['schemes'], 'The API');
        for (const op of model.operations) check(op.value.schemes, [...op.path, 'schemes'], opLabel(op));
        return out;
      }
      for (const s of serverUrls(model)) {
        let url = s.url;
        let path = s.path;
        // A scheme that is a server variable: judge (and point at) the variable's default.
        const v = /^\{([^}]+)\}:\/\//.exec(url);
        if (v) {
          const variable = isObject(s.server.variables) ? s.server.variables[v[1]] : undefined;
          if (!isObject(variable) || typeof variable.default !== 'string') continue;
          url = variable.default + url.slice(v[0].length - 3);
          path = [...path.slice(0, -1), 'variables', v[1], 'default'];
        }
        const sh = schemeAndHost(
          url.replace(/\{([^}]+)\}/g, (_m, name: string) => {
            const d = isObject(s.server.variables) && isObject(s.server.variables[name]) ? s.server.variables[name].default : undefined;
            return typeof d === 'string' ? d : 'x';
          }),
        );
        if (!sh || !INSECURE[sh.scheme]) continue;
        const isLocal = local(sh.host);
        if (isLocal && mode === 'off') continue;
        out.push({
          message: `Server "${s.url}" uses plain-text ${sh.scheme}${isLocal ? ' (local development server)' : ''}: traffic must use TLS; use ${INSECURE[sh.scheme]}.`,
          path,
          ...(isLocal ? localSeverity : {}),
        });
      }
      return out;
    },
    options,
  ),
  fix(ctx) {
    const path = normalizePath(ctx.data, ctx.path);
    const value = getAt(ctx.data, path);
    if (typeof value !== 'string') return undefined;
    const last = path[path.length - 1];
    // Swagger 2 `schemes` item.
    if (typeof last === 'number') {
      const secure = INSECURE[value.toLowerCase()];
      if (!secure) return undefined;
      const list = getAt(ctx.data, path.slice(0, -1));
      const has = Array.isArray(list) && list.some(x => typeof x === 'string' && x.toLowerCase() === secure);
      return has
        ? { title: `Remove the "${value}" scheme`, ops: [{ kind: 'remove', path }] }
        : { title: `Use "${secure}"`, ops: [{ kind: 'set', path, value: secure }] };
    }
    const m = /^(https?|wss?)(?=$|:)/i.exec(value);
    if (!m || !INSECURE[m[1].toLowerCase()]) return undefined;
    const secure = INSECURE[m[1].toLowerCase()];
    const ops: { kind: 'set'; path: (string | number)[]; value: unknown }[] = [{ kind: 'set', path, value: secure + value.slice(m[1].length) }];
    // A variable default: keep its enum valid.
    if (last === 'default') {
      const en = getAt(ctx.data, [...path.slice(0, -1), 'enum']);
      if (Array.isArray(en) && !en.includes(secure)) {
        const i = en.indexOf(value);
        if (i >= 0) ops.push({ kind: 'set', path: [...path.slice(0, -1), 'enum', i], value: secure });
      }
    }
    return { title: `Use ${secure}`, ops };
  },
});
