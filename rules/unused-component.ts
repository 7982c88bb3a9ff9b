import { createRulesetFunction } from '@stoplight/spectral-core';
import { runBudgeted } from './_lib/budget';
import { defineRule } from './types';
import { referrersOf, unusedComponents, type ReferencedFile } from './_lib/unusedComponents';

interface Inventory {
  referencedDocuments?: Record<string, { source: string | null; data: unknown }>;
}

/** The kind of a component from its path, for the message: `components.schemas` → "schema". */
function kindOf(path: (string | number)[]): string {
  const holder = String(path[path.length - 2]);
  const kinds: Record<string, string> = {
    definitions: 'schema',
    securityDefinitions: 'security scheme',
    securitySchemes: 'security scheme',
    requestBodies: 'request body',
    pathItems: 'path item',
    mediaTypes: 'media type',
  };
  return kinds[holder] ?? holder.replace(/s$/, '');
}

const unusedComponent = createRulesetFunction<unknown, null>({ input: null, options: null }, (input, _options, context) =>
  // Its walk of the files reads the clock (budget.ts): a run past the rule's budget stops with one finding.
  runBudgeted(context, () => {
    // Reads the document as written (`resolved: false`): the `$ref`s are what make a component used.
    const inventory = context.documentInventory as unknown as Inventory;
    const files: ReferencedFile[] = Object.values(inventory.referencedDocuments ?? {})
      .filter(d => typeof d.source === 'string')
      .map(d => ({ source: d.source!, data: d.data }));
    return unusedComponents(input, context.document.source ?? undefined, files).map(path => ({
      message: `The ${kindOf(path)} "${path[path.length - 1]}" is used nowhere in the document or the files it references: remove it.`,
      path,
    }));
  }),
);
Object.defineProperty(unusedComponent, 'name', { value: 'apiconvUnusedComponent' });

export default defineRule({
  id: 'unused-component',
  meta: {
    description: 'Every component is used: referenced from the operations, or named in a security requirement.',
    severity: 'info',
    fixable: 'safe',
    formats: ['oas2', 'oas3'],
    // A component library, or a document other files `$ref`, holds components it does not use itself.
    recommended: false,
  },
  spectral: { given: '$', resolved: false, then: { function: unusedComponent } },
  fixesLast: true,
  fix(ctx) {
    if (!ctx.isRoot) return undefined;
    // Components that reference this one are unused too (they would reach it otherwise): they go with it, so no
    // `$ref` is left dangling whichever finding is fixed first.
    const gone = referrersOf(ctx.data, ctx.path);
    const name = ctx.path[ctx.path.length - 1];
    const title =
      gone.length > 1 ? `Remove the unused "${name}" and the ${gone.length - 1} unused component(s) that reference it` : `Remove the unused "${name}"`;
    return { title, ops: gone.map(path => ({ kind: 'remove' as const, path })) };
  },
});
