/**
 * `apiconv mcp`: a local Model Context Protocol server over stdio, for coding agents that write and edit OpenAPI
 * descriptions. Tools: lint, fix (returns the edit, writes nothing), diff (breaking changes), explain_rule and
 * score; the rules' docs are resources (`apiconv://rules/<id>`). Documents are named by path (relative to the
 * folder the server runs in) or given as text; `$ref`s are read inside the project, as `apiconv lint` reads them.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';
import {
  DEFAULT_FUNCTION_BUDGET_MS,
  RulesetCache,
  SEVERITY_NAMES,
  diffDocuments,
  listRules,
  loadDocument,
  ruleInfo,
  rulesetFileFor,
  scoreFindings,
  type LintProblem,
} from '../engine';
import { version } from '../../../package.json';
import { computeFixes, finishFixes } from './fixCommand';
import { jsonPathString } from './formatters/util';
import { lintOne, type CliLintTask } from './lintOne';
import { projectRoot } from './project';

const documentInput = {
  file: z.string().optional().describe('Path of the OpenAPI document (YAML or JSON), relative to the working folder; with `text`, the name it is linted under'),
  text: z.string().optional().describe('The document text, when it is not (or not yet) on the disk'),
};
type DocumentInput = { file?: string; text?: string };

function finding(p: LintProblem, cwd: string) {
  return {
    rule: p.code,
    severity: SEVERITY_NAMES[p.severity] ?? 'error',
    message: p.message,
    file: path.relative(cwd, p.source).split(path.sep).join('/') || p.source,
    line: p.range.start.line + 1,
    column: p.range.start.character + 1,
    path: jsonPathString(p.path),
    ...(p.fixable ? { fixable: p.fixable } : {}),
  };
}

/** A tool's answer: the data as JSON text (what every client shows) and as structured content. */
function answer(data: Record<string, unknown>) {
  return { content: [{ type: 'text' as const, text: JSON.stringify(data, null, 2) }], structuredContent: data };
}

function failure(message: string) {
  return { content: [{ type: 'text' as const, text: message }], isError: true };
}

export function createMcpServer(cwd: string): McpServer {
  const cache = new RulesetCache({ allowRemote: false, dataOnly: false });
  const task = (input: DocumentInput): CliLintTask => {
    if (input.file === undefined && input.text === undefined) throw new Error('give the document as file or text');
    const file = path.resolve(cwd, input.file ?? 'openapi.yaml');
    const root = projectRoot([path.dirname(file)]) ?? path.dirname(file);
    return { file, text: input.text, ruleset: rulesetFileFor(file), allowRemoteRefs: false, refRoots: [root], functionBudgetMs: DEFAULT_FUNCTION_BUDGET_MS };
  };
  const lint = async (input: DocumentInput) => {
    const r = await lintOne(task(input), cache);
    if (r.error) throw new Error(r.error);
    if (r.skipped) throw new Error(`not linted: ${r.skipReason ?? r.skipped}`);
    return r;
  };
  const guarded =
    <A>(run: (args: A) => Promise<ReturnType<typeof answer>>) =>
    async (args: A) => {
      try {
        return await run(args);
      } catch (e) {
        return failure(e instanceof Error ? e.message : String(e));
      }
    };

  const server = new McpServer({ name: 'apiconv', version });

  server.registerTool(
    'lint',
    {
      title: 'Lint an OpenAPI document',
      description: "The document's findings against HTTP API conventions (and Spectral's OpenAPI rules): rule, severity, message, line and JSON path.",
      inputSchema: documentInput,
    },
    guarded(async (args: DocumentInput) => {
      const r = await lint(args);
      return answer({ findings: r.problems.map(p => finding(p, cwd)), suppressed: r.suppressed.length });
    }),
  );

  server.registerTool(
    'fix',
    {
      title: 'Safe fixes of an OpenAPI document',
      description: 'The safe fixes of the findings, as the fixed text of each changed file and a unified diff. Nothing is written: apply the edit yourself.',
      inputSchema: documentInput,
    },
    guarded(async (args: DocumentInput) => {
      const computed = await computeFixes([task(args)], cache);
      const done = finishFixes(computed, { write: false, cwd });
      if (done.errors.length) throw new Error(done.errors.join('; '));
      const files = done.changedFiles.map(f => ({ file: path.relative(cwd, f).split(path.sep).join('/'), text: computed.pending.get(f)! }));
      return answer({ applied: done.applied, files, diff: done.diff });
    }),
  );

  server.registerTool(
    'diff',
    {
      title: 'Breaking changes between two versions',
      description: 'The breaking changes from a base version of an OpenAPI document to a head version (each a file or a text).',
      inputSchema: { baseFile: z.string().optional(), baseText: z.string().optional(), headFile: z.string().optional(), headText: z.string().optional() },
    },
    guarded(async (args: { baseFile?: string; baseText?: string; headFile?: string; headText?: string }) => {
      const side = async (file: string | undefined, text: string | undefined, name: string) => {
        if (file === undefined && text === undefined) throw new Error(`give the ${name} as ${name}File or ${name}Text`);
        const abs = path.resolve(cwd, file ?? `${name}.yaml`);
        return loadDocument(text ?? fs.readFileSync(abs, 'utf8'), abs);
      };
      const r = diffDocuments(await side(args.baseFile, args.baseText, 'base'), await side(args.headFile, args.headText, 'head'));
      return answer({ changes: r.problems.map(p => finding(p, cwd)), ...(r.bumped ? { allowedBy: r.bumped } : {}) });
    }),
  );

  server.registerTool(
    'explain_rule',
    {
      title: 'Explain a rule',
      description: 'What a rule checks, why, how to fix its findings, and its options (the rule docs).',
      inputSchema: { rule: z.string().describe('A rule id, e.g. path-no-verbs') },
    },
    guarded(async ({ rule }: { rule: string }) => {
      const info = ruleInfo(rule);
      if (!info) throw new Error(`unknown rule ${rule} (the rules are the resources apiconv://rules/<id>)`);
      return answer({
        rule,
        severity: info.severity,
        fixable: info.fixable,
        description: info.description,
        docs: info.markdown ?? info.description,
        url: info.helpUri,
      });
    }),
  );

  server.registerTool(
    'score',
    {
      title: 'Score an OpenAPI document',
      description: 'A 0–100 score and an A–F grade per convention category, scaled by the size of the API, with the fixes that raise it most.',
      inputSchema: documentInput,
    },
    guarded(async (args: DocumentInput) => {
      const r = await lint(args);
      return answer({ ...scoreFindings(r.problems, r.operations ?? 0) });
    }),
  );

  server.registerResource(
    'rule-docs',
    new ResourceTemplate('apiconv://rules/{id}', {
      list: () => ({
        resources: listRules().map(r => ({ uri: `apiconv://rules/${r.id}`, name: r.id, description: r.description, mimeType: 'text/markdown' })),
      }),
    }),
    { title: 'apiconv rule docs', description: 'The documentation of each rule', mimeType: 'text/markdown' },
    (uri, { id }) => {
      const info = ruleInfo(String(id));
      if (!info) throw new Error(`unknown rule ${String(id)}`);
      return { contents: [{ uri: uri.href, mimeType: 'text/markdown', text: info.markdown ?? `# ${info.id}\n\n${info.description}\n\n${info.helpUri}\n` }] };
    },
  );
  return server;
}

export const MCP_HELP = `apiconv mcp — a Model Context Protocol server over stdio, for coding agents

Usage:
  apiconv mcp

Tools: lint, fix (returns the edit; writes nothing), diff, explain_rule, score. Resources: the rule docs,
apiconv://rules/<id>. Documents are paths relative to the folder the server runs in, or texts.
`;

export async function mcpMain(argv: readonly string[]): Promise<number | undefined> {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(MCP_HELP);
    return 0;
  }
  const server = createMcpServer(process.cwd());
  await server.connect(new StdioServerTransport());
  // Serves until the client closes stdin.
  return undefined;
}
