/**
 * The extension manifest and the .vsix contents: what `vsce ls` would package is
 * exactly the bundles, the README, the LICENSE, the CHANGELOG, the icon, the config
 * schema and the rule docs; every setting of the server's Settings type is contributed
 * with the same default; the fields Open VSX and the Marketplace show are there.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DEFAULT_SETTINGS } from '../../server/src/lsp/protocol';

const ROOT = path.resolve(__dirname, '../..');
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));

describe('extension manifest and .vsix contents', () => {
  it('vsce packages only the bundles (server and CLI), LICENSE, CHANGELOG, icon, config schema, rules/*.md and rules/diff/*.md, and the extension README (client/README.md)', () => {
    const vsce = path.join(ROOT, 'node_modules', '@vscode', 'vsce', 'vsce');
    const out = execFileSync(process.execPath, [vsce, 'ls', '--no-dependencies', '--readme-path', 'client/README.md'], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const files = out
      .split('\n')
      .map(s => s.trim())
      .filter(Boolean)
      .sort();
    const docs = fs
      .readdirSync(path.join(ROOT, 'rules'))
      .filter(f => f.endsWith('.md'))
      .map(f => `rules/${f}`);
    assert.ok(docs.length > 0, 'no rule docs');
    const diffDocs = fs
      .readdirSync(path.join(ROOT, 'rules', 'diff'))
      .filter(f => f.endsWith('.md'))
      .map(f => `rules/diff/${f}`);
    assert.ok(diffDocs.length >= 31, 'the docs of the diff checks');
    docs.push(...diffDocs);
    const expected = [
      'CHANGELOG.md',
      'LICENSE',
      'client/README.md',
      'client/out/extension.js',
      'media/icon.png',
      'package.json',
      'schema/apiconv-config.schema.json',
      ...docs,
    ];
    // the server and the CLI (its MCP server is offered to VS Code's agents), launchers and bundles, once built
    // (npm test builds first; `npm run package` always does)
    for (const f of ['server/out/server.js', 'server/out/server.bundle.js', 'server/out/cli.js', 'server/out/cli.bundle.js'])
      if (fs.existsSync(path.join(ROOT, f))) expected.push(f);
    assert.deepEqual(files, expected.sort());
  });

  it('activates on YAML and JSON, is limited in untrusted workspaces', () => {
    assert.deepEqual(pkg.activationEvents, ['onLanguage:yaml', 'onLanguage:json']);
    assert.equal(pkg.main, './client/out/extension.js');
    assert.equal(pkg.capabilities.untrustedWorkspaces.supported, 'limited');
    assert.ok(pkg.capabilities.untrustedWorkspaces.restrictedConfigurations.includes('apiconv.rulesetFile'));
  });

  it('contributes every setting of the Settings type with the server default', () => {
    const props = pkg.contributes.configuration.properties as Record<string, { default: unknown }>;
    const flat: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(DEFAULT_SETTINGS)) {
      if (v && typeof v === 'object' && !Array.isArray(v)) for (const [k2, v2] of Object.entries(v)) flat[`apiconv.${k}.${k2}`] = v2;
      else flat[`apiconv.${k}`] = v;
    }
    assert.deepEqual(Object.keys(props).sort(), Object.keys(flat).sort());
    for (const [k, v] of Object.entries(flat)) assert.deepEqual(props[k].default, v, k);
  });

  it("setting descriptions speak to users: nothing of the project's test corpus", () => {
    for (const [key, prop] of Object.entries(pkg.contributes.configuration.properties as Record<string, Record<string, unknown>>)) {
      const text = [prop.description, prop.markdownDescription, ...((prop.enumDescriptions as string[] | undefined) ?? [])].filter(Boolean).join(' ');
      assert.doesNotMatch(text, /corpus/i, key);
    }
  });

  it('contributes the commands the client registers', () => {
    const ids = (pkg.contributes.commands as { command: string }[]).map(c => c.command).sort();
    assert.deepEqual(ids, [
      'apiconv.adoptConventions',
      'apiconv.compareWithRevision',
      'apiconv.lintWorkspace',
      'apiconv.restart',
      'apiconv.showOutputChannel',
      'apiconv.showRuleDocs',
    ]);
    const dir = path.join(ROOT, 'client/src');
    const src = fs
      .readdirSync(dir)
      .filter(f => f.endsWith('.ts'))
      .map(f => fs.readFileSync(path.join(dir, f), 'utf8'))
      .join('\n');
    for (const id of ids) assert.ok(src.includes(`registerCommand('${id}'`), `${id} is not registered by the client (client/src)`);
  });

  it('Open VSX-ready: icon (a PNG of at least 128×128), gallery banner, repository, bugs, homepage, categories, license, CHANGELOG', () => {
    const icon = fs.readFileSync(path.join(ROOT, pkg.icon));
    assert.deepEqual([...icon.subarray(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10], 'a PNG');
    assert.ok(icon.readUInt32BE(16) >= 128 && icon.readUInt32BE(20) >= 128, 'at least 128x128');
    assert.match(pkg.galleryBanner.color, /^#[0-9a-f]{6}$/i);
    assert.ok(['dark', 'light'].includes(pkg.galleryBanner.theme));
    assert.match(pkg.repository.url, /^https:\/\/github\.com\/apiconv\/apiconv(\.git)?$/);
    assert.match(pkg.bugs.url, /^https:\/\/github\.com\/apiconv\/apiconv\/issues$/);
    assert.match(pkg.homepage, /^https:\/\//);
    assert.ok(pkg.categories.includes('Linters'));
    for (const c of pkg.categories) assert.ok(['Linters', 'Programming Languages', 'Formatters', 'Snippets', 'Other'].includes(c), c);
    assert.equal(pkg.license, 'MIT');
    assert.ok(pkg.publisher && pkg.displayName && pkg.description);
    const changelog = fs.readFileSync(path.join(ROOT, 'CHANGELOG.md'), 'utf8');
    assert.match(changelog, new RegExp(`^## ${pkg.version.replace(/\./g, '\\.')}\\b`, 'm'), 'the CHANGELOG has a section for this version');
  });

  it('vsce packages it (no "files" beside .vscodeignore, which vsce refuses): icon, changelog, schema inside', () => {
    assert.equal(pkg.files, undefined);
    const vsce = path.join(ROOT, 'node_modules', '@vscode', 'vsce', 'vsce');
    const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'apiconv-vsix-')), 'apiconv.vsix');
    // The arguments of `npm run package`.
    const args = (pkg.scripts.package as string)
      .replace(/^.*vsce package /, '')
      .split(' ')
      .map(a => (a === 'apiconv.vsix' ? out : a));
    execFileSync(process.execPath, [vsce, 'package', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const listing = execFileSync('unzip', ['-l', out], { encoding: 'utf8' });
    for (const f of ['extension/media/icon.png', 'extension/schema/apiconv-config.schema.json', 'extension/changelog.md', 'extension/package.json'])
      assert.ok(listing.includes(f), f);
    const manifest = execFileSync('unzip', ['-p', out, 'extension.vsixmanifest'], { encoding: 'utf8' });
    assert.match(manifest, /Microsoft\.VisualStudio\.Services\.Icons\.Default" Path="extension\/media\/icon\.png"/);
    assert.match(manifest, /Microsoft\.VisualStudio\.Services\.Branding\.Color" Value="#0f5c7a"/);
    assert.match(manifest, /Microsoft\.VisualStudio\.Services\.Links\.Source" Value="https:\/\/github\.com\/apiconv\/apiconv\.git"/);
    // The Marketplace page is the extension's README, not the repository's (which starts with npm ci and npm test).
    const readme = execFileSync('unzip', ['-p', out, 'extension/readme.md'], { encoding: 'utf8' });
    assert.equal(readme, fs.readFileSync(path.join(ROOT, 'client/README.md'), 'utf8'));
    assert.doesNotMatch(readme, /npm (ci|test)/);
    for (const section of ['## Install', '## Settings', '## Commands', '## Restricted mode', '## Limits']) assert.ok(readme.includes(section), section);
  });

  it('the extension README names every setting and command the manifest contributes', () => {
    const readme = fs.readFileSync(path.join(ROOT, 'client/README.md'), 'utf8');
    for (const key of Object.keys(pkg.contributes.configuration.properties)) assert.ok(readme.includes(`\`${key}\``), key);
    for (const c of pkg.contributes.commands as { title: string }[]) assert.ok(readme.includes(c.title.replace(/…$/, '')), c.title);
  });

  it('validates .apiconv.yaml/.yml/.json with the config schema (yamlValidation, jsonValidation)', () => {
    for (const v of [...pkg.contributes.yamlValidation, ...pkg.contributes.jsonValidation]) assert.ok(fs.existsSync(path.join(ROOT, v.url)), v.url);
  });
});
