/**
 * The `apiconv` command line: argv → the command's own module (lintCommand.ts, diffCommand.ts, scoreCommand.ts,
 * rulesCommand.ts, initCommand.ts) → exit code (exitCodes.ts). In a worker thread, the CLI's worker (worker.ts).
 */
import * as path from 'node:path';
import { BaselineError, compileFunctionSchemasWhenDefined, oneLine } from '../engine';
import { HELP, UsageError, parseArgs } from './args';
import { writeReports } from './reports';
import { rulesCommand } from './rulesCommand';
import { initCommand, initMessage } from './initCommand';
import { inferCommand, inferMessage } from './inferCommand';
import { diffMain } from './diffCommand';
import { scoreMain } from './scoreCommand';
import { refsMain } from './refsCommand';
import { renameMain } from './renameCommand';
import { FatalError, lintCommand } from './lintCommand';
import { IoError } from './io';
import { EXIT_ERROR, EXIT_OK } from './exitCodes';
import { version } from '../../../package.json';
import { isCliWorker, runCliWorker } from './worker';

/** The exit code; undefined while a server runs on (`apiconv mcp`: until its client closes stdin). */
export async function main(argv: readonly string[]): Promise<number | undefined> {
  const log = (line: string) => process.stderr.write(line + '\n');
  let verbose = argv.includes('--verbose') || argv.includes('-v');
  if (argv[0] === 'diff') return diffMain(argv.slice(1), log);
  if (argv[0] === 'refs') return refsMain(argv.slice(1), log);
  if (argv[0] === 'rename') return renameMain(argv.slice(1), log);
  try {
    if (argv[0] === 'score') return await scoreMain(argv.slice(1), log);
    // Loaded only here: the MCP SDK is a megabyte of code every other command would compile at start.
    if (argv[0] === 'mcp') return await (await import('./mcpCommand')).mcpMain(argv.slice(1));
    const cmd = parseArgs(argv);
    verbose = cmd.verbose;
    switch (cmd.command) {
      case 'help':
        if (cmd.topic === 'rules') process.stdout.write('Usage: apiconv rules [<rule-id>] [--format text|json]\n');
        else if (cmd.topic === 'init')
          process.stdout.write('Usage: apiconv init [<dir>] [--ci github]\n       apiconv init [<dir>] --infer <document|dir> [--force]\n');
        else process.stdout.write(HELP);
        return EXIT_OK;
      case 'version':
        process.stdout.write(`${version}\n`);
        return EXIT_OK;
      case 'rules':
        process.stdout.write(rulesCommand(cmd.id, cmd.format));
        return EXIT_OK;
      case 'init': {
        if (cmd.infer !== undefined) {
          const r = await inferCommand(path.resolve(cmd.dir ?? '.'), cmd.infer, { force: cmd.force, version });
          log(inferMessage(r, process.cwd()));
          return r.written ? EXIT_OK : EXIT_ERROR;
        }
        const r = initCommand(path.resolve(cmd.dir ?? '.'), { ci: cmd.ci, version });
        log(initMessage(r, process.cwd()));
        return EXIT_OK;
      }
      case 'lint': {
        const { code, diff, findings } = await lintCommand(cmd, log);
        if (diff !== undefined) process.stdout.write(diff);
        if (findings) writeReports(cmd.reports, findings);
        return code;
      }
    }
  } catch (e) {
    if (e instanceof UsageError) {
      log(`apiconv: ${e.message}`);
      return EXIT_ERROR;
    }
    if (e instanceof FatalError || e instanceof IoError || e instanceof BaselineError) {
      log(`apiconv: ${e.message}`);
      return EXIT_ERROR;
    }
    log(`apiconv: internal error: ${oneLine(e)}${verbose ? '' : ' (run with --verbose for details)'}`);
    if (verbose && e instanceof Error && e.stack) log(e.stack);
    return EXIT_ERROR;
  }
}

// Every import is loaded: a function defined from now on (a user's) has its schemas compiled at once.
compileFunctionSchemasWhenDefined();

if (isCliWorker()) {
  runCliWorker();
} else if (require.main === module) {
  process.stdout.on('error', e => {
    if ((e as NodeJS.ErrnoException).code === 'EPIPE') process.exit(process.exitCode ?? 0);
  });
  void main(process.argv.slice(2)).then(code => {
    if (code === undefined) return;
    process.exitCode = code;
    // Flush stdout before leaving: Spectral can leave handles open.
    process.stdout.write('', () => process.exit(code));
  });
}
