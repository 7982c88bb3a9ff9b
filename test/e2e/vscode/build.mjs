// Bundles the extension-host test suite (suite/index.ts → out/index.js; `vscode` stays external).
import * as esbuild from 'esbuild';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
await esbuild.build({
  entryPoints: [`${here}suite/index.ts`],
  outfile: `${here}out/index.js`,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: 'inline',
  external: ['vscode'],
  logLevel: 'warning',
});
