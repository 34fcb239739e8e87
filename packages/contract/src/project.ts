import { z } from 'zod';
import { pageQuery } from './envelope.ts';
import { entityId, entityIds, ID_MAX } from './ids.ts';
import {
  KNOWLEDGE_INDEX_ERRORS,
  KNOWLEDGE_INDEX_STATES,
  type KnowledgeIndexError,
  type KnowledgeIndexState,
} from './knowledge.ts';
import { PROJECT_NAME_MAX } from './limits.ts';
import {
  CATALOGUE_KINDS,
  type CatalogueKind,
  COVER_PATTERN,
  cleanDocName,
  DOC_BATCH_MAX,
  DOC_KINDS,
  DOC_NAME_MAX,
  EXPORT_FORMATS,
  PAGE_WIDTHS,
  PROJECT_ACCESS,
  PROJECT_PERMISSIONS,
} from './project-rules.ts';
import { teamCandidate } from './team.ts';
import { safeText } from './user.ts';

/** Projects and their documents. Paths are in `api.ts`. */

const cover = z.string().trim().max(512).regex(COVER_PATTERN, 'not a cover');
const description = z
  .string()
  .max(2000)
  .transform((value) => value.normalize('NFC').trim());

export const createProjectBody = z.object({
  name: safeText(PROJECT_NAME_MAX).pipe(z.string().min(1, 'required')),
  description: description.optional(),
  cover,
  access: z.enum(PROJECT_ACCESS).optional(),
  team_permission: z.enum(['editor', 'viewer']).optional(),
});
export const createProjectData = z.object({ id: z.number().int(), uniq_code: z.string() });

export const updateProjectBody = z.object({
  id: entityId,
  name: safeText(PROJECT_NAME_MAX).pipe(z.string().min(1, 'required')).optional(),
  description: description.optional(),
  cover: cover.optional(),
  access: z.enum(PROJECT_ACCESS).optional(),
  team_permission: z.enum(['editor', 'viewer']).optional(),
});

export const projectListQuery = pageQuery.extend({
  keyword: z.string().trim().max(100).optional(),
  /** 1: only projects the user visited, most recent first. */
  recent: z.coerce.number().int().min(0).max(1).default(0),
});

export const projectItem = z.object({
  id: z.number().int(),
  uniq_code: z.string(),
  name: z.string(),
  description: z.string(),
  cover: z.string(),
  doc_count: z.number().int(),
  updated_at: z.string(),
  visited_at: z.string().nullable(),
  /** What the caller may do: owner (creator, team owner or admin), admin, editor, viewer. */
  role: z.enum(['owner', ...PROJECT_PERMISSIONS]),
  access: z.enum(PROJECT_ACCESS),
  team_permission: z.enum(['editor', 'viewer']),
  owner_name: z.string(),
});
export type ProjectItem = z.infer<typeof projectItem>;

export const projectInfoQuery = z.object({ uniq_code: z.string().trim().min(1).max(64) });

export const deleteProjectBody = z.object({
  id: entityId,
  confirm_name: z.string().max(PROJECT_NAME_MAX * 4),
});

export const projectMemberItem = z.object({
  user_id: z.number().int(),
  name: z.string(),
  avatar: z.string(),
  permission: z.enum(PROJECT_PERMISSIONS),
});
export const projectMembersQuery = z.object({ project_id: entityId });
export const setProjectMemberBody = z.object({
  project_id: entityId,
  user_id: entityId,
  /** null removes the member. */
  permission: z.enum(PROJECT_PERMISSIONS).nullable(),
});
/** Members of the project's team to choose from, for whoever manages the project's members. */
export const projectCandidatesQuery = z.object({
  project_id: entityId,
  keyword: safeText(100).default(''),
  ...pageQuery.shape,
});
export const projectCandidate = teamCandidate.extend({
  /** Their permission on the project; null when they are not one of its members. */
  permission: z.enum(PROJECT_PERMISSIONS).nullable(),
});
export type ProjectCandidate = z.infer<typeof projectCandidate>;

// Documents and groups (the catalogue)

const docName = z
  .string()
  .max(DOC_NAME_MAX * 4)
  .transform(cleanDocName);

export const createDocBody = z.object({
  project_id: entityId,
  parent_id: entityId.nullable(),
  name: docName.optional(),
  kind: z.enum(DOC_KINDS),
});
export const createDocData = z.object({ id: z.number().int(), uniq_code: z.string() });

export const docTreeQuery = z.object({ project_id: entityId });

export type DocTreeNode = {
  id: number;
  uniq_code: string;
  name: string;
  parentId: number | null;
  kind: CatalogueKind;
  sort: number;
  updated_at: string;
  /** Where the document's search index stands; null for a group. */
  index_state: KnowledgeIndexState | null;
  /** Why indexing failed; null unless `index_state` is `failed`. */
  index_error: KnowledgeIndexError | null;
  children: DocTreeNode[];
};
export const docTreeNode: z.ZodType<DocTreeNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    uniq_code: z.string(),
    name: z.string(),
    parentId: z.number().int().nullable(),
    kind: z.enum(CATALOGUE_KINDS),
    sort: z.number(),
    updated_at: z.string(),
    index_state: z.enum(KNOWLEDGE_INDEX_STATES).nullable(),
    index_error: z.enum(KNOWLEDGE_INDEX_ERRORS).nullable(),
    children: z.array(docTreeNode),
  }),
);

export const moveDocBody = z.object({
  ids: entityIds(DOC_BATCH_MAX),
  parent_id: entityId.nullable(),
  /** Position among the new parent's children, before the move (0 is first); past the end appends. */
  index: z.number().int().min(0).max(1_000_000),
});
export const renameDocBody = z.object({ id: entityId, name: docName.pipe(z.string().min(1, 'required')) });
export const copyDocBody = z.object({ id: entityId });
export const deleteDocBody = z.object({ ids: entityIds(DOC_BATCH_MAX) });

export const getDocQuery = z.object({
  uniq_code: z.string().trim().min(1).max(64),
  share_code: z.string().max(64).optional(),
  /**
   * 0: without `html` and `markdown` (answered empty), for the editor, which gets the content through
   * the collaboration websocket; a long document then opens without waiting for them.
   */
  with_content: z.coerce.number().int().min(0).max(1).default(1),
});
export const docData = z.object({
  id: z.number().int(),
  uniq_code: z.string(),
  project_id: z.number().int(),
  project_uniq_code: z.string(),
  project_name: z.string(),
  name: z.string(),
  html: z.string(),
  markdown: z.string(),
  updated_at: z.string(),
  can_edit: z.boolean(),
  share_code: z.string().nullable(),
  /**
   * The caller's name in the document's team (contacts masked), shown to the others beside their
   * cursor; empty for a share link's reader.
   */
  your_name: z.string(),
});
export type DocData = z.infer<typeof docData>;

export const saveOnlineDocBody = z.object({
  doc_id: entityId,
  format: z.enum(['html', 'markdown']),
  content: z.string().max(5 * 1024 * 1024),
});

export const exportDocQuery = z.object({ id: entityId, format: z.enum(EXPORT_FORMATS) });
export const exportDocsQuery = z.object({
  /** Comma-separated ids, each an `entityId`. */
  ids: z
    .string()
    .regex(/^\d+(,\d+)*$/)
    .refine((ids) => ids.split(',').every((id) => entityId.safeParse(id).success), `ids from 1 to ${ID_MAX}`),
  format: z.enum(EXPORT_FORMATS),
});

export const collabTokenBody = z.object({
  doc_id: entityId,
  /** A share link's code: a read-only token for anyone holding the link, signed in or not. */
  share_code: z.string().trim().min(1).max(64).optional(),
});
export const collabTokenData = z.object({
  token: z.string(),
  expires_in: z.number().int(),
  can_edit: z.boolean(),
  /** The Hocuspocus document name to open with this token (the document's id as text). */
  document_name: z.string(),
});

export const shareDocBody = z.object({ doc_id: entityId, enabled: z.boolean() });
export const shareDocData = z.object({ share_code: z.string().nullable() });

export const attachmentShareBody = z.object({ file_id: z.string().trim().min(1).max(128) });
export const attachmentShareData = z.object({ url: z.string() });

export const pageWidth = z.enum(PAGE_WIDTHS);
