/**
 * What the engine knows about a rule id (the CLI and the language server ask): apiconv rules (with their markdown docs,
 * embedded at build time), the reused `spectral:oas` rules, and the engine's own
 * codes (`parser`, `invalid-ref`).
 */
import { oas as spectralOas } from '@stoplight/spectral-rulesets';
import { rules } from '../../../rules/index';
import { DOCS_BASE, REUSED_OAS_RULES, docsUrl } from '../../../rules/ruleset';
import { diffCheck } from './diff/checks';
import { diffDocs, ruleDocs } from './ruleDocs';

export interface RuleInfo {
  id: string;
  origin: 'apiconv' | 'spectral' | 'engine' | 'custom' | 'diff';
  severity?: string;
  fixable: 'safe' | 'unsafe' | false;
  description: string;
  helpUri: string;
  /** The full docs (markdown), for apiconv rules. */
  markdown?: string;
  /** Turned on by apiconv:recommended. */
  recommended: boolean;
}

const SPECTRAL_DOCS = 'https://docs.stoplight.io/docs/spectral/4dec24461f3af-open-api-rules';
const README = DOCS_BASE.replace(/rules\/$/, 'README.md');

const ENGINE: Record<string, string> = {
  parser: 'The document is not valid YAML or JSON: a syntax error, reported with its exact range.',
  'invalid-ref': 'A $ref cannot be resolved: a missing file or JSON pointer target, a remote $ref while remote refs are off, or a cycle across files.',
};

type SpectralRule = { description?: string; severity?: unknown; recommended?: boolean };
const spectralRules = (spectralOas as unknown as { rules: Record<string, SpectralRule> }).rules;

function spectralSeverity(r: SpectralRule): string | undefined {
  const s = r.severity;
  if (typeof s === 'string') return s;
  if (typeof s === 'number') return ['error', 'warn', 'info', 'hint'][s];
  return 'warn';
}

export function ruleInfo(id: string): RuleInfo | undefined {
  const rule = rules.find(r => r.id === id);
  if (rule) {
    return {
      id,
      origin: 'apiconv',
      severity: rule.meta.severity,
      fixable: rule.fix ? rule.meta.fixable : false,
      description: rule.meta.description,
      helpUri: docsUrl(id),
      markdown: ruleDocs()[id],
      recommended: rule.meta.recommended !== false,
    };
  }
  const sr = spectralRules[id];
  if (sr) {
    // A reused rule that apiconv runs with its own implementation has a docs page saying why.
    const markdown = ruleDocs()[id];
    return {
      id,
      origin: 'spectral',
      severity: spectralSeverity(sr),
      fixable: false,
      description: sr.description ?? id,
      helpUri: markdown ? docsUrl(id) : `${SPECTRAL_DOCS}#${id}`,
      ...(markdown ? { markdown } : {}),
      recommended: (REUSED_OAS_RULES as readonly string[]).includes(id),
    };
  }
  const check = diffCheck(id);
  if (check) {
    // A check of `apiconv diff` (engine/diff/checks.ts), documented in rules/diff/<id>.md.
    return {
      id,
      origin: 'diff',
      severity: check.severity,
      fixable: false,
      description: check.description,
      helpUri: `${DOCS_BASE}diff/${id}.md`,
      markdown: diffDocs()[id],
      recommended: true,
    };
  }
  if (id in ENGINE)
    return {
      id,
      origin: 'engine',
      severity: 'error',
      fixable: false,
      description: ENGINE[id],
      helpUri: `${README}#problems-the-engine-reports`,
      recommended: true,
    };
  return undefined;
}

/** Info for any code met in results; a custom rule from a user ruleset gets a generic entry. */
export function ruleInfoOrCustom(id: string, description?: string): RuleInfo {
  return (
    ruleInfo(id) ?? {
      id,
      origin: 'custom',
      fixable: false,
      description: description ?? `Custom rule ${id}`,
      helpUri: `${README}#custom-rules`,
      recommended: false,
    }
  );
}

/** apiconv's own rules (those of apiconv:all only say so in `recommended`), then the spectral:oas ones apiconv:recommended reuses. */
export function listRules(): RuleInfo[] {
  return [...rules.map(r => ruleInfo(r.id)!), ...REUSED_OAS_RULES.map(id => ruleInfo(id)!)];
}
