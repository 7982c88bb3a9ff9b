/**
 * The apiconv language server (`apiconv-language-server --stdio`).
 *
 * Lints open OpenAPI documents (detected by content) with the same engine as
 * the CLI, in a worker thread (lintPool.ts); publishes findings per file
 * (findings in `$ref`'d files go to those files' URIs), pushes or answers pull
 * requests, and offers hover, definition and symbols. The same bundle is the
 * lint worker when started as a worker thread.
 */
import { isMainThread, workerData } from 'node:worker_threads';
import { runLintWorker } from './lintWorker';
import { runActionWorker } from './actionPool';
import { runRefsScanWorker } from './refsScanner';
import { startServer } from './session';
import { compileFunctionSchemasWhenDefined } from '../engine';

// Every import is loaded: a function defined from now on (a user's) has its schemas compiled at once.
compileFunctionSchemasWhenDefined();

if (!isMainThread && (workerData as { apiconvLintWorker?: boolean } | undefined)?.apiconvLintWorker) {
  runLintWorker();
} else if (!isMainThread && (workerData as { apiconvActionWorker?: boolean } | undefined)?.apiconvActionWorker) {
  runActionWorker();
} else if (!isMainThread && (workerData as { apiconvRefsScanWorker?: boolean } | undefined)?.apiconvRefsScanWorker) {
  runRefsScanWorker();
} else {
  startServer();
}
