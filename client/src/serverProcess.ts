/**
 * The environment the language server is started with.
 *
 * glibc gives each thread that allocates its own malloc arena (up to eight per core), and keeps what an arena once
 * held. The server runs a main thread, a lint worker and a spare worker: over a long edit session of a big document
 * the arenas' kept memory, outside every V8 heap, made most of the process's growth. Two arenas are enough for three
 * threads that allocate mostly inside V8. A value the user set is kept.
 */
export function serverEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...env, MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? '2' };
}
