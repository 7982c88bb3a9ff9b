/**
 * Paths on Windows, by construction: the pure functions that turn paths into what the user or a tool reads (display
 * paths, SARIF artifact URIs, GitLab locations), files into `file:` URIs and back (Spectral's sources, `$ref`s written
 * as URIs), and files into git's names, given Windows paths and path.win32. What they hand to the file system (reads,
 * realpath, git itself) is not run here: there is no Windows machine.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { displayPath, isInside } from '../../server/src/cli/formatters/util';
import { artifactLocation, fileUri } from '../../server/src/cli/formatters/sarif';
import { fileOfSource } from '../../server/src/engine/finish/finishLint';
import { fileUriTarget } from '../../server/src/engine/refFiles';
import { refFile } from '../../server/src/engine/refs/refIndex';
import { repositoryPath } from '../../server/src/engine/diff/git';

const W = path.win32;

describe('Windows paths', () => {
  it('display paths (stylish, GitLab, --fix --diff): relative with `/` inside cwd, absolute on another drive', () => {
    assert.equal(displayPath('C:\\work\\api\\v1\\pets.yaml', 'C:\\work', W), 'api/v1/pets.yaml');
    assert.equal(displayPath('D:\\other\\pets.yaml', 'C:\\work', W), 'D:/other/pets.yaml');
    assert.equal(displayPath('C:\\workshop\\pets.yaml', 'C:\\work', W), 'C:/workshop/pets.yaml');
    // A folder whose name starts with two dots is inside.
    assert.equal(displayPath('C:\\work\\..api\\pets.yaml', 'C:\\work', W), '..api/pets.yaml');
    assert.equal(isInside('c:\\WORK\\api.yaml', 'C:\\work', W), true, 'drive letters and names compare without case');
  });

  it('SARIF: %SRCROOT%-relative URIs with `/` and encoded names; file URIs with the drive letter outside cwd', () => {
    assert.deepEqual(artifactLocation('C:\\work\\api\\my pets.yaml', 'C:\\work', W), { uri: 'api/my%20pets.yaml', uriBaseId: '%SRCROOT%' });
    assert.deepEqual(artifactLocation('D:\\shared\\common.yaml', 'C:\\work', W), { uri: 'file:///D:/shared/common.yaml' });
    assert.equal(fileUri('C:\\work\\', W), 'file:///C:/work/');
    assert.equal(fileUri('\\\\server\\share\\api.yaml', W), 'file://server/share/api.yaml');
  });

  it("a finding's source given as a file URI is the Windows path, decoded", () => {
    assert.equal(fileOfSource('file:///C:/work/my%20api.yaml', true), 'C:\\work\\my api.yaml');
    assert.equal(fileOfSource('C:\\work\\api.yaml', true), 'C:\\work\\api.yaml');
    assert.equal(fileOfSource('file:///home/u/api.yaml', false), '/home/u/api.yaml');
  });

  it('$refs written as file URIs: a drive letter, a relative one, another host', () => {
    assert.equal(fileUriTarget('file:///D:/shared/pet.yaml#/Pet', 'C:\\work\\api.yaml', W), 'D:\\shared\\pet.yaml');
    assert.equal(fileUriTarget('file:schemas/pet%20v2.yaml', 'C:\\work\\api.yaml', W), 'C:\\work\\schemas\\pet v2.yaml');
    assert.equal(fileUriTarget('file://server/share/pet.yaml', 'C:\\work\\api.yaml', W), '\\\\server\\share\\pet.yaml');
    assert.equal(fileUriTarget('./pet.yaml', 'C:\\work\\api.yaml', W), undefined);
  });

  it('$refs written as plain Windows paths: a drive letter with either slash, a relative one with backslashes', () => {
    assert.equal(refFile('C:\\work\\api.yaml', 'D:\\shared\\pet.yaml', W), 'D:\\shared\\pet.yaml');
    assert.equal(refFile('C:\\work\\api.yaml', 'c:/shared/pet%20v2.yaml', W), 'c:\\shared\\pet v2.yaml');
    assert.equal(refFile('C:\\work\\api.yaml', 'schemas\\pet.yaml', W), 'C:\\work\\schemas\\pet.yaml');
    assert.equal(refFile('C:\\work\\api.yaml', 'file:///D:/shared/pet.yaml', W), 'D:\\shared\\pet.yaml');
    assert.equal(refFile('C:\\work\\api.yaml', 'https://example.com/pet.yaml', W), undefined);
    assert.equal(refFile('/work/api.yaml', 'https://example.com/pet.yaml'), undefined);
  });

  it("git's name of a file: `/`-separated inside the repository, none outside it or on another drive", () => {
    assert.equal(repositoryPath('C:\\repo', 'C:\\repo\\specs\\api.yaml', W), 'specs/api.yaml');
    assert.equal(repositoryPath('C:\\repo', 'D:\\repo\\api.yaml', W), undefined);
    assert.equal(repositoryPath('C:\\repo', 'C:\\repository\\api.yaml', W), undefined);
    assert.equal(repositoryPath('C:\\repo', 'C:\\repo\\..notes\\api.yaml', W), '..notes/api.yaml');
  });
});
