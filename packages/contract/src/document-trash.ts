import { z } from 'zod';
import { entityId, entityIds } from './ids.ts';
import { CATALOGUE_KINDS, DOC_BATCH_MAX } from './project-rules.ts';

/** Days a deleted document or group stays in its project's trash before it is deleted for good. */
export const TRASH_RETENTION_DAYS = 30;

/** A project's trash: what `delete-doc` removed, restorable for `TRASH_RETENTION_DAYS`. */
export const TRASH_API = {
  /** `?project_id`: what the trash holds, most recently deleted first. */
  list: '/api/knowledge/get-doc-trash',
  /** `{ids}` of trash entries: back into the catalogue, where they were (the top level if that group is gone). */
  restore: '/api/knowledge/restore-doc',
  /** `{ids}` of trash entries: deleted for good now. */
  purge: '/api/knowledge/purge-doc',
} as const;

export const trashQuery = z.object({ project_id: entityId });
export const trashIdsBody = z.object({ ids: entityIds(DOC_BATCH_MAX) });

export const trashItem = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(CATALOGUE_KINDS),
  /** Documents and PDFs deleted with it (a group's contents); 0 for a document. */
  doc_count: z.number().int(),
  deleted_at: z.string(),
  /** When it will be deleted for good. */
  purge_at: z.string(),
  /** Who deleted it, as the team knows them; empty when that account is gone. */
  deleted_by: z.string(),
});
export type TrashItem = z.infer<typeof trashItem>;
export const trashData = z.object({ data: z.array(trashItem) });
