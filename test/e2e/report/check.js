// Opens the HTML report in headless Chromium and checks what a reader sees (see run.sh).
// Usage: node check.js <report.html> <report.json> <screenshot.png> <max bytes, 0: no limit>
const fs = require('node:fs');
const assert = require('node:assert/strict');
const { chromium } = require('playwright-core');

const [html, json, png, maxBytes] = process.argv.slice(2);

(async () => {
  const size = fs.statSync(html).size;
  if (Number(maxBytes) > 0) assert.ok(size <= Number(maxBytes), `the report is ${size} bytes, over ${maxBytes}`);
  const findings = JSON.parse(fs.readFileSync(json, 'utf8'));
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    const requests = [];
    await page.route('**/*', route => {
      const url = route.request().url();
      if (url.startsWith('file:')) return route.continue();
      requests.push(url);
      return route.abort();
    });
    const errors = [];
    page.on('pageerror', e => errors.push(String(e)));
    await page.goto('file://' + html);
    assert.deepEqual(requests, [], 'the page asked for nothing outside itself');
    assert.deepEqual(errors, [], 'the script ran without an error');

    // The counts and the score.
    const grade = await page.locator('.grade').innerText();
    assert.match(grade, /^[A-F]$/);
    const tab = page.locator('nav button[data-tab=findings]');
    assert.equal(await tab.innerText(), `Findings (${findings.length})`);
    assert.equal(await page.locator('#findings .finding').count(), findings.length, 'every finding is listed');
    assert.ok((await page.locator('#findings pre.snippet span.hit').count()) > 0, 'findings show their lines');
    assert.equal(await page.locator('#findings').isVisible(), true);
    assert.equal(await page.locator('#rules').isVisible(), false, 'one tab at a time');

    // A finding's rule link opens the rules tab on that rule's docs.
    const first = findings[0];
    await page.locator(`#findings a[href="#rule-${first.code}"]`).first().click();
    await page.waitForFunction(() => document.getElementById('rules').classList.contains('shown'));
    assert.equal(await page.locator('#rules').isVisible(), true);
    const rule = page.locator(`#rule-${first.code}`);
    await rule.locator('summary').click();
    assert.ok((await rule.locator('.doc').innerText()).length > 40, 'the rule shows its docs');
    for (const id of ['suppressed', 'baselined']) {
      await page.locator(`nav button[data-tab=${id}]`).click();
      assert.equal(await page.locator(`#${id}`).isVisible(), true, `${id} tab`);
    }
    await page.locator('nav button[data-tab=findings]').click();
    await page.screenshot({ path: png });
    console.log(`report: ${size} bytes, ${findings.length} findings, grade ${grade}; screenshot ${png}`);
  } finally {
    await browser.close();
  }
})().catch(e => {
  console.error(e);
  process.exit(1);
});
