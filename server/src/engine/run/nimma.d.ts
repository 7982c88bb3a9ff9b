// nimma's declarations do not resolve under our moduleResolution; the two entry points we use.
declare module 'nimma' {
  export default class Nimma {
    constructor(expressions: string[], options?: { fallback?: unknown; unsafe?: boolean; output?: string; customShorthands?: Record<string, string> });
    query(input: unknown, callbacks: Record<string, (scope: { path: (string | number)[]; value: unknown }) => void>): void;
  }
}
declare module 'nimma/fallbacks' {
  export const jsonPathPlus: unknown;
}
