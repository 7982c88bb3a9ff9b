import type { IRange } from '@stoplight/types';

/** A node of the syntax tree, as @stoplight/json's parseTree makes it (ranges aside). */
export interface JsonTreeNode {
  type: 'object' | 'array' | 'property' | 'string' | 'number' | 'boolean' | 'null';
  offset: number;
  length: number;
  parent?: JsonTreeNode;
  children?: JsonTreeNode[];
  value?: unknown;
  colonOffset?: number;
  range?: IRange;
}
