import { NOTIFICATION_TYPES } from '@tandem/contract/realtime-channels';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { documents, projects, teamMembers } from '../../db/schema.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { Realtime } from '../../platform/realtime/realtime.ts';
import { lockCatalogue } from './doc-tree.ts';

/** What a deletion removed and who hears of it: every member of the project's team. */
export type Deletion = { projectId: number; documentIds: number[]; recipients: number[] };

export const teamOfProject = async (tx: Tx, projectId: number) => {
  const rows = await tx
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .innerJoin(projects, eq(projects.teamId, teamMembers.teamId))
    .where(eq(projects.id, projectId));
  return rows.map((row) => row.userId);
};

/** Deletes the project once `confirmName` repeats its name (2205 otherwise), documents and all. */
export async function deleteProject(db: Db, projectId: number, confirmName: string): Promise<Deletion> {
  return db.transaction(async (tx) => {
    await lockCatalogue(tx, projectId);
    const [project] = await tx
      .select({ name: projects.name })
      .from(projects)
      .where(eq(projects.id, projectId))
      .limit(1);
    if (!project) throw new AppError('PROJECT_NOT_FOUND');
    if (confirmName.normalize('NFC').trim() !== project.name) throw new AppError('PROJECT_NAME_MISMATCH');
    const docs = await tx
      .select({ id: documents.id })
      .from(documents)
      .where(eq(documents.projectId, projectId));
    const recipients = await teamOfProject(tx, projectId);
    await tx.delete(projects).where(eq(projects.id, projectId));
    return { projectId, documentIds: docs.map((row) => row.id), recipients };
  });
}

/** `SA:document_deleted` for each deleted document, to every member of the project's team. */
export async function announceDocsDeleted(realtime: Realtime, deletion: Deletion) {
  const timestamp = Date.now();
  for (const documentId of deletion.documentIds) {
    await realtime.notifyUsers(deletion.recipients, {
      type: NOTIFICATION_TYPES.documentDeleted,
      document_id: documentId,
      knowledge_id: deletion.projectId,
      timestamp,
    });
  }
}

/** `SA:knowledge_deleted` for the project, to every member of its team. */
export const announceProjectDeleted = (realtime: Realtime, deletion: Deletion) =>
  realtime.notifyUsers(deletion.recipients, {
    type: NOTIFICATION_TYPES.knowledgeDeleted,
    knowledge_id: deletion.projectId,
    timestamp: Date.now(),
  });
