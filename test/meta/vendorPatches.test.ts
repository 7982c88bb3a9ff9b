/**
 * The bundles change a few files of the dependencies (scripts/vendorPatches.mjs): each change is a list of exact swaps
 * that the build refuses to make where the text is no longer there. This test makes them on the installed packages,
 * so that a dependency update that moves a patched text fails `npm test`, not only the build.
 */
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';

interface Patch {
  name: string;
  file: string;
  swaps: { from: string; to: string | ((file: string) => string); count?: number }[];
}
interface VendorPatches {
  PATCHES: Patch[];
  applyPatch(patch: Patch, source: string, file: string): string;
  installedCopies(file: string, root?: string): string[];
}

const ROOT = path.resolve(__dirname, '..', '..');
let vendor: VendorPatches;

before(async () => {
  vendor = (await import(pathToFileURL(path.join(ROOT, 'scripts', 'vendorPatches.mjs')).href)) as VendorPatches;
});

describe('vendor patches', () => {
  it('each applies to every installed copy of its file', () => {
    assert.ok(vendor.PATCHES.length >= 8, `${vendor.PATCHES.length} patches`);
    for (const patch of vendor.PATCHES) {
      const copies = vendor.installedCopies(patch.file, ROOT);
      assert.ok(copies.length > 0, `${patch.name}: ${patch.file} is installed`);
      for (const file of copies) {
        const source = fs.readFileSync(file, 'utf8');
        const patched = vendor.applyPatch(patch, source, file);
        assert.notEqual(patched, source, `${patch.name}: ${file} changed`);
      }
    }
  });

  it('a patch whose text is gone fails, naming the patch and the file', () => {
    for (const patch of vendor.PATCHES.filter(p => p.swaps.length > 0)) {
      const file = vendor.installedCopies(patch.file, ROOT)[0]!;
      const moved = fs.readFileSync(file, 'utf8').split(patch.swaps[0]!.from).join('/* moved by an update */');
      assert.throws(
        () => vendor.applyPatch(patch, moved, file),
        (e: Error) => e.message.includes(patch.name) && e.message.includes(file),
        patch.name,
      );
    }
  });
});
