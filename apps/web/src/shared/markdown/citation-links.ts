import { type Citation, citationPath } from '@tandem/contract/citation';

/**
 * The reply's `[n]` markers as Markdown links to the sources they cite (a PDF at its page); a marker of
 * an unavailable source, or of none, stays as it is. Markers inside code are left alone.
 */
export function withCitationLinks(content: string, citations: readonly Citation[] | undefined): string {
  const available = new Map((citations ?? []).filter((c) => c.available).map((c) => [c.n, c]));
  if (available.size === 0) return content;
  return content
    .split(/(```[\s\S]*?(?:```|$)|`[^`\n]*`)/)
    .map((part, index) =>
      index % 2 === 1
        ? part
        : part.replace(/\[(\d{1,3})\](?!\()/g, (marker, number: string) => {
            const cited = available.get(Number(number));
            return cited ? `[\\[${number}\\]](${citationPath(cited)})` : marker;
          }),
    )
    .join('');
}
