/** What kind of text a document is, from its first characters: OpenAPI or not, JSON or YAML. */
const JSON_OPENAPI_KEY = /"(openapi|swagger)"\s*:/;

/**
 * Cheap content sniffing: does this text look like an OpenAPI / Swagger document? Fast enough to ask again rather
 * than remember: a JSON document names `openapi` near its start, and a YAML one is searched word by word.
 */
export function looksLikeOpenApi(text: string): boolean {
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (/^\s*\{/.test(text)) return JSON_OPENAPI_KEY.test(text);
  return hasOpenApiKey(text, 'openapi') || hasOpenApiKey(text, 'swagger');
}

/**
 * What /^(?:["']?)(openapi|swagger)(?:["']?)\s*:/m finds, for one of its words: the word at a line's start (or after a quote there), an optional
 * quote, blanks and a colon. Stepping from one occurrence of the word to the next: the expression tried every line
 * of a document, and stripe's `openapi:` comes after 3.5 MB of `components` (a scan of megabytes on every relint).
 */
function hasOpenApiKey(text: string, word: string): boolean {
  for (let i = text.indexOf(word); i >= 0; i = text.indexOf(word, i + 1)) {
    let b = i;
    const q = text.charCodeAt(b - 1);
    if (q === 0x22 || q === 0x27) b--;
    if (b > 0 && !isLineBreak(text.charCodeAt(b - 1))) continue;
    let j = i + word.length;
    const q2 = text.charCodeAt(j);
    if (q2 === 0x22 || q2 === 0x27) j++;
    while (j < text.length && /\s/.test(text[j]!)) j++;
    if (text.charCodeAt(j) === 0x3a) return true;
  }
  return false;
}

/** The characters after which a multiline `^` matches. */
const isLineBreak = (c: number): boolean => c === 0x0a || c === 0x0d || c === 0x2028 || c === 0x2029;

export function isJsonText(text: string, file?: string): boolean {
  if (file && /\.json$/i.test(file)) return true;
  return /^\s*\{/.test(text); // not trimStart(): that copies the whole text, on every relint (as lsp/positionTree.ts's isJsonLike)
}
