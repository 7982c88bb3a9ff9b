// `npm run test:vscode`: the same extension-host suite as the code-server run, in VS Code
// desktop downloaded by @vscode/test-electron (needs access to update.code.visualstudio.com).
// Env: VSCODE_VERSION (default 'stable'), APICONV_E2E_ONLY (substring of test names).
import { runTests } from '@vscode/test-electron';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
execFileSync(process.execPath, [path.join(root, 'esbuild.mjs')], { cwd: root, stdio: 'inherit' });
execFileSync(process.execPath, [path.join(here, 'build.mjs')], { cwd: root, stdio: 'inherit' });

const run = fs.mkdtempSync(path.join(os.tmpdir(), 'apiconv-vscode-'));
const workspace = path.join(run, 'workspace');
fs.cpSync(path.join(here, 'workspace'), workspace, { recursive: true });
const resultFile = path.join(root, 'test-results', 'vscode', 'electron-result.json');
fs.mkdirSync(path.dirname(resultFile), { recursive: true });

let code;
try {
  code = await runTests({
    version: process.env.VSCODE_VERSION || 'stable',
    extensionDevelopmentPath: root,
    extensionTestsPath: path.join(here, 'out', 'index.js'),
    extensionTestsEnv: { APICONV_E2E_RESULT: resultFile, APICONV_E2E_ONLY: process.env.APICONV_E2E_ONLY ?? '' },
    launchArgs: [
      workspace,
      '--disable-extensions',
      '--disable-workspace-trust',
      '--skip-welcome',
      '--skip-release-notes',
      '--user-data-dir',
      path.join(run, 'user-data'),
      '--extensions-dir',
      path.join(run, 'extensions'),
    ],
  });
} catch (e) {
  console.error(`test:vscode failed: ${e instanceof Error ? e.message : String(e)}`);
  code = 1;
} finally {
  fs.rmSync(run, { recursive: true, force: true });
}
process.exit(code);
