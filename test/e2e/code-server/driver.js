// Drives code-server (real VS Code in the browser) with playwright-core and Debian's chromium.
//   node driver.js exttests   load the extension from its folder and run the extension-host suite
//                             (extensionDevelopmentPath / extensionTestsPath, like @vscode/test-electron);
//                             exit code = the suite's.
//   node driver.js ui         the installed .vsix: open a document from the Explorer, wait for the squiggles
//                             and for the Problems panel to list apiconv findings; screenshots.
//   node driver.js keystroke  the installed .vsix: open KS_FILE (asana.yaml), then KS_KEYS times delete and type back
//                             the `s` of its first server's `https` (each keystroke adds or removes a servers-https
//                             finding) and time keystroke → the Problems panel's count for the file changing;
//                             printed and written to SHOT_DIR/keystroke-result.json.
// Env: CS_URL, WS, SHOT_DIR, CHROMIUM; exttests: EXT_DEV, EXT_TESTS, TEST_TIMEOUT_MS; ui: UI_FILE, UI_EXPECT (codes, comma-separated).
const { chromium } = require('playwright-core');
const fs = require('fs');
const os = require('os');
const path = require('path');

const mode = process.argv[2];
const CS_URL = process.env.CS_URL;
const WS = process.env.WS;
const SHOT_DIR = process.env.SHOT_DIR;
const NAME = process.env.SHOT_NAME || mode; // artifact file names
const t0 = Date.now();
const lap = m => console.log(`[driver +${((Date.now() - t0) / 1000).toFixed(1)}s] ${m}`);

async function launch() {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'apiconv-chromium-'));
  const ctx = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    viewport: { width: 1400, height: 900 },
  });
  const page = ctx.pages()[0] || (await ctx.newPage());
  // A built workbench honours the extensionDevelopmentPath/extensionTestsPath payload only with
  // developmentOptions.enableSmokeTestDriver: set it in the configuration the page reads from
  // <meta id="vscode-workbench-web-configuration" data-settings> (works on code-server 4.100 and 4.139).
  await page.addInitScript(() => {
    const orig = Element.prototype.getAttribute;
    Element.prototype.getAttribute = function (name) {
      const v = orig.call(this, name);
      if (name === 'data-settings' && this.id === 'vscode-workbench-web-configuration' && v) {
        const cfg = JSON.parse(v);
        cfg.developmentOptions = { ...(cfg.developmentOptions || {}), enableSmokeTestDriver: true };
        return JSON.stringify(cfg);
      }
      return v;
    };
  });
  const close = async () => {
    await ctx.close().catch(() => {});
    fs.rmSync(profile, { recursive: true, force: true });
  };
  return { page, close };
}

// Trust the workspace the way a user does: Workspaces: Manage Workspace Trust, then the "Trust" button.
async function grantTrust(page) {
  lap('granting workspace trust through the UI');
  await page.keyboard.press('F1');
  await page.waitForSelector('.quick-input-widget input', { timeout: 10000 });
  await page.keyboard.type('Manage Workspace Trust');
  await page.waitForTimeout(700);
  await page.keyboard.press('Enter');
  const button = page.locator('.workspace-trust-editor .monaco-button', { hasText: /^Trust( Folder)?$/ });
  await button.first().click({ timeout: 20000 });
  lap('clicked "Trust"');
  await page.screenshot({ path: path.join(SHOT_DIR, 'trust-granted.png') }).catch(() => {});
}

async function exttests() {
  const host = new URL(CS_URL).host; // code-server's remote authority is the page's host
  const remote = p => `vscode-remote://${host}${p}`;
  const payload = [['extensionDevelopmentPath', remote(process.env.EXT_DEV)], ['extensionTestsPath', remote(process.env.EXT_TESTS)]];
  const url = `${CS_URL}/?folder=${encodeURIComponent(WS)}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
  const { page, close } = await launch();
  let resolveExit;
  const exited = new Promise(r => (resolveExit = r));
  await page.exposeFunction('codeAutomationExit', code => {
    lap(`codeAutomationExit(${code})`);
    resolveExit(code);
  });
  let summary;
  let shot;
  page.on('console', m => {
    const t = m.text();
    if (t.includes('[apiconv-e2e]')) console.log('  ' + t.slice(t.indexOf('[apiconv-e2e]')).slice(0, 2000));
    const i = t.indexOf('APICONV_E2E_RESULT ');
    if (i >= 0) {
      try { summary = JSON.parse(t.slice(i + 'APICONV_E2E_RESULT '.length)); } catch { /* partial line */ }
      // screenshot while the extension host is still up (after codeAutomationExit it stops)
      shot ??= page.screenshot({ path: path.join(SHOT_DIR, `${NAME}.png`) }).catch(() => {});
    }
    if (process.env.DEBUG_E2E) console.log('  [browser]', m.type(), t.slice(0, 400));
    if (t.includes('[apiconv-e2e] REQUEST_TRUST')) grantTrust(page).catch(e => console.log('  grant trust failed:', e.message));
  });
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  lap('workbench loading with the development extension and the test suite');
  const limit = Number(process.env.TEST_TIMEOUT_MS || 600000);
  const code = await Promise.race([exited, new Promise(r => setTimeout(() => r('timeout'), limit))]);
  if (shot) await shot;
  else await page.screenshot({ path: path.join(SHOT_DIR, `${NAME}.png`) }).catch(() => {});
  await close();
  if (code === 'timeout') console.log(`FAIL: the suite did not finish within ${limit} ms`);
  if (!summary) console.log('FAIL: no result line from the suite (did the extension host start the tests?)');
  else fs.writeFileSync(path.join(SHOT_DIR, `${NAME}-result.json`), JSON.stringify(summary, null, 1));
  const ok = code === 0 && summary && summary.ok;
  console.log(ok ? `PASS: ${summary.passed} extension tests in VS Code ${summary.vscodeVersion}` : `FAIL (exit ${code})`);
  return ok;
}

async function ui() {
  const file = process.env.UI_FILE || 'unconventional.yaml';
  const expect = (process.env.UI_EXPECT || 'path-no-verbs').split(',');
  const { page, close } = await launch();
  let ok = false;
  try {
    await page.goto(`${CS_URL}/?folder=${encodeURIComponent(WS)}`, { waitUntil: 'domcontentloaded' });
    await page.waitForSelector('.monaco-workbench', { timeout: 90000 });
    const row = page.locator('.explorer-folders-view .monaco-list-row', { hasText: file });
    await row.first().waitFor({ timeout: 90000 });
    lap(`workbench up, the Explorer lists ${file}`);
    await row.first().click();
    await page.locator('.tab', { hasText: file }).first().waitFor({ timeout: 30000 });
    await page.waitForSelector('.monaco-editor .view-lines', { timeout: 30000 });
    lap(`${file} open in an editor`);
    await page.waitForSelector('.monaco-editor .squiggly-error', { timeout: 90000 });
    await page.waitForSelector('.monaco-editor .squiggly-warning', { timeout: 30000 });
    lap('error and warning squiggles visible');
    await page.screenshot({ path: path.join(SHOT_DIR, 'editor-squiggles.png') });

    await page.keyboard.press('F1');
    await page.waitForSelector('.quick-input-widget input', { timeout: 10000 });
    await page.keyboard.type('Focus on Problems View');
    await page.waitForTimeout(500);
    await page.keyboard.press('Enter');
    const panel = page.locator('.markers-panel');
    await panel.first().waitFor({ timeout: 30000 });
    for (const code of expect) await page.locator('.markers-panel .monaco-list-row', { hasText: code }).first().waitFor({ timeout: 30000 });
    const rows = (await page.locator('.markers-panel .monaco-list-row').allInnerTexts()).map(s => s.replace(/\s+/g, ' ').trim());
    lap(`Problems panel: ${rows.length} rows`);
    for (const r of rows.slice(0, 12)) console.log('   ' + r.slice(0, 160));
    // maximise the panel so that the screenshot shows the list, not just its first rows
    await page.keyboard.press('F1');
    await page.keyboard.type('View: Toggle Maximized Panel');
    await page.waitForTimeout(500);
    await page.keyboard.press('Enter');
    await page.waitForTimeout(1000);
    await page.screenshot({ path: path.join(SHOT_DIR, 'problems-panel.png') });
    const apiconvRows = rows.filter(r => /apiconv/.test(r));
    ok = expect.every(c => rows.some(r => r.includes(c))) && apiconvRows.length >= expect.length;
    if (!ok) console.log(`FAIL: expected apiconv rows with ${expect.join(', ')}`);
    // the file row's badge counts the findings: the same number as the CLI reports for the file
    if (process.env.UI_EXPECT_COUNT) {
      const header = rows.find(r => r.startsWith(file)) || '';
      const count = Number((header.match(/(\d+)\s*$/) || [])[1]);
      lap(`Problems panel count for ${file}: ${count} (CLI: ${process.env.UI_EXPECT_COUNT})`);
      if (count !== Number(process.env.UI_EXPECT_COUNT)) { ok = false; console.log('FAIL: the count differs from the CLI'); }
    }
    // restore the panel, then open the language status hover ({} next to the language mode): apiconv's item
    await page.keyboard.press('F1');
    await page.keyboard.type('View: Toggle Maximized Panel');
    await page.waitForTimeout(500);
    await page.keyboard.press('Enter');
    await page.locator('.monaco-editor .view-lines').first().click();
    const langStatus = page.locator('#status\\.languageStatus');
    await langStatus.first().click({ timeout: 15000 });
    const hover = page.locator('.monaco-hover', { hasText: 'apiconv' });
    await hover.first().waitFor({ timeout: 15000 });
    const hoverText = (await hover.first().innerText()).replace(/\s+/g, ' ');
    lap(`language status: ${hoverText.slice(0, 200)}`);
    await page.waitForTimeout(800); // the hover fades in
    await page.screenshot({ path: path.join(SHOT_DIR, 'language-status.png') });
    if (!/apiconv: apiconv:recommended/.test(hoverText) || !/linted at/.test(hoverText)) { ok = false; console.log('FAIL: the language status item does not show the ruleset and the lint time'); }
  } catch (e) {
    console.log('FAIL:', e.message.split('\n')[0]);
    await page.screenshot({ path: path.join(SHOT_DIR, 'ui-error.png') }).catch(() => {});
  }
  await close();
  console.log(ok ? 'PASS: squiggles and apiconv findings in the Problems panel' : 'FAIL');
  return ok;
}

/** The Problems panel's count for `file` (its header row), or NaN. */
async function problemsCount(page, file) {
  return page.evaluate(name => {
    for (const r of document.querySelectorAll('.markers-panel .monaco-list-row')) {
      const t = r.textContent.replace(/\s+/g, ' ').trim();
      if (t.startsWith(name)) return Number((t.match(/(\d+)\s*$/) || [])[1]);
    }
    return NaN;
  }, file);
}

async function keystroke() {
  const file = process.env.KS_FILE || 'asana.yaml';
  const keys = Number(process.env.KS_KEYS || 10);
  const text = fs.readFileSync(path.join(WS, file), 'utf8');
  const lines = text.split('\n');
  const line = lines.findIndex(l => /^\s*(- )?url: https:/.test(l));
  const col = lines[line].indexOf('https') + 5; // 1-based column of the `s`
  const { page, close } = await launch();
  const times = [];
  let ok = false;
  try {
    await page.goto(`${CS_URL}/?folder=${encodeURIComponent(WS)}`, { waitUntil: 'domcontentloaded' });
    await page.waitForSelector('.monaco-workbench', { timeout: 90000 });
    const row = page.locator('.explorer-folders-view .monaco-list-row', { hasText: file });
    await row.first().waitFor({ timeout: 90000 });
    const tOpen = Date.now();
    await row.first().click();
    await page.waitForSelector('.monaco-editor .view-lines', { timeout: 30000 });
    await page.keyboard.press('F1');
    await page.waitForSelector('.quick-input-widget input', { timeout: 10000 });
    await page.keyboard.type('Focus on Problems View');
    await page.waitForTimeout(500);
    await page.keyboard.press('Enter');
    await page.waitForFunction(name => [...document.querySelectorAll('.markers-panel .monaco-list-row')].some(r => r.textContent.trim().startsWith(name)), file, { timeout: 120000, polling: 50 });
    lap(`${file}: open → Problems panel lists it: ${Date.now() - tOpen} ms (includes the click and focusing the panel)`);
    // Back to the editor, the cursor after the `s` of https on the server's line (Go to Line: line:column).
    await page.locator('.monaco-editor .view-lines').first().click();
    await page.keyboard.press('Control+G');
    await page.waitForSelector('.quick-input-widget input', { timeout: 10000 });
    await page.keyboard.type(`${line + 1}:${col + 1}`);
    await page.keyboard.press('Enter');
    await page.waitForTimeout(1500);
    for (let i = 0; i < 2 * keys; i++) {
      const before = await problemsCount(page, file);
      const t = Date.now();
      if (i % 2 === 0) await page.keyboard.press('Backspace');
      else await page.keyboard.type('s');
      await page.waitForFunction(([name, n]) => {
        for (const r of document.querySelectorAll('.markers-panel .monaco-list-row')) {
          const s = r.textContent.replace(/\s+/g, ' ').trim();
          if (s.startsWith(name)) return Number((s.match(/(\d+)\s*$/) || [])[1]) !== n;
        }
        return false;
      }, [file, before], { timeout: 60000, polling: 'raf' });
      times.push(Date.now() - t);
      await page.waitForTimeout(700); // a user's pause between keystrokes
    }
    await page.screenshot({ path: path.join(SHOT_DIR, 'keystroke.png') }).catch(() => {});
    ok = true;
  } catch (e) {
    console.log('FAIL:', e.message.split('\n')[0]);
    await page.screenshot({ path: path.join(SHOT_DIR, 'keystroke-error.png') }).catch(() => {});
  }
  await close();
  const sorted = [...times].sort((a, b) => a - b);
  const q = p => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
  const result = { file, keystrokes: times.length, ms: times, p50: q(0.5), p95: q(0.95), min: sorted[0], max: sorted.at(-1), debounceMs: 300 };
  fs.writeFileSync(path.join(SHOT_DIR, 'keystroke-result.json'), JSON.stringify(result, null, 1));
  console.log(`keystroke → Problems panel update, ${file} (${times.length} keystrokes, apiconv.debounceMs 300): p50 ${result.p50} ms, p95 ${result.p95} ms, range ${result.min}–${result.max} ms`);
  console.log(`  every keystroke (ms): ${times.join(' ')}`);
  console.log(ok ? 'PASS: keystroke latency measured' : 'FAIL');
  return ok;
}

(async () => {
  fs.mkdirSync(SHOT_DIR, { recursive: true });
  const ok = mode === 'exttests' ? await exttests() : mode === 'ui' ? await ui() : mode === 'keystroke' ? await keystroke() : (console.log('usage: driver.js exttests|ui|keystroke'), false);
  process.exit(ok ? 0 : 1);
})().catch(e => {
  console.log('FAIL:', e && e.stack);
  process.exit(1);
});
