// nimma ships no type declarations for these entry points (Spectral's runner uses the same two).
declare module 'nimma/legacy' {
  export default class Nimma {
    constructor(expressions: string[], options?: { fallback?: unknown; unsafe?: boolean; output?: string; customShorthands?: Record<string, string> });
    query(input: unknown, callbacks: Record<string, (scope: { path: (string | number)[]; value: unknown }) => void>): void;
  }
}
declare module 'nimma/fallbacks' {
  export const jsonPathPlus: unknown;
}
