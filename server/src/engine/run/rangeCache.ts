/** The findings' ranges of one run, each path's computed once (a big document has a finding per rule at many places: kubernetes 8,580 findings at 4,812 paths). */
import type { IRange } from '@stoplight/types';
import { DEFAULT_RANGE, type DocLike, type InventoryLike, type RawResult } from './types';

/** One level of the cache: a segment's next level, and the range of the path ending here. */
interface Level {
  next?: Map<string | number, Level>;
  range?: IRange;
}

export class RangeCache {
  private readonly byDoc = new Map<DocLike | undefined, Level>();

  constructor(private readonly inventory: InventoryLike) {}

  /** The range of a result (its document's getRangeForJsonPath, closest), as rangeOf gave it. */
  rangeOf(r: RawResult): IRange {
    const inventory = this.inventory;
    const doc = r.source === undefined || r.source === inventory.document.source ? inventory.document : inventory.referencedDocuments[r.source];
    let level = this.byDoc.get(doc);
    if (!level) this.byDoc.set(doc, (level = {}));
    for (const seg of r.path) {
      level.next ??= new Map();
      let n = level.next.get(seg);
      if (!n) level.next.set(seg, (n = {}));
      level = n;
    }
    return (level.range ??= doc?.getRangeForJsonPath(r.path, true) ?? DEFAULT_RANGE);
  }
}
