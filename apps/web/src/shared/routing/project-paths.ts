/** The project list (spec part B section 2: /projects). */
export const PROJECTS_PATH = '/projects';

/** A project's space: its catalogue of documents. */
export const projectSpacePathOf = (projectUniqCode: string) =>
  `${PROJECTS_PATH}/space/${encodeURIComponent(projectUniqCode)}`;

/** A document's page; with a share code, the read-only copy anyone with the link may open. */
export const documentPathOf = (docUniqCode: string, shareCode?: string | null) =>
  `${PROJECTS_PATH}/${encodeURIComponent(docUniqCode)}${shareCode ? `/${encodeURIComponent(shareCode)}` : ''}`;
