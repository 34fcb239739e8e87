import { z } from 'zod';

/**
 * A numbered source of an agent's reply (the agent's "cite sources"): the reply's text says `[n]`, and
 * the citation opens the document (a PDF at its page). Stored with the reply; `available` is false
 * when the reader may no longer read the document (deleted, or out of their reach), and the document's
 * name, code and snippet are then left empty so nothing of it leaks.
 */
export const citation = z.object({
  n: z.number().int().min(1),
  doc_id: z.number().int(),
  doc_uniq_code: z.string(),
  doc_name: z.string(),
  /** Plain text of the passage the reply drew on, cut to about CITATION_SNIPPET_CHARS. */
  snippet: z.string(),
  /** The headings above the passage, "Plan > Steps"; empty before the first heading. */
  heading: z.string(),
  /** The PDF page of the passage; null for an editor document. */
  page: z.number().int().nullable(),
  available: z.boolean(),
  /**
   * The reply's text cites it (`[n]`); false for a source it consulted without citing, listed under
   * the reply after the cited ones (as Dify and Open WebUI list them).
   */
  cited: z.boolean(),
});
export type Citation = z.infer<typeof citation>;

export const CITATION_SNIPPET_CHARS = 240;

/** The heading a passage is under, the last of its path ("Plan > Steps" is under "Steps"). */
export const citedHeading = (heading: string) => heading.split(' > ').at(-1)?.trim() ?? '';

/**
 * Where a citation opens: the document's page, a PDF at the passage's page (`?page=N`), an editor
 * document at the heading the passage is under (`?at=<heading>`).
 */
export function citationPath(cited: Pick<Citation, 'doc_uniq_code' | 'page' | 'heading'>) {
  const at = citedHeading(cited.heading);
  // Brackets too, so the path stands in a Markdown link whatever the heading holds.
  const encoded = encodeURIComponent(at).replace(
    /[()]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  const query = cited.page !== null ? `?page=${cited.page}` : at ? `?at=${encoded}` : '';
  return `/projects/${cited.doc_uniq_code}${query}`;
}
