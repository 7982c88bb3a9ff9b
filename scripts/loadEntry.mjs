// What the build reads from the sources themselves (esbuild.mjs: the config schema; functionSchemas.mjs: the
// function schemas; exampleMetaValidators.mjs: the example rules' Ajv instances): an entry's text bundled with the
// given options (the bundles', or fewer), in memory, and loaded in this process.
import Module from 'node:module';
import * as path from 'node:path';

/** The exports of the TypeScript entry `contents` (named `name` in errors), built with `options` and loaded here. */
export async function loadEntry(esbuild, options, contents, name) {
  const out = await esbuild.build({
    ...options,
    stdin: { contents, resolveDir: process.cwd(), sourcefile: `${name}.ts`, loader: 'ts' },
    write: false,
    sourcemap: false,
    minify: false,
    banner: undefined,
    footer: undefined,
  });
  const m = new Module(`${name}.js`);
  m.paths = Module._nodeModulePaths(process.cwd());
  m._compile(out.outputFiles[0].text, path.join(process.cwd(), `${name}.js`));
  return m.exports;
}
