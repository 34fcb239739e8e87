/** Rules of projects and documents that both the server and the browser apply (no zod here). */

export const PROJECT_ACCESS = ['team_public', 'team_private'] as const;
export type ProjectAccess = (typeof PROJECT_ACCESS)[number];
/** A project member's permission; `admin` may do all but delete the project. */
export const PROJECT_PERMISSIONS = ['admin', 'editor', 'viewer'] as const;
export type ProjectPermission = (typeof PROJECT_PERMISSIONS)[number];
/** What a user may do in a project, strongest first: `owner` is the creator and the team's owner/admins. */
export type ProjectRole = 'owner' | ProjectPermission;

export const COVER_CATEGORIES = ['colour', 'work', 'technology', 'scenery'] as const;
export type CoverCategory = (typeof COVER_CATEGORIES)[number];
/** Built-in covers a category: `gallery:<category>/<1..COVERS_PER_CATEGORY>`. */
export const COVERS_PER_CATEGORY = 8;
export const COVER_PATTERN =
  /^(gallery:(colour|work|technology|scenery)\/[1-8]|random:[A-Za-z0-9]{1,16}|\/api\/upload\/files\/[\w.-]+)$/;

export const DOC_KINDS = ['doc', 'group'] as const;
export type DocKind = (typeof DOC_KINDS)[number];
/** Every kind of catalogue entry: documents and groups (made by `create-doc`) and uploaded PDFs (`pdf.ts`). */
export const CATALOGUE_KINDS = [...DOC_KINDS, 'pdf'] as const;
export type CatalogueKind = (typeof CATALOGUE_KINDS)[number];
export const DOC_NAME_MAX = 100;
/** A document created without a name; each screen shows it in its language ("Untitled document"). */
export const UNNAMED_DOC = '';

/**
 * Names of documents and groups: letters (Chinese and every other script),
 * digits, underscore, hyphen, space and period stay; anything else becomes a hyphen.
 */
export function cleanDocName(name: string): string {
  return name
    .normalize('NFC')
    .replace(/[^\p{L}\p{M}\p{N}_\- .]/gu, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, DOC_NAME_MAX);
}

/** Formats a document converts to and from. */
export const EXPORT_FORMATS = ['md', 'docx', 'pdf', 'html'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const IMPORT_EXTENSIONS = ['.md', '.markdown', '.docx', '.txt', '.html', '.htm'] as const;
/** Import files up to this size (a DOCX with pictures). */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/**
 * The largest a document may grow: its stored Yjs state (`Y.encodeStateAsUpdate`), on every path that
 * writes one (HTTP saves, imports, websocket updates). A change that would take it past this is refused.
 */
export const DOCUMENT_MAX_BYTES = 16 * 1024 * 1024;
/** Documents a batch operation (move, delete, download) takes at once. */
export const DOC_BATCH_MAX = 200;
/** How long a collaboration token opens the websocket. */
export const COLLAB_TOKEN_TTL_SECONDS = 60;
export const PAGE_WIDTHS = ['default', 'wide', 'full'] as const;
export type PageWidth = (typeof PAGE_WIDTHS)[number];
/** How long a share URL of an uploaded attachment (`generate_share_url`) opens it without sign-in. */
export const ATTACHMENT_SHARE_TTL_SECONDS = 24 * 60 * 60;
