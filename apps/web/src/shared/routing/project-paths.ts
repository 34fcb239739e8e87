/** The project list. */
export const PROJECTS_PATH = '/projects';

/** A project's space: its catalogue of documents. */
export const projectSpacePathOf = (projectUniqCode: string) =>
  `${PROJECTS_PATH}/space/${encodeURIComponent(projectUniqCode)}`;

/** A document's page; with a share code, the read-only copy anyone with the link may open. */
export const documentPathOf = (docUniqCode: string, shareCode?: string | null) =>
  `${PROJECTS_PATH}/${encodeURIComponent(docUniqCode)}${shareCode ? `/${encodeURIComponent(shareCode)}` : ''}`;

/**
 * A PDF's viewer, open at `page` when given (an agent's citation links here); with a share code,
 * the read-only viewer anyone with the link may open.
 */
export const pdfPathOf = (pdfUniqCode: string, options: { shareCode?: string | null; page?: number } = {}) =>
  `${PROJECTS_PATH}/pdf/${encodeURIComponent(pdfUniqCode)}${options.shareCode ? `/${encodeURIComponent(options.shareCode)}` : ''}${options.page ? `?page=${options.page}` : ''}`;

/** Where a catalogue entry opens: a PDF in its viewer, a document in the editor. */
export const catalogueEntryPathOf = (node: { kind: string; uniq_code: string }, shareCode?: string | null) =>
  node.kind === 'pdf' ? pdfPathOf(node.uniq_code, { shareCode }) : documentPathOf(node.uniq_code, shareCode);
