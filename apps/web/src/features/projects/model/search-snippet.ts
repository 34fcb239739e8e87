/** A piece of a search result's snippet: text, marked when it is what the query matched. */
export type SnippetPart = { text: string; isMatch: boolean };

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};
const textOf = (html: string) =>
  html.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);

/**
 * The server's snippet (escaped text, matches in `<mark>…</mark>`) as plain text parts for React to
 * render as text: nothing in it ever becomes HTML, whatever a document holds.
 */
export function snippetParts(snippet: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  const pattern = /<mark>([\s\S]*?)<\/mark>/g;
  let at = 0;
  for (const match of snippet.matchAll(pattern)) {
    if (match.index > at) parts.push({ text: textOf(snippet.slice(at, match.index)), isMatch: false });
    parts.push({ text: textOf(match[1] ?? ''), isMatch: true });
    at = match.index + match[0].length;
  }
  if (at < snippet.length) parts.push({ text: textOf(snippet.slice(at)), isMatch: false });
  return parts.filter((part) => part.text.length > 0);
}
