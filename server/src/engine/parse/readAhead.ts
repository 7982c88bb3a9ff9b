/**
 * A parse of one text read ahead and kept for the parse of the same text that follows: a one-shot lint's input
 * checks read the offsets parses and the YAML syntax tree first (parse/yamlAliases.ts, pipeline/input.ts), and its
 * parse stage takes them. When no parse follows (a refused text, a lint that failed), the lint drops them all
 * (dropReadAhead): nothing of a big document is held past its lint.
 */
const every = new Set<ReadAhead<unknown>>();

export class ReadAhead<T> {
  private ahead: { text: string; parsed: T } | undefined;

  constructor(private readonly parse: (text: string) => T) {
    every.add(this as ReadAhead<unknown>);
  }

  /** The parse of `text`, kept for the parse that follows. */
  of(text: string): T {
    if (this.ahead?.text !== text) this.ahead = { text, parsed: this.parse(text) };
    return this.ahead.parsed;
  }

  /** The parse of `text` read ahead, or made now; forgotten then. */
  take(text: string): T {
    const parsed = this.ahead?.text === text ? this.ahead.parsed : this.parse(text);
    this.ahead = undefined;
    return parsed;
  }

  drop(): void {
    this.ahead = undefined;
  }
}

/** Forget every parse read ahead (the lint that read them will not parse). */
export function dropReadAhead(): void {
  for (const r of every) r.drop();
}
