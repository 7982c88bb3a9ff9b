/**
 * A document's first lint in the lint worker, as fast as the CLI's: the user waits for the diagnostics of a
 * document just opened, and an incremental lint that starts from nothing does more than a one-shot lint of the same
 * text (it cuts the text into pieces, keeps each unit's results and the reads of the conventions for the next edit).
 * So the first lint of an open document is a one-shot lint; once its reply is posted, the same text is linted again
 * with the document's incremental linter, whose result is dropped (it equals the reply: the same text and options)
 * and whose state the first edit builds on. A task that comes meanwhile waits for that build: the build is what a
 * relint needs first, and one lint runs at a time in the worker.
 */
/** What this module reads of a lint task (lintWorker.ts ServerLintTask). */
interface Task {
  file: string;
  incremental?: boolean;
}

export class OpenedLints<T extends Task> {
  /** The first lint of an open document, linted one-shot: its incremental state is to be built. */
  private toBuild: T | undefined;
  /** The build in progress: its document, and whether that was closed meanwhile (its state dropped once built). */
  private building: { file: string; done: Promise<void>; closed?: boolean } | undefined;

  /**
   * `lint`: an incremental lint of a task, its result dropped; `hasState`: the worker holds a document's
   * incremental linter; `forget`: drops it.
   */
  constructor(
    private readonly lint: (task: T) => Promise<unknown>,
    private readonly hasState: (file: string) => boolean,
    private readonly forget: (file: string) => void,
  ) {}

  /**
   * `task`, to run once no build runs: one-shot when it is the first incremental lint of its document. A document
   * closed and opened again while its state was being built keeps that state (its text is usually the same).
   */
  async next(task: T): Promise<T> {
    if (this.building?.file === task.file) this.building.closed = false;
    while (this.building) await this.building.done;
    this.toBuild = undefined;
    if (task.incremental !== true || this.hasState(task.file)) return task;
    this.toBuild = task;
    return { ...task, incremental: false };
  }

  /** The last task failed: nothing to build for it. */
  failed(): void {
    this.toBuild = undefined;
  }

  /**
   * After a reply was posted: the incremental state of the document its task opened, built now; `done` is called
   * once it is. False (and `done` not called) when there is nothing to build.
   */
  build(done: () => void): boolean {
    const task = this.toBuild;
    this.toBuild = undefined;
    if (task === undefined) return false;
    const build: NonNullable<OpenedLints<T>['building']> = {
      file: task.file,
      done: this.lint(task).then(
        () => undefined,
        () => undefined,
      ),
    };
    this.building = build;
    void build.done.then(() => {
      if (this.building === build) this.building = undefined;
      if (build.closed) this.forget(build.file);
      done();
    });
    return true;
  }

  /**
   * `file` was closed: no build of it is started, and one in progress drops what it built when done, unless the
   * document is opened again meanwhile (true: its state is dropped then, not now).
   */
  closed(file: string): boolean {
    if (this.toBuild?.file === file) this.toBuild = undefined;
    if (this.building?.file !== file) return false;
    this.building.closed = true;
    return true;
  }
}
